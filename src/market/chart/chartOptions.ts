import type { Options, PointOptionsObject } from 'highcharts';
import type { Candle } from '../../../contract';
import { DIRECTION_COLOR } from '../format';

/** Time-share (a 1-minute line), minutes, days, weeks, months: the spec's chart periods. */
export const CHART_PERIODS = ['line', '1m', '5m', '15m', '30m', '1d', '1w', '1M'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
export const intervalOf = (period: ChartPeriod) => (period === 'line' ? '1m' : period);

const BRAND = '#2f6bf5';

export type PricePoint = [number, number, number, number, number] | [number, number];

/** One candle as the price series' point: OHLC, or the close for the time-share line. */
export function pricePoint(c: Candle, line: boolean): PricePoint {
  return line ? [c.start, c.close] : [c.start, c.open, c.high, c.low, c.close];
}

/** Volume bars take the candle's colour: red when it closed up, blue when down. */
export function volumePoint(c: Candle): PointOptionsObject {
  const dir = c.close > c.open ? 'up' : c.close < c.open ? 'down' : 'flat';
  return { x: c.start, y: c.volume, color: DIRECTION_COLOR[dir] };
}

/**
 * Highcharts Stock options for a phone: no navigator, scrollbar or range selector (the screen's
 * own buttons choose period and range), price on the right, volume below, Seoul time.
 */
export function chartOptions(
  candles: readonly Candle[],
  {
    line,
    decimals,
    labels,
  }: { line: boolean; decimals: number; labels: { price: string; volume: string } },
): Options {
  return {
    chart: {
      height: 280,
      spacing: [8, 4, 4, 8],
      style: { fontFamily: 'inherit' },
      animation: false,
      backgroundColor: 'transparent',
    },
    time: { timezone: 'Asia/Seoul' },
    credits: { enabled: false },
    accessibility: { enabled: false },
    rangeSelector: { enabled: false },
    navigator: { enabled: false },
    scrollbar: { enabled: false },
    legend: { enabled: false },
    tooltip: {
      split: false,
      shared: true,
      valueDecimals: decimals,
      borderRadius: 8,
      shadow: false,
      borderColor: '#e5e7eb',
    },
    xAxis: {
      lineColor: '#e5e7eb',
      tickColor: '#e5e7eb',
      labels: { style: { color: '#9ca3af', fontSize: '10px' } },
      crosshair: { color: '#9ca3af', dashStyle: 'Dash' },
    },
    yAxis: [
      {
        height: '74%',
        opposite: true,
        gridLineColor: '#f1f3f5',
        labels: { align: 'left', x: 4, style: { color: '#9ca3af', fontSize: '10px' } },
        title: { text: undefined },
      },
      {
        top: '78%',
        height: '22%',
        offset: 0,
        opposite: true,
        gridLineWidth: 0,
        labels: { enabled: false },
        title: { text: undefined },
      },
    ],
    plotOptions: {
      series: { animation: false, dataGrouping: { enabled: false } },
      candlestick: {
        color: DIRECTION_COLOR.down,
        lineColor: DIRECTION_COLOR.down,
        upColor: DIRECTION_COLOR.up,
        upLineColor: DIRECTION_COLOR.up,
      },
      column: { borderWidth: 0, pointPadding: 0.1, groupPadding: 0 },
    },
    series: [
      line
        ? {
            type: 'area',
            id: 'price',
            name: labels.price,
            data: candles.map((c) => pricePoint(c, true)),
            color: BRAND,
            lineWidth: 1.6,
            fillColor: {
              linearGradient: { x1: 0, y1: 0, x2: 0, y2: 1 },
              stops: [
                [0, 'rgba(47,107,245,0.18)'],
                [1, 'rgba(47,107,245,0)'],
              ],
            },
            threshold: null,
          }
        : {
            type: 'candlestick',
            id: 'price',
            name: labels.price,
            data: candles.map((c) => pricePoint(c, false)),
          },
      {
        type: 'column',
        id: 'volume',
        name: labels.volume,
        yAxis: 1,
        data: candles.map(volumePoint),
        tooltip: { valueDecimals: 0 },
      },
    ],
  };
}
