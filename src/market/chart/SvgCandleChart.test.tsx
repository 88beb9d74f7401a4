import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '../../../contract';
import { switchLocale } from '../../i18n';
import { renderWithApp } from '../../testing/renderWithApp';
import { measureSvgText } from '../../testing/svgLayout';
import { DIRECTION_COLOR } from '../format';
import type { ChartWords } from './chartOptions';
import SvgCandleChart, { niceTicks, niceTop, withLive } from './SvgCandleChart';

/**
 * The chart's plain SVG first view: candles and volume bars in the Korean colours, the forming
 * candle moved in place, an accessible name and summary in the reader's language, and the hand
 * over to Highcharts when the reader reaches for the chart or the page has been idle.
 */
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api', () => ({ call: api.call }));
/** The forming candle the live feed gives: a small store the mocked hook follows. */
const live = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = {
    data: null as Candle | null,
    set: (next: Candle | null) => {
      state.data = next;
      listeners.forEach((l) => l());
    },
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return state;
});
vi.mock('../live', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useLiveCandle: () => ({
      data: useSyncExternalStore(live.subscribe, () => live.data),
      status: 'live',
    }),
  };
});

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

/** Alternating up and down days around 1,000. */
function candles(n: number): Candle[] {
  return Array.from({ length: n }, (_, i) => {
    const up = i % 2 === 0;
    return {
      start: T0 + i * DAY,
      open: up ? 1_000 + i : 1_010 + i,
      high: 1_015 + i,
      low: 995 + i,
      close: up ? 1_010 + i : 1_000 + i,
      volume: 10_000 + i * 10,
      turnover: 0,
    };
  });
}

const marks = () => [...document.querySelectorAll('[data-candle]')];
/** A candle path's wick (`M x high V low`) and body (`M left top h width v height h -width Z`). */
function shape(mark: Element) {
  const [wick = '', body = ''] = mark.getAttribute('d')!.split('M').filter(Boolean);
  const [x, high, low] = wick.split(/[ V]/).map(Number);
  const [left, top, width, height] = body
    .split(/[ hvZ]/)
    .filter(Boolean)
    .map(Number);
  return { x: x!, high: high!, low: low!, left: left!, top: top!, width: width!, height: height! };
}
/** The colour of the volume path holding a bar centred at `x`. */
function volumeColourAt(x: number) {
  const path = [...document.querySelectorAll('[data-volume]')].find((p) =>
    p
      .getAttribute('d')!
      .split('M')
      .filter(Boolean)
      .some((bar) => {
        const [left, , width] = bar
          .split(/[ hvZ]/)
          .filter(Boolean)
          .map(Number);
        return Math.abs(left! + width! / 2 - x) < 0.2;
      }),
  );
  return path?.getAttribute('fill');
}
/** A candle's wick, body and volume bar colours. */
function colours(mark: Element) {
  return {
    wick: mark.getAttribute('stroke'),
    body: mark.getAttribute('fill'),
    volume: volumeColourAt(shape(mark).x),
  };
}

const props = {
  candles: candles(30),
  period: '1d' as const,
  decimals: 0,
  labels: WORDS,
  locale: 'en',
  live: null,
  width: 0,
};

