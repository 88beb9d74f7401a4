import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Highcharts from 'highcharts/highstock';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '../../../contract';
import { renderWithApp } from '../../testing/renderWithApp';
import { measureSvgText } from '../../testing/svgLayout';

/**
 * The chart card's states with the candles call stubbed and the real Highcharts Stock drawing in
 * happy-dom: a skeleton first, the old chart kept during a switch, error with retry, empty.
 */
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api', () => ({ call: api.call }));
vi.mock('../live', () => ({ useLiveCandle: () => ({ data: null, status: 'live' }) }));

const FEED = { simulated: true, source: 'simulator', demo: true, label: 'Demo' };
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 4, 4) - 9 * 3_600_000;

function candles(n: number, firstClose: number): Candle[] {
  return Array.from({ length: n }, (_, i) => ({
    start: T0 + i * DAY,
    open: firstClose + i - 1,
    high: firstClose + i + 2,
    low: firstClose + i - 2,
    close: firstClose + i,
    volume: 10_000 + i,
    turnover: 0,
  }));
}

/** A call answer the test resolves (or rejects) when it chooses. */
function deferred() {
  let resolve!: (candles: Candle[]) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise((ok, fail) => {
    resolve = (list) =>
      ok({ feed: FEED, symbol: '005930', interval: '1d', adjust: 'none', candles: list });
    reject = fail;
  });
  return { promise, resolve, reject };
}

function drawnChart(): Highcharts.Chart {
  const canvas = screen.getByTestId('stock-chart-canvas');
  const chart = Highcharts.charts.find((c) => c && canvas.contains(c.container));
  expect(chart).toBeTruthy();
  return chart!;
}

/** The closes of the price series' points in view (the daily chart loads more than it shows). */
function drawnCloses(): number[] {
  const price = drawnChart().get('price') as Highcharts.Series;
  return price.points.map((p) => (p as Highcharts.Point & { close?: number }).close ?? p.y ?? NaN);
}

/** Every candle the price series holds. */
const loadedCount = () =>
  ((drawnChart().get('price') as Highcharts.Series).options as { data: unknown[] }).data.length;

/** The chart's visible SVG texts (Highcharts hides labels it has no room for). */
const shownTexts = () =>
  [...screen.getByTestId('stock-chart-canvas').querySelectorAll('text')]
    .filter((t) => t.getAttribute('visibility') !== 'hidden')
    .map((t) => t.textContent);

/**
 * The reader reaches for the chart: the plain SVG first view hands over to Highcharts, whose
 * chunk loads then (the SVG stays until it has drawn).
 */
async function handOver() {
  fireEvent.pointerDown(screen.getByTestId('stock-chart-svg'));
  await screen.findByTestId('stock-chart-canvas', {}, { timeout: 15_000 });
  expect(screen.queryByTestId('stock-chart-svg')).toBeNull();
}

/** Resolves a pending call and lets React render the answer. */
async function answer(call: ReturnType<typeof deferred>, list: Candle[]) {
  await act(async () => {
    call.resolve(list);
    await call.promise;
  });
}

/** The candle bodies in the SVG: what the reader actually sees. */
const drawnCandles = () =>
  screen
    .getByTestId('stock-chart-canvas')
    .querySelectorAll('.highcharts-candlestick-series .highcharts-point').length;

beforeAll(measureSvgText);
beforeEach(() => {
  api.call.mockReset();
});

async function renderChart() {
  const { StockChart } = await import('./StockChart');
  return renderWithApp(<StockChart symbol="005930" prevClose={1_005} />);
}

