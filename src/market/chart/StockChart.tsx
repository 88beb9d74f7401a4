import { Box, Flex, Spinner, Text } from '@chakra-ui/react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Adjustment, ChartRange } from '../../../contract';
import { useLiveCandle } from '../live';
import { Card } from '../parts/Card';
import { Segmented } from '../parts/Segmented';
import { useMarketCall } from '../useMarketCall';
import type { ChartPeriod } from './chartOptions';
import { CHART_PERIODS, intervalOf } from './chartOptions';

// Highcharts Stock (~140 KB gzip) arrives with this chunk only, when a chart is first shown.
const CandleChart = lazy(() => import('./CandleChart'));

const RANGES: readonly ChartRange[] = ['1w', '1m', '3m', '6m', '1y'];
const ADJUSTS: readonly Adjustment[] = ['none', 'forward', 'backward'];

/** The usual first view for each period: intraday periods look at the last week. */
const DEFAULT_RANGE: Record<ChartPeriod, ChartRange> = {
  line: '1w',
  '1m': '1w',
  '5m': '1w',
  '15m': '1w',
  '30m': '1w',
  '1d': '3m',
  '1w': '1y',
  '1M': '1y',
};

/**
 * The chart card of a stock or an index: period, range and adjustment buttons, the history from
 * the candles call, and the forming candle from the live feed. Indices have no adjustment.
 */
export function StockChart({ symbol, isIndex = false }: { symbol: string; isIndex?: boolean }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ChartPeriod>('1d');
  const [range, setRange] = useState<ChartRange>('3m');
  const [adjust, setAdjust] = useState<Adjustment>('backward');
  const interval = intervalOf(period);
  const history = useMarketCall('candles', {
    symbol,
    interval,
    range,
    adjust: isIndex ? 'none' : adjust,
  });
  const live = useLiveCandle(isIndex ? null : symbol, interval);
  const candles = history.data?.candles ?? [];

  const choosePeriod = (next: ChartPeriod) => {
    setPeriod(next);
    setRange(DEFAULT_RANGE[next]);
  };

  return (
    <Card py="3" data-testid="stock-chart">
      <Box px="3" mb="2">
        <Segmented
          size="xs"
          items={CHART_PERIODS.map((p) => ({ value: p, label: t(`market.period.${p}`) }))}
          value={period}
          onChange={choosePeriod}
          fill
          testIdPrefix="chart-period"
        />
      </Box>
      <Box
        h="280px"
        position="relative"
        data-testid={`chart-state-${history.loading ? 'loading' : 'ready'}`}
      >
        {history.failed ? (
          <Flex h="full" align="center" justify="center" data-testid="chart-error">
            <Text fontSize="sm" color="fg.muted">
              {t('market.loadFailed')}
            </Text>
          </Flex>
        ) : candles.length === 0 ? (
          <Flex
            h="full"
            align="center"
            justify="center"
            direction="column"
            gap="2"
            data-testid={history.loading ? 'chart-loading' : 'chart-empty'}
          >
            {history.loading ? (
              <Spinner color="fg.subtle" />
            ) : (
              <Text fontSize="sm" color="fg.muted" textAlign="center" px="6">
                {t('market.chartEmpty')}
              </Text>
            )}
          </Flex>
        ) : (
          <Suspense
            fallback={
              <Flex h="full" align="center" justify="center">
                <Spinner color="fg.subtle" />
              </Flex>
            }
          >
            <CandleChart
              candles={candles}
              line={period === 'line'}
              live={live.data}
              decimals={isIndex ? 2 : 0}
              labels={{ price: t('market.price'), volume: t('market.volume') }}
            />
          </Suspense>
        )}
      </Box>
      <Flex px="3" mt="2" gap="2" justify="space-between" wrap="wrap">
        <Segmented
          size="xs"
          items={RANGES.map((r) => ({ value: r, label: t(`market.range.${r}`) }))}
          value={range}
          onChange={setRange}
          testIdPrefix="chart-range"
        />
        {isIndex ? null : (
          <Segmented
            size="xs"
            items={ADJUSTS.map((a) => ({ value: a, label: t(`market.adjust.${a}`) }))}
            value={adjust}
            onChange={setAdjust}
            testIdPrefix="chart-adjust"
          />
        )}
      </Flex>
    </Card>
  );
}