describe('the SVG first view', () => {
  it('draws each candle and its volume bar red when it closed up and blue when down', () => {
    render(<SvgCandleChart {...props} prevClose={1_020} />);
    const drawn = marks();
    expect(drawn).toHaveLength(30);
    expect(drawn[0]!.getAttribute('data-dir')).toBe('up');
    expect(colours(drawn[0]!)).toEqual({
      wick: DIRECTION_COLOR.up,
      body: DIRECTION_COLOR.up,
      volume: DIRECTION_COLOR.up,
    });
    expect(drawn[1]!.getAttribute('data-dir')).toBe('down');
    expect(colours(drawn[1]!)).toEqual({
      wick: DIRECTION_COLOR.down,
      body: DIRECTION_COLOR.down,
      volume: DIRECTION_COLOR.down,
    });
    // Left to right in time; the up body spans open (lower) to close (higher).
    expect(shape(drawn[1]!).x).toBeGreaterThan(shape(drawn[0]!).x);
    const first = shape(drawn[0]!);
    expect(first.height).toBeGreaterThan(1);
    // The wick spans high to low around the body (SVG's y grows downwards).
    expect(first.high).toBeLessThan(first.top);
    expect(first.low).toBeGreaterThan(first.top + first.height);
    expect(first.left + first.width / 2).toBeCloseTo(first.x, 1);
    expect(document.querySelectorAll('[data-volume]').length).toBeLessThanOrEqual(3);
    const text = document.querySelector('svg')!.textContent;
    // The daily averages' legend and the previous close, as Highcharts labels them.
    expect(text).toContain('MA5');
    expect(text).toContain('Prev 1,020');
  });

  it('has an accessible name and a summary in the reader’s language', async () => {
    const view = await renderWithApp(<SvgCandleChart {...props} locale="ko" />);
    const chart = screen.getByRole('img');
    const desc = chart.querySelector('desc')!.textContent;
    expect(chart.querySelector('title')!.textContent).toBe('Price / Volume');
    expect(desc).toContain('2026. 05. 04.');
    expect(desc).toContain('종가 1,029');
    expect(desc).toContain('최고 1,044');
    expect(desc).toContain('최저 995');
    await act(() => switchLocale('en'));
    view.rerender(<SvgCandleChart {...props} locale="en" />);
    expect(screen.getByRole('img').querySelector('desc')!.textContent).toBe(
      '05/04/2026 to 06/02/2026: last close 1,029, high 1,044, low 995',
    );
  });

  it('moves the forming candle in place and adds the next bucket after it', () => {
    const history = candles(30);
    const view = render(<SvgCandleChart {...props} candles={history} />);
    const firstMark = marks()[0];
    const today = history.at(-1)!;
    // Today closed down so far; a tick takes it above its open: the candle turns red in place.
    view.rerender(
      <SvgCandleChart {...props} candles={history} live={{ ...today, close: today.open + 5 }} />,
    );
    expect(marks()).toHaveLength(30);
    expect(marks()[29]!.getAttribute('data-dir')).toBe('up');
    expect(colours(marks()[29]!).body).toBe(DIRECTION_COLOR.up);
    // The closed candles were not redrawn.
    expect(marks()[0]).toBe(firstMark);

    const next = { ...today, start: today.start + DAY, open: 1_100, close: 1_090, high: 1_120 };
    view.rerender(<SvgCandleChart {...props} candles={history} live={next} />);
    expect(marks()).toHaveLength(31);
    expect(marks()[30]!.getAttribute('data-candle')).toBe(String(next.start));
    expect(marks()[30]!.getAttribute('data-dir')).toBe('down');
    // A late frame for a closed bucket changes nothing.
    expect(withLive(history, { ...today, start: today.start - DAY })).toBe(history);
  });

  it('draws the time-share view as a line of closes', () => {
    render(<SvgCandleChart {...props} period="line" />);
    const d = screen.getByTestId('chart-svg-line').getAttribute('d')!;
    expect(d.match(/[ML]/g)).toHaveLength(30);
    expect(marks()).toHaveLength(0);
  });

  it('picks round axis values', () => {
    expect(niceTicks(981, 1_049)).toEqual([1_000, 1_020, 1_040]);
    expect(niceTicks(0, 1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    // The volume axis' top: 60,553,100 shares read "8,000만", not "6,055.31만".
    expect(niceTop(60_553_100)).toBe(80_000_000);
    expect(niceTop(10_290)).toBe(15_000);
  });
});

/** A candles answer the stubbed call gives. */
const answer = (list: Candle[]) =>
  Promise.resolve({
    feed: { simulated: true, source: 'simulator', demo: true, label: 'Demo' },
    symbol: '005930',
    interval: '1d',
    adjust: 'backward',
    candles: list,
  });

describe('the hand-over to Highcharts', () => {
  beforeAll(measureSvgText);
  beforeEach(() => {
    api.call.mockReset();
    live.data = null;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function renderChart() {
    const { StockChart } = await import('./StockChart');
    api.call.mockReturnValue(answer(candles(60)));
    return renderWithApp(<StockChart symbol="005930" prevClose={1_005} />);
  }

  it('keeps the forming candle moving in the SVG view', async () => {
    await renderChart();
    await screen.findByTestId('stock-chart-svg');
    const today = candles(60).at(-1)!;
    expect(marks().at(-1)!.getAttribute('data-dir')).toBe('down');
    act(() => live.set({ ...today, close: today.open + 7 }));
    // Live updates render conflated (at most once per interval), so the new close shows shortly.
    await waitFor(() => expect(marks().at(-1)!.getAttribute('data-dir')).toBe('up'));
    expect(screen.queryByTestId('stock-chart-canvas')).toBeNull();
  });

  it('draws Highcharts when a period is chosen, the SVG staying until it has drawn', async () => {
    await renderChart();
    await screen.findByTestId('stock-chart-svg');
    fireEvent.click(screen.getByTestId('chart-period-1w'));
    // The old candles stay drawn while the weekly candles and Highcharts load. (The first test in
    // this file to hand over: later ones find Highcharts' chunk loaded and draw it at once.)
    expect(marks().length).toBeGreaterThan(0);
    await screen.findByTestId('stock-chart-canvas', {}, { timeout: 15_000 });
  });

  it('draws Highcharts once the reader touches the chart', async () => {
    await renderChart();
    fireEvent.pointerDown(await screen.findByTestId('stock-chart-svg'));
    await screen.findByTestId('stock-chart-canvas', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('stock-chart-svg')).toBeNull();
    expect(
      document.querySelectorAll('.highcharts-candlestick-series .highcharts-point').length,
    ).toBe(60);
  });

  it('draws Highcharts by itself a while after load, when the page is idle', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const idle = vi.fn((run: () => void) => {
      run();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    const { HANDOVER_AFTER_LOAD_MS } = await import('./StockChart');
    await renderChart();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByTestId('stock-chart-svg')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HANDOVER_AFTER_LOAD_MS - 1_000);
    });
    expect(idle).not.toHaveBeenCalled();
    expect(screen.getByTestId('stock-chart-svg')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(idle).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await screen.findByTestId('stock-chart-canvas', {}, { timeout: 15_000 });
    vi.unstubAllGlobals();
  });
});
