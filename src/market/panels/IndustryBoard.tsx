import { Box, Flex, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketFilter } from '../../../contract';
import { DIRECTION_COLOR, directionOf, formatRate } from '../format';
import { useIndustryName, useStockName } from '../names';
import { Card } from '../parts/Card';
import { ListState } from '../parts/ListState';
import { Segmented } from '../parts/Segmented';
import { useMarketCall } from '../useMarketCall';
import { useMarketFilterItems } from './RankingBoard';

/**
 * Industry status: each KRX industry's cap-weighted change with its breadth bar (advancers red,
 * decliners blue) and leading stock, named in the reader's language (KRX's Korean names, the
 * project's translations for the others).
 */
export function IndustryBoard() {
  const { t } = useTranslation();
  const [market, setMarket] = useState<MarketFilter>('all');
  const { data, loading, failed, reload } = useMarketCall('industries', { market });
  const groups = data?.industries ?? [];
  const nameOf = useStockName();
  const industryName = useIndustryName();
  return (
    <Card title={t('market.industries')}>
      <Flex px="4" mb="2">
        <Segmented
          size="xs"
          items={useMarketFilterItems()}
          value={market}
          onChange={setMarket}
          testIdPrefix="industry-market"
        />
      </Flex>
      <ListState
        testId="industries"
        loading={loading}
        failed={failed}
        empty={groups.length === 0}
        onRetry={reload}
      >
        <Box data-testid="industries">
          {groups.map((g) => {
            const dir = directionOf(g.changeRate);
            return (
              <Flex key={g.industry} px="4" py="3" gap="3" align="center">
                <Box flex="1" minW="0">
                  {/* Long names wrap, and the leader's change is never cut off. */}
                  <Text fontSize="sm" fontWeight="semibold">
                    {industryName(g.industryNames)}
                  </Text>
                  <Text fontSize="xs" color="fg.subtle">
                    {t('market.leader')} {nameOf({ name: g.leaderName, nameEn: g.leaderNameEn })}{' '}
                    <chakra.span whiteSpace="nowrap">{formatRate(g.leaderChangeRate)}</chakra.span>
                  </Text>
                  <Flex h="1" mt="1.5" borderRadius="full" overflow="hidden" bg="gray.200">
                    <Box bg={DIRECTION_COLOR.up} flex={g.advancers} />
                    <Box bg="gray.300" flex={g.unchanged} />
                    <Box bg={DIRECTION_COLOR.down} flex={g.decliners} />
                  </Flex>
                </Box>
                <Box textAlign="end" minW="16">
                  <Text
                    fontSize="sm"
                    fontWeight="bold"
                    color={DIRECTION_COLOR[dir]}
                    fontVariantNumeric="tabular-nums"
                  >
                    {formatRate(g.changeRate)}
                  </Text>
                  <Text fontSize="2xs" color="fg.subtle">
                    {t('market.breadth', { up: g.advancers, down: g.decliners })}
                  </Text>
                </Box>
              </Flex>
            );
          })}
        </Box>
      </ListState>
    </Card>
  );
}
