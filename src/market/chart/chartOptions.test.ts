import Highcharts from 'highcharts/highstock';
import type {
  AxisCrosshairOptions,
  Options,
  SeriesCandlestickOptions,
  SeriesColumnOptions,
  SeriesLineOptions,
  YAxisOptions,
} from 'highcharts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Candle } from '../../../contract';
import { measureSvgText } from '../../testing/svgLayout';
import type { ChartPeriod, ChartWords } from './chartOptions';
import {
  MOVING_AVERAGES,
  chartLang,
  chartOptions,
  lastAverage,
  movingAverage,
  volumeTick,
  windowStart,
} from './chartOptions';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5) - 9 * 3_600_000; // a Seoul midnight

/** Closes 1, 2, 3, … so every average has a value that is easy to check. */
function days(n: number, first = 1): Candle[] {
  return Array.from({ length: n }, (_, i) => {
    const close = first + i;
    return {
      start: T0 + i * DAY,
      open: close - 0.5,
      high: close + 1,
      low: close - 1,
      close,
      volume: 1_000 * (i + 1),
      turnover: 0,
    };
  });
}

const KO: ChartWords = {
  price: '가격',
  volume: '거래량',
  open: '시가',
  high: '고가',
  low: '저가',
  close: '종가',
  prevClose: '전일 종가',
};
const EN: ChartWords = {
  price: 'Price',
  volume: 'Volume',
  open: 'Open',
  high: 'High',
  low: 'Low',
  close: 'Close',
  prevClose: 'Prev. close',
};

const build = (period: ChartPeriod, extra: { prevClose?: number | null; locale?: string } = {}) =>
  chartOptions(days(130), {
    period,
    decimals: 0,
    locale: extra.locale ?? 'ko',
    words: extra.locale === 'en' ? EN : KO,
    prevClose: extra.prevClose ?? null,
  });

const seriesOf = (o: Options) => o.series ?? [];
const yAxes = (o: Options) => o.yAxis as YAxisOptions[];

describe('moving averages', () => {
  it('averages the last n closes, starting at the n-th candle', () => {
    const ma = movingAverage(days(10), 5);
    expect(ma).toHaveLength(6);
    expect(ma[0]).toEqual([T0 + 4 * DAY, 3]); // (1+2+3+4+5)/5
    expect(ma[5]).toEqual([T0 + 9 * DAY, 8]); // (6+…+10)/5
  });

  it('gives no point at all when the history is shorter than the window', () => {
    expect(movingAverage(days(4), 5)).toEqual([]);
    expect(movingAverage(days(119), 120)).toEqual([]);
    expect(movingAverage(days(120), 120)).toEqual([[T0 + 119 * DAY, 60.5]]);
  });

  it('computes the live point from the closes', () => {
    expect(lastAverage([1, 2, 3, 4, 10], 5)).toBe(4);
    expect(lastAverage([1, 2, 3], 5)).toBeNull();
  });
});

describe('the chart language', () => {
  it('names months and weekdays in each of the four languages', () => {
    const ko = chartLang('ko');
    expect(ko.locale).toBe('ko-KR');
    expect(ko.months?.[0]).toBe('1월');
    expect(ko.shortMonths?.[11]).toBe('12월');
    expect(ko.weekdays?.[0]).toBe('일요일');
    expect(ko.shortWeekdays?.[1]).toBe('월');
    const en = chartLang('en');
    expect(en.months?.[0]).toBe('January');
    expect(en.shortMonths?.[2]).toBe('Mar');
    expect(en.shortWeekdays?.[0]).toBe('Sun');
    expect(chartLang('zh-CN').weekdays?.[0]).toBe('星期日');
    expect(chartLang('zh-CN').shortMonths?.[0]).toBe('1月');
    expect(chartLang('zh-TW').shortWeekdays?.[0]).toBe('週日');
    for (const locale of ['ko', 'en', 'zh-CN', 'zh-TW']) {
      const lang = chartLang(locale);
      expect(lang.months).toHaveLength(12);
      expect(lang.weekdays).toHaveLength(7);
      expect([lang.thousandsSep, lang.decimalPoint]).toEqual([',', '.']);
    }
  });

  it('puts volume ticks in the reader’s units', () => {
    expect(volumeTick(35_000, 'ko')).toBe('3.5만');
    expect(volumeTick(300_000_000, 'ko')).toBe('3억');
    expect(volumeTick(35_000, 'zh-CN')).toBe('3.5万');
    expect(volumeTick(35_000, 'zh-TW')).toBe('3.5萬');
    expect(volumeTick(3_500_000, 'en')).toBe('3.5M');
    expect(volumeTick(0, 'ko')).toBe('0');
  });

  it('carries the language into the options and the tooltip words', () => {
    const ko = build('1d');
    expect(ko.lang?.shortMonths?.[0]).toBe('1월');
    const candles = seriesOf(ko).find((s) => s.id === 'price') as SeriesCandlestickOptions;
    for (const word of ['시가', '고가', '저가', '종가']) {
      expect(candles.tooltip?.pointFormat).toContain(`${word}: `);
    }
    const en = build('5m', { locale: 'en' });
    const price = seriesOf(en).find((s) => s.id === 'price') as SeriesCandlestickOptions;
    expect(price.tooltip?.pointFormat).toContain('Open: ');
    expect(price.tooltip?.pointFormat).not.toContain('시가');
    const volume = seriesOf(en).find((s) => s.id === 'volume') as SeriesColumnOptions;
    expect(volume?.tooltip?.pointFormat).toContain('Volume: ');
    expect(en.lang?.months?.[0]).toBe('January');
    // Days show the weekday (from lang) in the tooltip; intraday the time.
    expect(ko.tooltip?.xDateFormat).toBe('%Y.%m.%d (%a)');
    expect(en.tooltip?.xDateFormat).toBe('%Y.%m.%d %H:%M');
  });
});

