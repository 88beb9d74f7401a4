import { Box, Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import {
  Suspense,
  lazy,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Adjustment, Candle, CandleInterval, ChartRange } from '../../../contract';
import type { CandleChartProps } from './CandleChart';
import { SkeletonBlock } from '../parts/SkeletonBlock';
import { useLiveCandle } from '../live';
import { Card } from '../parts/Card';
import { Segmented } from '../parts/Segmented';
import { useAfterPaint } from '../parts/useAfterPaint';
import { useMarketCall } from '../useMarketCall';
import type { ChartPeriod } from './chartOptions';
import { CHART_PERIODS, intervalOf, windowStart } from './chartOptions';
import SvgCandleChart from './SvgCandleChart';

// Highcharts Stock (~140 KB gzip) arrives with this chunk only, when the reader reaches for the
// chart (touch, hover, a period or range) or the page has been idle a while after load.
const CandleChart = lazy(() => import('./CandleChart'));

/**
 * How long after the page's load event Highcharts waits before taking over by itself, then for
 * an idle moment. Its module and first render are one ~0.9 s task on a slow phone: well after
 * load, it no longer holds up the screen's first seconds (nor Lighthouse's interactive mark).
 */
export const HANDOVER_AFTER_LOAD_MS = 12_000;

/** Calls `handOver` once the page has been loaded a while and the main thread is idle. */
function useIdleHandover(enabled: boolean, handOver: () => void) {
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    let idle: number | undefined;
    const wait = () => {
      timer = window.setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function')
          idle = window.requestIdleCallback(handOver, { timeout: 5_000 });
        else handOver();
      }, HANDOVER_AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
    return () => {
      window.removeEventListener('load', wait);
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback?.(idle);
    };
  }, [enabled, handOver]);
}

/**
 * The width of the chart's box in CSS pixels (0 until the first report). The box is there from
 * the skeleton on, so the width is known before the first candles: the chart is drawn once at its
 * size. A ResizeObserver reads no layout in React's commit (a forced style recalculation of the
 * whole page, ~130 ms on a slow phone at load); its first report comes after the browser's layout.
 */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const RANGES: readonly ChartRange[] = ['1w', '1m', '3m', '6m', '1y'];
const ADJUSTS: readonly Adjustment[] = ['none', 'forward', 'backward'];
const CHART_HEIGHT = '280px';

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
 * The drawn chart and the forming candle it follows: the live feed is read here, so a tick
 * re-renders the chart alone, not the card's sixteen period, range and adjustment buttons.
 */
function LiveCandleChart({
  liveSymbol,
  interval,
  rich,
  width,
  ...chart
}: Omit<CandleChartProps, 'live'> & {
  liveSymbol: string | null;
  /** The box's width for the SVG view (Highcharts measures its own). */
  width: number;
  interval: CandleInterval;
  /** Highcharts (tooltips, crosshair) rather than the plain SVG first view. */
  rich: boolean;
}) {
  const live = useLiveCandle(liveSymbol, interval);
  // A forming candle of another interval must not land on the chart still shown.
  const forming = intervalOf(chart.period) === interval ? live.data : null;
  const light = <SvgCandleChart {...chart} live={forming} width={width} />;
  if (!rich) return light;
  // The SVG view stays while Highcharts' chunk loads: the card never blanks.
  return (
    <Suspense fallback={light}>
      <CandleChart {...chart} live={forming} />
    </Suspense>
  );
}

/** What the chart draws: the last answer, with the period and range it was asked for. */
interface Shown {
  candles: readonly Candle[];
  period: ChartPeriod;
  range: ChartRange;
}

/**
 * A grey outline of the chart (price area, volume bars) while the first candles load. Memoised:
 * its thirteen blocks do not re-render with the card (its `ready`, its period).
 */
const ChartSkeleton = memo(function ChartSkeleton() {
  return (
    <Stack h="full" px="3" py="2" gap="2" data-testid="chart-loading" aria-busy="true">
      <SkeletonBlock style={{ flex: 1, borderRadius: 'var(--chakra-radii-md)' }} />
      <Flex h="18%" gap="1" align="flex-end">
        {[40, 70, 55, 90, 35, 60, 80, 45, 65, 50, 75, 30].map((pct, i) => (
          <SkeletonBlock
            key={i}
            style={{ flex: 1, height: `${pct}%`, borderRadius: 'var(--chakra-radii-sm)' }}
          />
        ))}
      </Flex>
    </Stack>
  );
});

/**
 * The chart card of a stock or an index: period, range and adjustment buttons, the history from
 * the candles call, and the forming candle from the live feed. Indices have no adjustment.
 * A skeleton shows until the first answer; after that a switch keeps the last chart drawn (dimmed,
 * with a spinner) until the new candles arrive, so the card never goes blank.
 */
