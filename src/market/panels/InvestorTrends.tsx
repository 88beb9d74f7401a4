import { Box, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvestorTrendsDto } from '../../../contract';
import { DIRECTION_COLOR, directionOf, formatAmount } from '../format';
import { Card } from '../parts/Card';
import { ListState } from '../parts/ListState';
import { Segmented } from '../parts/Segmented';
import { useMarketCall } from '../useMarketCall';

const TYPES = ['individual', 'foreign', 'institution'] as const;

/** Net buying today by individuals, foreigners and institutions, as signed bars. */
export function InvestorTrends({ scope: fixedScope }: { scope?: string }) {
  const { t, i18n } = useTranslation();
  const [market, setMarket] = useState<'KOSPI' | 'KOSDAQ'>('KOSPI');
  const scope = fixedScope ?? market;
  const { data, loading, failed, reload } = useMarketCall('investorTrends', { scope });
  const locale = i18n.resolvedLanguage ?? 'ko';
  const max = data ? Math.max(1, ...TYPES.map((k) => Math.abs(data[k].netAmount))) : 1;
  return (
    <Card title={t('market.investorTrends')}>
      {fixedScope ? null : (
        <Flex px="4" mb="3">
          <Segmented
            size="xs"
            items={[
              { value: 'KOSPI' as const, label: 'KOSPI' },
              { value: 'KOSDAQ' as const, label: 'KOSDAQ' },
            ]}
            value={market}
            onChange={setMarket}
            testIdPrefix="investor-market"
          />
        </Flex>
      )}
      <ListState
        testId="investor-trends"
        loading={loading}
        failed={failed}
        empty={!data}
        onRetry={reload}
        rows={3}
      >
        {/* Children are built before ListState picks a state: nothing here may read absent data. */}
        <Box px="4" data-testid="investor-trends">
          {TYPES.flatMap((k) => {
            const side: InvestorTrendsDto[typeof k] | undefined = data?.[k];
            if (!side) return [];
            const dir = directionOf(side.netAmount);
            const width = `${Math.round((Math.abs(side.netAmount) / max) * 50)}%`;
            return (
              <Flex key={k} align="center" gap="3" py="2">
                <Text w="16" fontSize="sm" color="fg.muted">
                  {t(`market.investor.${k}`)}
                </Text>
                <Flex
                  flex="1"
                  minW="12"
                  h="3"
                  position="relative"
                  bg="bg.muted"
                  borderRadius="full"
                >
                  <Box position="absolute" left="50%" top="0" bottom="0" w="1px" bg="gray.300" />
                  <Box
                    position="absolute"
                    top="0"
                    bottom="0"
                    borderRadius="full"
                    bg={DIRECTION_COLOR[dir]}
                    w={width}
                    {...(dir === 'down' ? { right: '50%' } : { left: '50%' })}
                  />
                </Flex>
                {/* At least the old width, growing for Korean exact amounts ("-1조 2,345억"). */}
                <Text
                  minW="20"
                  whiteSpace="nowrap"
                  textAlign="end"
                  fontSize="sm"
                  fontWeight="semibold"
                  color={DIRECTION_COLOR[dir]}
                  fontVariantNumeric="tabular-nums"
                >
                  {side.netAmount > 0 ? '+' : ''}
                  {formatAmount(side.netAmount, locale)}
                </Text>
              </Flex>
            );
          })}
          <Text fontSize="2xs" color="fg.subtle" mt="1">
            {t('market.netBuyNote', { date: data?.date ?? '' })}
          </Text>
        </Box>
      </ListState>
    </Card>
  );
}