describe('chart options', () => {
  it('draws MA5, MA20, MA60 and MA120 on the daily chart, each in its own colour', () => {
    const options = build('1d');
    const mas = seriesOf(options).filter(
      (s) => (s as SeriesLineOptions).type === 'line',
    ) as SeriesLineOptions[];
    expect(mas.map((s) => s.name)).toEqual(['MA5', 'MA20', 'MA60', 'MA120']);
    expect(new Set(mas.map((s) => s.color)).size).toBe(4);
    expect(mas[0]?.data).toEqual(movingAverage(days(130), 5));
    expect(mas[3]?.data).toHaveLength(130 - 119);
    expect(options.legend?.enabled).toBe(true);
    // The price and volume series stay out of the legend, which names only the averages.
    expect(seriesOf(options).filter((s) => s.showInLegend !== false)).toHaveLength(4);
  });

  it('has no averages on other periods', () => {
    for (const period of ['line', '5m', '1w', '1M'] as const) {
      const options = build(period);
      expect(seriesOf(options).map((s) => s.id)).toEqual(['price', 'volume']);
      expect(options.legend?.enabled).toBe(false);
    }
  });

  it('draws the previous close as a dashed line labelled with its price', () => {
    for (const period of ['1d', '5m', 'line'] as const) {
      const [line] = yAxes(build(period, { prevClose: 199_000 }))[0]?.plotLines ?? [];
      expect(line?.value).toBe(199_000);
      expect(line?.dashStyle).toBe('Dash');
      expect(line?.label?.text).toBe('전일 종가 199,000');
    }
    expect(yAxes(build('1w', { prevClose: 199_000 }))[0]?.plotLines).toEqual([]);
    expect(yAxes(build('1d', { prevClose: null }))[0]?.plotLines).toEqual([]);
    expect(yAxes(build('1d', { prevClose: 0 }))[0]?.plotLines).toEqual([]);
    const en = yAxes(build('1d', { prevClose: 2645.5, locale: 'en' }))[0]?.plotLines?.[0];
    expect(en?.label?.text).toBe('Prev. close 2,646');
  });

  it('has a crosshair with value labels on the time, price and volume axes', () => {
    const options = build('1d');
    const x = (options.xAxis as { crosshair?: AxisCrosshairOptions }).crosshair;
    expect(x?.label?.enabled).toBe(true);
    expect(x?.label?.format).toBe('{value:%Y.%m.%d}');
    const [price, volume] = yAxes(options);
    const priceHair = price?.crosshair as AxisCrosshairOptions;
    expect(priceHair.label?.enabled).toBe(true);
    expect(priceHair.label?.format).toBe('{value:,.0f}');
    const volumeHair = volume?.crosshair as AxisCrosshairOptions;
    expect(volumeHair.label?.enabled).toBe(true);
    const format = volumeHair.label?.formatter as (value: number) => string;
    expect(format(25_000)).toBe('2.5만');
  });

  it('windows the daily chart by range, counted back from the newest candle', () => {
    const candles = days(300);
    expect(windowStart(candles, '3m')).toBe(T0 + 299 * DAY - 92 * DAY);
    expect(windowStart([], '3m')).toBeNull();
    const options = chartOptions(candles, {
      period: '1d',
      decimals: 0,
      locale: 'ko',
      words: KO,
      from: windowStart(candles, '1m'),
    });
    expect((options.xAxis as { min?: number }).min).toBe(T0 + 299 * DAY - 31 * DAY);
    // The averages are still computed over the whole year loaded.
    const ma120 = seriesOf(options).find((s) => s.id === 'ma120') as SeriesLineOptions;
    expect(ma120.data).toHaveLength(300 - 119);
  });
});

describe('with Highcharts Stock', () => {
  const charts: Highcharts.Chart[] = [];
  beforeAll(measureSvgText);
  afterEach(() => {
    charts.splice(0).forEach((c) => c.destroy());
    document.body.innerHTML = '';
  });

  it('accepts the options and draws the legend, the previous close and Korean axis words', () => {
    const div = document.createElement('div');
    document.body.append(div);
    const options = chartOptions(days(130, 100), {
      period: '1d',
      decimals: 0,
      locale: 'ko',
      words: KO,
      prevClose: 200,
    });
    const chart = Highcharts.stockChart(div, {
      ...options,
      chart: { ...options.chart, width: 360 },
    });
    charts.push(chart);
    expect(chart.series.map((s) => s.name)).toEqual([
      '가격',
      'MA5',
      'MA20',
      'MA60',
      'MA120',
      '거래량',
    ]);
    // Only what is shown: Highcharts hides labels it has no room for.
    const texts = [...div.querySelectorAll('text')]
      .filter((t) => t.getAttribute('visibility') !== 'hidden')
      .map((t) => t.textContent ?? '');
    for (const { days: n } of MOVING_AVERAGES) expect(texts).toContain(`MA${n}`);
    expect(texts).toContain('전일 종가 200');
    // Month names on the time axis come from the Korean lang ("1월", "2월", …).
    expect(texts.some((t) => /^\d{1,2}월/.test(t))).toBe(true);
    expect(texts.some((t) => /Jan|Feb|Mar/.test(t))).toBe(false);
    // The volume axis' top tick in 만 (volumes here reach 130,000).
    expect(texts.filter((t) => /^[\d.]+만$/.test(t))).toHaveLength(1);
  });
});
