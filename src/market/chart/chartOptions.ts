import type {
  AxisCrosshairOptions,
  LangOptions,
  Options,
  PointOptionsObject,
  SeriesOptionsType,
  YAxisPlotLinesOptions,
} from 'highcharts';
import type { Candle, ChartRange } from '../../../contract';
import { DIRECTION_COLOR, formatAxisTick, formatFixed } from '../format';

/** Time-share (a 1-minute line), minutes, days, weeks, months: the spec's chart periods. */
export const CHART_PERIODS = ['line', '1m', '5m', '15m', '30m', '1d', '1w', '1M'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
export const intervalOf = (period: ChartPeriod) => (period === 'line' ? '1m' : period);

/** The time-share line's colour. */
export const BRAND = '#2f6bf5';
const DAY_MS = 86_400_000;

/** The days each range looks back (the server's `RANGE_MS`), to window the daily chart. */
export const RANGE_DAYS: Record<ChartRange, number> = {
  '1w': 7,
  '1m': 31,
  '3m': 92,
  '6m': 183,
  '1y': 366,
};

/**
 * Moving averages of the daily chart. Colours avoid the up red and down blue of the candles and
 * differ in hue and lightness, so they stay apart for the common colour-vision deficiencies:
 * MA5 amber, MA20 green, MA60 violet, MA120 dark grey.
 */
export const MOVING_AVERAGES = [
  { days: 5, color: '#f59e0b' },
  { days: 20, color: '#16a34a' },
  { days: 60, color: '#8b5cf6' },
  { days: 120, color: '#374151' },
] as const;

/** Periods that show the previous close (the reference line of today's moves). */
const PREV_CLOSE_PERIODS: readonly ChartPeriod[] = ['line', '1m', '5m', '15m', '30m', '1d'];
export const showsPrevClose = (period: ChartPeriod) => PREV_CLOSE_PERIODS.includes(period);

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
 * The simple moving average of the closes over `days` candles, as `[start, average]` from the
 * `days`-th candle on (no point where there is not enough history, rather than a short average).
 */
export function movingAverage(candles: readonly Candle[], days: number): [number, number][] {
  const out: [number, number][] = [];
  let sum = 0;
  candles.forEach((c, i) => {
    sum += c.close;
    if (i >= days) sum -= candles[i - days]!.close;
    if (i >= days - 1) out.push([c.start, sum / days]);
  });
  return out;
}

/** The average of the last `days` closes, or null when there are fewer (for a live candle). */
export function lastAverage(closes: readonly number[], days: number): number | null {
  if (closes.length < days) return null;
  let sum = 0;
  for (let i = closes.length - days; i < closes.length; i += 1) sum += closes[i]!;
  return sum / days;
}

/** The app's languages as BCP 47 tags for Intl and Highcharts. */
const INTL_LOCALE: Record<string, string> = {
  ko: 'ko-KR',
  en: 'en-US',
  'zh-CN': 'zh-CN',
  'zh-TW': 'zh-TW',
};
export const intlLocale = (locale: string) => INTL_LOCALE[locale] ?? INTL_LOCALE.ko!;

function names(locale: string, option: Intl.DateTimeFormatOptions, dates: number[]): string[] {
  const format = new Intl.DateTimeFormat(locale, { ...option, timeZone: 'UTC' });
  return dates.map((d) => format.format(d));
}
const MONTHS = Array.from({ length: 12 }, (_, m) => Date.UTC(2024, m, 15));
/** 2024-01-07 was a Sunday; Highcharts' weekday lists start on Sunday. */
const WEEK = Array.from({ length: 7 }, (_, d) => Date.UTC(2024, 0, 7 + d));

/**
 * The chart's `lang`: month and weekday names from Intl in the reader's language (so the four
 * languages need no hand-kept lists), and the separators all four use: "1,234.5".
 * Set per chart, not through `Highcharts.setOptions`, so a language switch needs no global state.
 */
export function chartLang(locale: string): LangOptions {
  const tag = intlLocale(locale);
  return {
    locale: tag,
    months: names(tag, { month: 'long' }, MONTHS),
    shortMonths: names(tag, { month: 'short' }, MONTHS),
    weekdays: names(tag, { weekday: 'long' }, WEEK),
    shortWeekdays: names(tag, { weekday: 'short' }, WEEK),
    decimalPoint: '.',
    thousandsSep: ',',
  };
}

/** A day on the time axis, in each language's order ("Mar 5", "3월 5일", "3月5日"). */
const DAY_LABEL: Record<string, string> = {
  ko: '%b %e일',
  en: '%b %e',
  'zh-CN': '%b%e日',
  'zh-TW': '%b%e日',
};

/** A volume axis tick in the reader's units: 1.2만 / 3억 (ko), 1.2万 (zh-CN), 1.2萬, 1.2M. */
export function volumeTick(value: number, locale: string): string {
  return formatAxisTick(value, locale);
}

/** A price or level with separators and the screen's decimals: 199,400 or 2,645.27. */
export function priceText(value: number, decimals: number): string {
  return formatFixed(value, decimals);
}

/** The translated words the chart shows (tooltip rows, the previous-close label). */
export interface ChartWords {
  price: string;
  volume: string;
  open: string;
  high: string;
  low: string;
  close: string;
  prevClose: string;
}

export interface ChartSetup {
  period: ChartPeriod;
  decimals: number;
  /** The app language: ko, en, zh-CN or zh-TW. */
  locale: string;
  words: ChartWords;
  /** Yesterday's close (or the index's previous level): a dashed, labelled line. */
  prevClose?: number | null;
  /**
   * The first time shown. The daily chart loads a year so the long averages have their history;
   * the range buttons then only move this window.
   */
  from?: number | null;
}

/** Where the daily chart's window starts for a range: counted back from the newest candle. */
export function windowStart(candles: readonly Candle[], range: ChartRange): number | null {
  const last = candles[candles.length - 1];
  return last ? last.start - RANGE_DAYS[range] * DAY_MS : null;
}

const isIntraday = (period: ChartPeriod) => period !== '1d' && period !== '1w' && period !== '1M';

/** The tooltip's first line: the spec's date format, with the weekday for days. */
function headerDate(period: ChartPeriod): string {
  if (period === '1M') return '%Y.%m';
  if (isIntraday(period)) return '%Y.%m.%d %H:%M';
  return '%Y.%m.%d (%a)';
}

const dot = (color: string) => `<span style="color:${color}">\u25CF</span> `;

/**
 * Highcharts Stock options for a phone: no navigator, scrollbar or range selector (the screen's
 * own buttons choose period and range), price on the right, volume below in the reader's units,
 * Seoul time, a crosshair with value labels on both axes, the daily moving averages and the
 * previous close.
 */
export function chartOptions(candles: readonly Candle[], setup: ChartSetup): Options {
  const { period, decimals, locale, words } = setup;
  const line = period === 'line';
  const daily = period === '1d';
  const priceFormat = `{value:,.${decimals}f}`;
  const prevClose =
    setup.prevClose !== null &&
    setup.prevClose !== undefined &&
    setup.prevClose > 0 &&
    showsPrevClose(period)
      ? setup.prevClose
      : null;

  const axisLabel = { color: '#9ca3af', fontSize: '10px' };
  const crosshairLabel = {
    enabled: true,
    backgroundColor: '#4b5563',
    padding: 3,
    borderRadius: 3,
    style: { color: '#ffffff', fontSize: '10px' },
  };
  const priceCrosshair: AxisCrosshairOptions = {
    color: '#9ca3af',
    dashStyle: 'Dash',
    snap: false,
    label: { ...crosshairLabel, format: priceFormat },
  };
  const volumeCrosshair: AxisCrosshairOptions = {
    color: '#9ca3af',
    dashStyle: 'Dash',
    snap: false,
    label: {
      ...crosshairLabel,
      formatter: (value: number) => volumeTick(Math.max(0, value), locale),
    },
  };

  const plotLines: YAxisPlotLinesOptions[] =
    prevClose === null
      ? []
      : [
          {
            id: 'prev-close',
            value: prevClose,
            color: '#6b7280',
            width: 1,
            dashStyle: 'Dash',
            zIndex: 3,
            label: {
              text: `${words.prevClose} ${priceText(prevClose, decimals)}`,
              align: 'left',
              x: 2,
              y: -3,
              style: { color: '#6b7280', fontSize: '10px' },
            },
          },
        ];

  const averages: SeriesOptionsType[] = daily
    ? MOVING_AVERAGES.map(({ days, color }) => ({
        type: 'line',
        id: `ma${days}`,
        name: `MA${days}`,
        data: movingAverage(candles, days),
        color,
        lineWidth: 1,
        // Only the points in view are laid out on each redraw (the live candle's, once a second),
        // as for the candles and volume bars (Highcharts crops those above 50 points already);
        // a line's default is 300, more than the year a daily chart loads.
        cropThreshold: 50,
        enableMouseTracking: true,
        marker: { enabled: false },
        states: { hover: { lineWidthPlus: 0 } },
        tooltip: {
          pointFormat: `${dot(color)}{series.name}: <b>{point.y:,.${decimals}f}</b><br/>`,
        },
      }))
    : [];

  const ohlcRows = [
    [words.open, 'open'],
    [words.high, 'high'],
    [words.low, 'low'],
    [words.close, 'close'],
  ]
    .map(([label, key]) => `${label}: <b>{point.${key}:,.${decimals}f}</b><br/>`)
    .join('');

  return {
    chart: {
      height: 280,
      spacing: [8, 4, 4, 8],
      style: { fontFamily: 'inherit' },
      animation: false,
      backgroundColor: 'transparent',
    },
    lang: chartLang(locale),
    time: { timezone: 'Asia/Seoul' },
    credits: { enabled: false },
    accessibility: { enabled: false },
    rangeSelector: { enabled: false },
    navigator: { enabled: false },
    scrollbar: { enabled: false },
    legend: {
      enabled: daily,
      align: 'left',
      verticalAlign: 'top',
      floating: true,
      x: 0,
      y: -6,
      padding: 0,
      margin: 0,
      symbolWidth: 10,
      itemDistance: 8,
      itemStyle: { fontSize: '10px', fontWeight: 'normal', color: '#4b5563' },
    },
    tooltip: {
      split: false,
      shared: true,
      valueDecimals: decimals,
      borderRadius: 8,
      shadow: false,
      borderColor: '#e5e7eb',
      xDateFormat: headerDate(period),
      headerFormat: '<span style="font-size:10px">{point.key}</span><br/>',
    },
    xAxis: {
      ...(setup.from !== null && setup.from !== undefined ? { min: setup.from } : {}),
      lineColor: '#e5e7eb',
      tickColor: '#e5e7eb',
      labels: { style: axisLabel },
      dateTimeLabelFormats: {
        minute: '%H:%M',
        hour: '%H:%M',
        day: DAY_LABEL[locale] ?? DAY_LABEL.ko!,
        week: DAY_LABEL[locale] ?? DAY_LABEL.ko!,
        month: '%b',
        year: '%Y',
      },
      crosshair: {
        color: '#9ca3af',
        dashStyle: 'Dash',
        label: {
          ...crosshairLabel,
          format: `{value:${isIntraday(period) ? '%m.%d %H:%M' : '%Y.%m.%d'}}`,
        },
      },
    },
    yAxis: [
      {
        height: '74%',
        opposite: true,
        gridLineColor: '#f1f3f5',
        labels: { align: 'left', x: 4, format: priceFormat, style: axisLabel },
        title: { text: undefined },
        crosshair: priceCrosshair,
        plotLines,
      },
      {
        top: '78%',
        height: '22%',
        offset: 0,
        opposite: true,
        gridLineWidth: 0,
        // Two ticks, 0 and the top; only the top is labelled (Highstock hides it by default).
        tickAmount: 2,
        showFirstLabel: false,
        showLastLabel: true,
        labels: {
          align: 'left',
          x: 4,
          // Below the pane's top line, clear of the price axis' lowest label.
          y: 12,
          style: axisLabel,
          formatter(this: { value: number | string }) {
            return volumeTick(Number(this.value), locale);
          },
        },
        title: { text: undefined },
        crosshair: volumeCrosshair,
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
            name: words.price,
            showInLegend: false,
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
            tooltip: {
              pointFormat: `${dot(BRAND)}${words.close}: <b>{point.y:,.${decimals}f}</b><br/>`,
            },
          }
        : {
            type: 'candlestick',
            id: 'price',
            name: words.price,
            showInLegend: false,
            data: candles.map((c) => pricePoint(c, false)),
            tooltip: { pointFormat: `${dot('{point.color}')}<b>{series.name}</b><br/>${ohlcRows}` },
          },
      ...averages,
      {
        type: 'column',
        id: 'volume',
        name: words.volume,
        showInLegend: false,
        yAxis: 1,
        data: candles.map(volumePoint),
        tooltip: {
          valueDecimals: 0,
          pointFormat: `${dot('{point.color}')}${words.volume}: <b>{point.y:,.0f}</b><br/>`,
        },
      },
    ],
  };
}