describe('the stock chart', () => {
  it('shows a skeleton first, then the daily candles with the averages and the previous close', async () => {
    const first = deferred();
    api.call.mockReturnValueOnce(first.promise);
    await renderChart();
    expect(screen.getByTestId('chart-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('stock-chart-canvas')).toBeNull();
    // Days ask for a year, so MA120 has its history.
    expect(api.call).toHaveBeenCalledWith(
      'candles',
      { symbol: '005930', interval: '1d', range: '1y', adjust: 'backward' },
      { silent: true },
    );

    await answer(first, candles(150, 1_000));
    // The first view is the plain SVG: the same three months of candles, no Highcharts yet.
    expect(screen.queryByTestId('chart-loading')).toBeNull();
    expect(screen.queryByTestId('stock-chart-canvas')).toBeNull();
    const svgCandles = screen.getByTestId('chart-svg-candles').querySelectorAll('[data-candle]');
    // The 92 days back from the newest candle and that candle (Highcharts' points below also hold
    // one candle left of the window, its crop shoulder, drawn outside the plot).
    expect(svgCandles).toHaveLength(93);
    expect(svgCandles[92]!.getAttribute('data-candle')).toBe(String(T0 + 149 * DAY));
    expect(screen.getByTestId('stock-chart-svg').textContent).toContain('MA120');

    await handOver();
    expect(loadedCount()).toBe(150);
    // The three months in view, up to the newest close.
    expect(drawnCloses()).toHaveLength(94);
    expect(drawnCloses().at(-1)).toBe(1_149);
    const texts = shownTexts();
    expect(texts).toEqual(expect.arrayContaining(['MA5', 'MA20', 'MA60', 'MA120']));
    expect(texts).toContain('전일 종가 1,005');
  });

  it('draws the first view at the width its box measured while the skeleton showed', async () => {
    // The box's observer reports its width once laid out, before any candles have arrived.
    const observed: Element[] = [];
    class BoxObserver {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(el: Element) {
        observed.push(el);
        const entry = { target: el, contentRect: { width: 417.6 } } as ResizeObserverEntry;
        queueMicrotask(() => this.report([entry], this));
      }
      disconnect() {}
      unobserve() {}
    }
    vi.stubGlobal('ResizeObserver', BoxObserver);
    try {
      const first = deferred();
      api.call.mockReturnValueOnce(first.promise);
      await renderChart();
      expect(observed).toEqual([screen.getByTestId('chart-state-loading')]);
      await answer(first, candles(150, 1_000));
      const svg = screen.getByTestId('stock-chart-svg').querySelector('svg');
      expect(svg?.getAttribute('viewBox')).toBe('0 0 418 280');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the old candles drawn while a period switch loads, then swaps', async () => {
    const first = deferred();
    api.call.mockReturnValueOnce(first.promise);
    await renderChart();
    await answer(first, candles(150, 1_000));
    await handOver();
    const oldCloses = drawnCloses();
    expect(oldCloses.at(-1)).toBe(1_149);

    const weekly = deferred();
    api.call.mockReturnValueOnce(weekly.promise);
    fireEvent.click(screen.getByTestId('chart-period-1w'));
    expect(api.call).toHaveBeenLastCalledWith(
      'candles',
      { symbol: '005930', interval: '1w', range: '1y', adjust: 'backward' },
      { silent: true },
    );
    // Still the daily candles, dimmed with a spinner over them: no blank card.
    expect(screen.getByTestId('chart-updating')).toBeTruthy();
    expect(screen.getByTestId('chart-previous')).toBeTruthy();
    expect(screen.getByTestId('chart-state-loading')).toBeTruthy();
    expect(drawnCloses()).toEqual(oldCloses);
    expect(loadedCount()).toBe(150);
    expect(drawnCandles()).toBeGreaterThan(0);
    expect(screen.queryByTestId('chart-loading')).toBeNull();

    await answer(weekly, candles(40, 5_000));
    await waitFor(() => expect(drawnCloses()[0]).toBe(5_000));
    expect(drawnCloses()).toHaveLength(40);
    expect(screen.queryByTestId('chart-updating')).toBeNull();
    expect(screen.getByTestId('chart-state-ready')).toBeTruthy();
    // No averages off the daily chart.
    const texts = shownTexts();
    expect(texts).not.toContain('MA5');
  });

  it('shows an error with a retry that loads the chart', async () => {
    api.call.mockRejectedValueOnce(new Error('down'));
    await renderChart();
    expect(await screen.findByTestId('chart-error')).toBeTruthy();
    expect(screen.queryByTestId('stock-chart-canvas')).toBeNull();
    const again = deferred();
    api.call.mockReturnValueOnce(again.promise);
    fireEvent.click(screen.getByTestId('chart-retry'));
    expect(api.call).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('chart-error')).toBeNull();
    expect(screen.getByTestId('chart-loading')).toBeTruthy();
    await answer(again, candles(10, 700));
    await handOver();
    expect(drawnCloses()[9]).toBe(709);
  });

  it('says when the period has no trades', async () => {
    const empty = deferred();
    api.call.mockReturnValueOnce(empty.promise);
    await renderChart();
    await answer(empty, []);
    expect(screen.getByTestId('chart-empty').textContent).toContain(
      '이 기간에는 아직 체결이 없습니다',
    );
    expect(screen.queryByTestId('stock-chart-canvas')).toBeNull();
  });

  it('moves the daily window with the range buttons without asking again', async () => {
    const first = deferred();
    api.call.mockReturnValueOnce(first.promise);
    await renderChart();
    await answer(first, candles(200, 1_000));
    await handOver();
    const canvas = screen.getByTestId('stock-chart-canvas');
    const chart = () => Highcharts.charts.find((c) => c && canvas.contains(c.container))!;
    const lastStart = T0 + 199 * DAY;
    expect(chart().xAxis[0]!.min).toBe(lastStart - 92 * DAY);
    fireEvent.click(screen.getByTestId('chart-range-1m'));
    await waitFor(() => expect(chart().xAxis[0]!.min).toBe(lastStart - 31 * DAY));
    expect(api.call).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('chart-updating')).toBeNull();
  });
});
