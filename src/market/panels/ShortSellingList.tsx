import { Box, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketFilter } from '../../../contract';
import { formatAmount, formatPercent, formatShares } from '../format';
import { Card } from '../parts/Card';
import { ListState } from '../parts/ListState';
import { Segmented } from '../parts/Segmented';
import { useStockName } from '../names';
import { StockRowLink } from '../parts/StockRowLink';
import { useMarketCall } from '../useMarketCall';
import { useMarketFilterItems } from './RankingBoard';

/** Today's short selling, the largest amounts first, with each stock's share of its volume. */
export function ShortSellingList({ limit = 10 }: { limit?: number }) {
  const { t, i18n } = useTranslation();
  const [market, setMarket] = useState<MarketFilter>('all');
  const { data, loading, failed, reload } = useMarketCall('shortSelling', { market, limit });
  const entries = data?.entries ?? [];
  const locale = i18n.resolvedLanguage ?? 'ko';
  const nameOf = useStockName();
  return (
    <Card title={t('market.shortSelling')}>
      <Flex px="4" mb="2">
        <Segmented
          size="xs"
          items={useMarketFilterItems()}
          value={market}
          onChange={setMarket}
          testIdPrefix="short-market"
        />
      </Flex>
      <ListState
        testId="short-selling"
        loading={loading}
        failed={failed}
        empty={entries.length === 0}
        onRetry={reload}
      >
        <Box data-testid="short-selling">
          {entries.map((e) => (
            <StockRowLink key={e.code} code={e.code} testId={`short-${e.code}`}>
              <Box flex="1" minW="0">
                <Text fontSize="sm" fontWeight="semibold" lineClamp={2} overflowWrap="anywhere">
                  {nameOf(e)}
                </Text>
                <Text fontSize="xs" color="fg.subtle">
                  {e.code} · {t('market.shortQty')} {formatShares(e.shortQty, locale)}
                </Text>
              </Box>
              <Box textAlign="end" whiteSpace="nowrap">
                <Text fontSize="sm" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {formatAmount(e.shortAmount, locale)}
                </Text>
                <Text fontSize="xs" color="fg.subtle">
                  {t('market.shortRatio')} {formatPercent(e.ratio)}
                </Text>
              </Box>
            </StockRowLink>
          ))}
        </Box>
      </ListState>
    </Card>
  );
}
