import Highcharts from 'highcharts/highstock';
import type { Chart } from 'highcharts';
import { HighchartsReact } from 'highcharts-react-official';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Candle } from '../../../contract';
import { chartOptions, pricePoint, volumePoint } from './chartOptions';

export interface CandleChartProps {
  candles: readonly Candle[];
  /** The time-share view: a line of closes. */
  line: boolean;
  /** The forming candle from the live feed; applied to the chart in place. */
  live: Candle | null;
  decimals: number;
  labels: { price: string; volume: string };
}

/**
 * Highcharts Stock, loaded only by this chunk (the stock screen imports it lazily). The history
 * builds the options once; after that the live candle only updates the last point (or adds one
 * when a new bucket starts), so the chart never redraws from scratch on a tick.
 */
/** Constant, so the memoised HighchartsReact skips renders caused only by live frames. */
const CONTAINER_PROPS = { 'data-testid': 'stock-chart-canvas' };

export default function CandleChart({ candles, line, live, decimals, labels }: CandleChartProps) {
  const chartRef = useRef<Chart | null>(null);
  const options = useMemo(
    () => chartOptions(candles, { line, decimals, labels }),
    // Labels are text only; a language switch re-renders the screen anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [candles, line, decimals],
  );

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !live) return;
    const price = chart.get('price') as Highcharts.Series | undefined;
    const volume = chart.get('volume') as Highcharts.Series | undefined;
    if (!price || !volume) return;
    const last = price.data[price.data.length - 1];
    const lastX = last?.x ?? Number.NEGATIVE_INFINITY;
    if (live.start < lastX) return; // a late frame for a bucket already closed
    if (last && live.start === lastX) {
      last.update(pricePoint(live, line), false, false);
      volume.data[volume.data.length - 1]?.update(volumePoint(live), false, false);
    } else {
      price.addPoint(pricePoint(live, line), false, false, false);
      volume.addPoint(volumePoint(live), false, false, false);
    }
    chart.redraw(false);
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
      // A line and candles are different series types: a fresh chart rather than a morph.
      key={line ? 'line' : 'candles'}
      highcharts={Highcharts}
      constructorType="stockChart"
      options={options}
      callback={keepChart}
      containerProps={CONTAINER_PROPS}
    />
  );
}