export function StockChart({
  symbol,
  isIndex = false,
  prevClose = null,
  ready = true,
}: {
  symbol: string;
  isIndex?: boolean;
  /**
   * False holds the candles call and Highcharts back (the skeleton shows): on a slow phone the
   * screen's first figure gets the link to itself, and the chart follows once it has shown.
   */
  ready?: boolean;
  /** Yesterday's close (an index's previous level): the dashed reference line. */
  prevClose?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<ChartPeriod>('1d');
  const [range, setRange] = useState<ChartRange>('3m');
  const [adjust, setAdjust] = useState<Adjustment>('backward');
  // Plain SVG until the reader reaches for the chart or the page has been idle a while.
  const [rich, setRich] = useState(false);
  const [box, width] = useBoxWidth();
  const handOver = useCallback(() => setRich(true), []);
  // The candles call (and the render its answer brings) in a task after the price has painted,
  // not in the first render's effects with everything else on the screen.
  const go = useAfterPaint(ready);
  useIdleHandover(go && !rich, handOver);
  const interval = intervalOf(period);
  const history = useMarketCall(
    'candles',
    go
      ? {
          symbol,
          interval,
          // Days load a whole year so MA60 and MA120 have their history; the range only moves the view.
          range: period === '1d' ? '1y' : range,
          adjust: isIndex ? 'none' : adjust,
        }
      : null,
  );

  // Adopt an answer once it is for the current request (useMarketCall keeps the previous data
  // while loading); set during render so the new candles and their period change together.
  const [shown, setShown] = useState<Shown | null>(null);
  const answer = !history.loading && !history.failed ? history.data : null;
  if (answer && (shown === null || shown.candles !== answer.candles || shown.period !== period))
    setShown({ candles: answer.candles, period, range });

  const choosePeriod = (next: ChartPeriod) => {
    setRich(true);
    setPeriod(next);
    setRange(DEFAULT_RANGE[next]);
  };
  const chooseRange = (next: ChartRange) => {
    setRich(true);
    setRange(next);
  };
  const chooseAdjust = (next: Adjustment) => {
    setRich(true);
    setAdjust(next);
  };

  const switching = history.loading && shown !== null;
  // A daily chart shown for the daily period follows the range buttons at once.
  const shownRange = shown && shown.period === '1d' && period === '1d' ? range : shown?.range;
  const from =
    shown && shown.period === '1d' && shownRange ? windowStart(shown.candles, shownRange) : null;
  const state = history.failed ? 'error' : history.loading ? 'loading' : 'ready';

  let body;
  if (history.failed) {
    body = (
      <Flex
        h="full"
        align="center"
        justify="center"
        direction="column"
        gap="3"
        data-testid="chart-error"
      >
        <Text fontSize="sm" color="fg.muted">
          {t('market.loadFailed')}
        </Text>
        <Button size="sm" variant="outline" onClick={history.reload} data-testid="chart-retry">
          {t('common.retry')}
        </Button>
      </Flex>
    );
  } else if (shown === null) {
    body = <ChartSkeleton />;
  } else if (shown.candles.length === 0) {
    body = (
      <Flex h="full" align="center" justify="center" data-testid="chart-empty">
        <Text fontSize="sm" color="fg.muted" textAlign="center" px="6">
          {t('market.chartEmpty')}
        </Text>
      </Flex>
    );
  } else {
    body = (
      <LiveCandleChart
        rich={rich}
        width={width}
        liveSymbol={isIndex ? null : symbol}
        interval={interval}
        candles={shown.candles}
        period={shown.period}
        decimals={isIndex ? 2 : 0}
        locale={i18n.language}
        prevClose={prevClose}
        from={from}
        labels={{
          price: t('market.price'),
          volume: t('market.volume'),
          open: t('market.open'),
          high: t('market.high'),
          low: t('market.low'),
          close: t('market.chartClose'),
          prevClose: t('market.prevClose'),
        }}
      />
    );
  }

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
        ref={box}
        h={CHART_HEIGHT}
        position="relative"
        data-testid={`chart-state-${state}`}
        // The first touch, hover, wheel or focus brings Highcharts' tooltips and crosshair.
        onPointerEnter={rich ? undefined : handOver}
        onPointerDown={rich ? undefined : handOver}
        onWheel={rich ? undefined : handOver}
        onFocusCapture={rich ? undefined : handOver}
      >
        <Box
          h="full"
          opacity={switching ? 0.45 : 1}
          transition="opacity 0.15s"
          data-testid={switching ? 'chart-previous' : undefined}
        >
          {body}
        </Box>
        {switching && !history.failed ? (
          <Flex
            position="absolute"
            inset="0"
            align="center"
            justify="center"
            pointerEvents="none"
            data-testid="chart-updating"
            aria-busy="true"
          >
            <Spinner color="fg.muted" aria-label={t('market.chartUpdating')} />
          </Flex>
        ) : null}
      </Box>
      <Flex px="3" mt="2" gap="2" justify="space-between" wrap="wrap">
        <Segmented
          size="xs"
          items={RANGES.map((r) => ({ value: r, label: t(`market.range.${r}`) }))}
          value={range}
          onChange={chooseRange}
          testIdPrefix="chart-range"
        />
        {isIndex ? null : (
          <Segmented
            size="xs"
            items={ADJUSTS.map((a) => ({ value: a, label: t(`market.adjust.${a}`) }))}
            value={adjust}
            onChange={chooseAdjust}
            testIdPrefix="chart-adjust"
          />
        )}
      </Flex>
    </Card>
  );
}

export default StockChart;
