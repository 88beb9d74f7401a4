import Highcharts from 'highcharts/highstock';
import type { Chart } from 'highcharts';
import { HighchartsReact } from 'highcharts-react-official';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Candle } from '../../../contract';
import type { ChartPeriod, ChartWords } from './chartOptions';
import {
  MOVING_AVERAGES,
  chartOptions,
  lastAverage,
  pricePoint,
  volumePoint,
} from './chartOptions';

export interface CandleChartProps {
  candles: readonly Candle[];
  /** The period the candles are for ("line" is the time-share view: a line of closes). */
  period: ChartPeriod;
  /** The forming candle from the live feed; applied to the chart in place. */
  live: Candle | null;
  decimals: number;
  labels: ChartWords;
  /** The app language (ko, en, zh-CN, zh-TW): month, weekday and unit words. */
  locale: string;
  prevClose?: number | null;
  /** The first time shown (the daily chart loads more, for its moving averages). */
  from?: number | null;
}

/** Highcharts' own per-series redraw (not in its typings): the series laid out on unchanged axes. */
type SeriesWithRedraw = Highcharts.Series & { redraw?: () => void };

/** Whether the forming candle, its volume and today's averages still fit the axes as drawn. */
function insideAxes(
  price: Highcharts.Series,
  volume: Highcharts.Series,
  live: Candle,
  averages: readonly number[],
): boolean {
  const { min, max } = price.yAxis;
  const volumeMax = volume.yAxis.max;
  if (min === undefined || max === undefined || min === null || max === null) return false;
  if (volumeMax === undefined || volumeMax === null || live.volume > volumeMax) return false;
  return [live.low, live.high, live.close, ...averages].every((v) => v >= min && v <= max);
}

/**
 * A tick inside the axes redraws the changed series only. `chart.redraw()` re-measures the axes,
 * margins and fonts (forced style and layout reads) whatever changed: four times the work, once
 * a second, on a slow phone's main thread. A new bucket or a value past an axis takes the full
 * redraw, which rescales.
 */
function redrawSeries(chart: Chart, series: readonly Highcharts.Series[]): void {
  const drawable = series as readonly SeriesWithRedraw[];
  if (drawable.some((s) => typeof s.redraw !== 'function')) {
    chart.redraw(false);
    return;
  }
  for (const s of drawable) s.redraw?.();
}

/** Constant, so the memoised HighchartsReact skips renders caused only by live frames. */
const CONTAINER_PROPS = { 'data-testid': 'stock-chart-canvas' };

/**
 * Highcharts Stock, loaded only by this chunk (the stock screen imports it lazily). The history
 * builds the options once; after that the live candle only updates the last point (or adds one
 * when a new bucket starts), so the chart never redraws from scratch on a tick.
 */
export default function CandleChart({
  candles,
  period,
  live,
  decimals,
  labels,
  locale,
  prevClose = null,
  from = null,
}: CandleChartProps) {
  const line = period === 'line';
  const chartRef = useRef<Chart | null>(null);
  // The closes behind the moving averages, extended by live candles.
  const closes = useRef<{ start: number; close: number }[]>([]);
  const options = useMemo(
    () => chartOptions(candles, { period, decimals, locale, words: labels, prevClose, from }),
    // Words follow the language, which is a dependency already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [candles, period, decimals, locale, prevClose, from],
  );
  useEffect(() => {
    closes.current = candles.map((c) => ({ start: c.start, close: c.close }));
  }, [candles]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !live) return;
    const price = chart.get('price') as Highcharts.Series | undefined;
    const volume = chart.get('volume') as Highcharts.Series | undefined;
    if (!price || !volume) return;
    const last = price.data[price.data.length - 1];
    const lastX = last?.x ?? Number.NEGATIVE_INFINITY;
    if (live.start < lastX) return; // a late frame for a bucket already closed
    const same = Boolean(last) && live.start === lastX;
    if (same) {
      last!.update(pricePoint(live, line), false, false);
      volume.data[volume.data.length - 1]?.update(volumePoint(live), false, false);
    } else {
      price.addPoint(pricePoint(live, line), false, false, false);
      volume.addPoint(volumePoint(live), false, false, false);
    }
    // The averages move with today's close too.
    const list = closes.current;
    if (list[list.length - 1]?.start === live.start) list[list.length - 1] = live;
    else list.push({ start: live.start, close: live.close });
    const values = list.map((c) => c.close);
    const averages: Highcharts.Series[] = [];
    const averageValues: number[] = [];
    // A point added anywhere needs the chart's pass that generates points; an update does not.
    let added = !same;
    for (const { days } of MOVING_AVERAGES) {
      const ma = chart.get(`ma${days}`) as Highcharts.Series | undefined;
      const value = lastAverage(values, days);
      if (!ma || value === null) continue;
      const maLast = ma.data[ma.data.length - 1];
      if (maLast && maLast.x === live.start) maLast.update(value, false, false);
      else {
        ma.addPoint([live.start, value], false, false, false);
        added = true;
      }
      averages.push(ma);
      averageValues.push(value);
    }
    if (!added && insideAxes(price, volume, live, averageValues))
      redrawSeries(chart, [price, volume, ...averages]);
    else chart.redraw(false);
  }, [live, line]);

  const chartName = `${labels.price} / ${labels.volume}`;
  const keepChart = useCallback(
    (chart: Chart) => {
      chartRef.current = chart;
      // Without the accessibility module Highcharts makes the SVG an image named after the chart
      // title (none here) right after this callback; name it once that has run.
      queueMicrotask(() => chart.renderer?.boxWrapper?.attr({ 'aria-label': chartName }));
    },
    [chartName],
  );

  return (
    <HighchartsReact
      // Lines and candles are different series types: a fresh chart rather than a morph.
      key={line ? 'line' : 'candles'}
      highcharts={Highcharts}
      constructorType="stockChart"
      options={options}
      callback={keepChart}
      containerProps={CONTAINER_PROPS}
    />
  );
}
