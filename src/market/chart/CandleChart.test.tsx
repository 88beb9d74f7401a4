import { render } from '@testing-library/react';
import Highcharts from 'highcharts/highstock';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Candle } from '../../../contract';
import { measureSvgText } from '../../testing/svgLayout';
import CandleChart from './CandleChart';
import type { ChartWords } from './chartOptions';

/**
 * The forming candle on a drawn chart (real Highcharts Stock in happy-dom): a tick inside the
 * axes redraws the series alone, a tick past an axis or a new bucket redraws and rescales.
 */
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 4, 4) - 9 * 3_600_000;
const WORDS: ChartWords = {
  price: 'Price',
  volume: 'Volume',
  open: 'Open',
  high: 'High',
  low: 'Low',
  close: 'Close',
  prevClose: 'Prev',
};

function candles(n: number): Candle[] {
  return Array.from({ length: n }, (_, i) => ({
    start: T0 + i * DAY,
    open: 1_000 + i - 1,
    high: 1_000 + i + 2,
    low: 1_000 + i - 2,
    close: 1_000 + i,
    volume: 10_000 + i,
    turnover: 0,
  }));
}

beforeAll(measureSvgText);

function drawn() {
  const chart = Highcharts.charts.filter(Boolean).at(-1)!;
  const price = chart.get('price') as Highcharts.Series;
  const last = () => price.points.at(-1) as Highcharts.Point & { close: number; high: number };
  const lastBody = () => last().graphic?.attr('d');
  return { chart, price, last, lastBody };
}

describe('the forming candle', () => {
  it('moves the last candle in place, redrawing only the series while it fits the axes', () => {
    const history = candles(150);
    const props = {
      candles: history,
      period: '1d' as const,
      decimals: 0,
      labels: WORDS,
      locale: 'en',
    };
    const view = render(<CandleChart {...props} live={null} />);
    const { chart, last, lastBody } = drawn();
    const yMax = chart.yAxis[0]!.max!;
    const before = lastBody();
    const full = vi.spyOn(chart, 'redraw');

    const today = history.at(-1)!;
    view.rerender(<CandleChart {...props} live={{ ...today, close: today.close + 1 }} />);
    expect(last().close).toBe(today.close + 1);
    expect(lastBody()).not.toBe(before);
    expect(full).not.toHaveBeenCalled();
    expect(chart.yAxis[0]!.max).toBe(yMax);

    // Past the top of the price axis: the chart rescales.
    const high = yMax + 500;
    view.rerender(<CandleChart {...props} live={{ ...today, high, close: high }} />);
    expect(full).toHaveBeenCalledTimes(1);
    expect(last().high).toBe(high);
    expect(chart.yAxis[0]!.max!).toBeGreaterThanOrEqual(high);

    // A new bucket adds a candle through the full redraw.
    const next = { ...today, start: today.start + DAY, open: high, low: high - 3, close: high - 1 };
    view.rerender(<CandleChart {...props} live={{ ...next, high }} />);
    expect(full).toHaveBeenCalledTimes(2);
    expect(last().close).toBe(high - 1);
    view.unmount();
  });
});
