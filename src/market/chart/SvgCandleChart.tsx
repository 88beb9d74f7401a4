import { memo, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Candle } from '../../../contract';
import { DIRECTION_COLOR, formatSeoulChartDate } from '../format';
import type { CandleChartProps } from './CandleChart';
import {
  BRAND,
  MOVING_AVERAGES,
  movingAverage,
  priceText,
  showsPrevClose,
  volumeTick,
} from './chartOptions';

/**
 * The chart's first view as plain SVG: the candles (or the time-share line), the volume bars, the
 * daily averages and the previous close, laid out as Highcharts lays out `chartOptions` (same
 * height, panes, colours and axis side). Highcharts' module evaluation and first render are one
 * ~0.9 s task on a slow phone; this is a few milliseconds, so the stock screen stays responsive
 * while it loads, and StockChart hands over to Highcharts on the first touch or when idle.
 */

const HEIGHT = 280;
/** Highcharts' `spacing` [top, right, bottom, left] and the room under the plot for dates. */
const SPACE = { top: 8, right: 4, bottom: 4, left: 8 };
const X_LABELS = 16;
/** The price pane's height and the volume pane's top, as fractions of the plot (yAxis options). */
const PRICE_PANE = 0.74;
const VOLUME_TOP = 0.78;
const AXIS_TEXT = { fill: '#9ca3af' } as const;
/** Width of a tabular digit at 10px, for the price labels' gutter (no text measuring here). */
const DIGIT_PX = 6;
/** Without a measured width (a test DOM), a phone's chart width. */
const FALLBACK_WIDTH = 360;

type Props = CandleChartProps & {
  /**
   * The chart's width in CSS pixels, measured by the card before the candles arrive (0: not yet
   * known, as in a test DOM). Measured here, the first view would be drawn at a guessed width and
   * every candle redrawn once measured, ~30 ms of attribute writes on the page's load.
   */
  width: number;
};

/** The history with the forming candle in place (replacing its bucket, or appended after it). */
export function withLive(candles: readonly Candle[], live: Candle | null): readonly Candle[] {
  const last = candles[candles.length - 1];
  if (!live || (last && live.start < last.start)) return candles;
  if (last && live.start === last.start) return [...candles.slice(0, -1), live];
  return [...candles, live];
}

/** Up to `count` round tick values covering [min, max] (1, 2, 2.5 or 5 times a power of ten). */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step)
    ticks.push(Math.round(v * 1e6) / 1e6);
  return ticks;
}

/** The round value at or above `max` Highcharts puts atop an axis of two ticks (0 and the top). */
export function niceTop(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * power >= max) ?? 10) * power;
}

const axisKind = (period: Props['period']) =>
  period === '1d' ? 'day' : period === '1w' || period === '1M' ? 'month' : 'time';

/** Highcharts draws a candle red when it closed above its open, otherwise blue. */
const candleColor = (c: Candle) => (c.close > c.open ? DIRECTION_COLOR.up : DIRECTION_COLOR.down);
const volumeColor = (c: Candle) =>
  DIRECTION_COLOR[c.close > c.open ? 'up' : c.close < c.open ? 'down' : 'flat'];

interface Scale {
  width: number;
  plotLeft: number;
  plotWidth: number;
  plotTop: number;
  plotHeight: number;
  count: number;
  priceMin: number;
  priceMax: number;
  volumeMax: number;
}

const slot = (s: Scale) => s.plotWidth / Math.max(1, s.count);
const xOf = (s: Scale, i: number) => s.plotLeft + slot(s) * (i + 0.5);
const yOf = (s: Scale, v: number) =>
  s.plotTop + (1 - (v - s.priceMin) / (s.priceMax - s.priceMin || 1)) * s.plotHeight * PRICE_PANE;
const volumeY = (s: Scale, v: number) =>
  s.plotTop + s.plotHeight - (v / (s.volumeMax || 1)) * s.plotHeight * (1 - VOLUME_TOP);

const px = (v: number) => Math.round(v * 10) / 10;

/** A volume bar as a closed subpath, so a whole colour's bars are one `<path>`. */
function volumeBar(s: Scale, c: Candle, i: number): string {
  const x = xOf(s, i);
  const bar = Math.max(1, slot(s) * 0.8);
  const top = volumeY(s, c.volume);
  const height = Math.max(0, s.plotTop + s.plotHeight - top);
  return `M${px(x - bar / 2)} ${px(top)}h${px(bar)}v${px(height)}h${px(-bar)}Z`;
}

/**
 * One candle as one `<path>`: the wick (an open subpath, drawn by the stroke) and the body (a
 * closed one, filled). A node per candle rather than four keeps the first view's render and
 * layout small on a slow phone; `data-dir` says which colour it took.
 */
function CandleMark({ c, i, s }: { c: Candle; i: number; s: Scale }) {
  const x = xOf(s, i);
  const body = Math.max(1, slot(s) * 0.6);
  const top = yOf(s, Math.max(c.open, c.close));
  const height = Math.max(1, yOf(s, Math.min(c.open, c.close)) - top);
  const color = candleColor(c);
  return (
    <path
      data-candle={c.start}
      data-dir={c.close > c.open ? 'up' : 'down'}
      d={
        `M${px(x)} ${px(yOf(s, c.high))}V${px(yOf(s, c.low))}` +
        `M${px(x - body / 2)} ${px(top)}h${px(body)}v${px(height)}h${px(-body)}Z`
      }
      fill={color}
      stroke={color}
      strokeWidth={1}
    />
  );
}

/** The volume bars of `candles` (the n-th at slot `offset + n`), one path per colour. */
function VolumeBars({
  candles,
  s,
  offset = 0,
}: {
  candles: readonly Candle[];
  s: Scale;
  offset?: number;
}) {
  const byColor = new Map<string, string>();
  candles.forEach((c, n) => {
    const color = volumeColor(c);
    byColor.set(color, (byColor.get(color) ?? '') + volumeBar(s, c, offset + n));
  });
  return (
    <>
      {[...byColor].map(([color, d]) => (
        <path key={color} data-volume={color} d={d} fill={color} />
      ))}
    </>
  );
}

/** Every closed candle: skips the render a forming-candle tick causes while the scale holds. */
const History = memo(function History({
  candles,
  s,
  line,
}: {
  candles: readonly Candle[];
  s: Scale;
  line: boolean;
}) {
  return (
    <>
      <VolumeBars candles={candles} s={s} />
      {line ? null : candles.map((c, i) => <CandleMark key={c.start} c={c} i={i} s={s} />)}
    </>
  );
});

const pathOf = (points: readonly [number, number][]) =>
  points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`).join('');

export default function SvgCandleChart({
  candles,
  period,
  live,
  decimals,
  labels,
  locale,
  prevClose = null,
  from = null,
  width: measured,
}: Props) {
  const { t } = useTranslation();
  const width = measured || FALLBACK_WIDTH;
  const id = useId();
  const line = period === 'line';
  const all = useMemo(() => withLive(candles, live), [candles, live]);
  // The daily chart loads a year for its averages; the window starts at `from`.
  const first =
    from === null
      ? 0
      : Math.max(
          0,
          all.findIndex((c) => c.start >= from),
        );
  const view = all.slice(first === -1 ? all.length : first);
  const averages = useMemo(
    () =>
      period === '1d'
        ? MOVING_AVERAGES.map(({ days, color }) => ({
            days,
            color,
            points: movingAverage(all, days).filter(([start]) => from === null || start >= from),
          }))
        : [],
    [all, period, from],
  );
  const reference =
    prevClose !== null && prevClose > 0 && showsPrevClose(period) ? prevClose : null;

  let low = Infinity;
  let high = -Infinity;
  let topVolume = 0;
  for (const c of view) {
    low = Math.min(low, line ? c.close : c.low);
    high = Math.max(high, line ? c.close : c.high);
    topVolume = Math.max(topVolume, c.volume);
  }
  const volumeMax = niceTop(topVolume);
  for (const a of averages)
    for (const [, v] of a.points) {
      low = Math.min(low, v);
      high = Math.max(high, v);
    }
  const pad = (high - low) * 0.05 || Math.abs(high) * 0.01 || 1;
  const ticks = niceTicks(low - pad, high + pad);
  const priceMin = Math.min(ticks[0] ?? low, low);
  const priceMax = Math.max(ticks[ticks.length - 1] ?? high, high);
  const longest = Math.max(...ticks.map((v) => priceText(v, decimals).length), 4);
  const gutter = 4 + longest * DIGIT_PX + 2;
  const scaleKey = `${width}|${view.length}|${priceMin}|${priceMax}|${volumeMax}|${first}`;
  const s: Scale = useMemo(
    () => ({
      width,
      plotLeft: SPACE.left,
      plotWidth: Math.max(10, width - SPACE.left - SPACE.right - gutter),
      plotTop: SPACE.top,
      plotHeight: HEIGHT - SPACE.top - SPACE.bottom - X_LABELS,
      count: view.length,
      priceMin,
      priceMax,
      volumeMax,
    }),
    // The scale's inputs are all in its key; a tick inside the axes keeps the same object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [scaleKey],
  );
  // The same array while only the forming candle moves, so the memoised history skips its render.
  const closed = useMemo(
    () => view.slice(0, -1),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [candles, view.length, first],
  );
  const indexOf = useMemo(() => new Map(closed.map((c, i) => [c.start, i])), [closed]);
  const forming = view[view.length - 1];
  const axisX = s.plotLeft + s.plotWidth;
  const kind = axisKind(period);
  const dateTicks =
    view.length === 0 ? [] : [0.1, 0.4, 0.7].map((f) => Math.floor(f * (view.length - 1)));
  const lastClose = forming?.close ?? 0;

  const name = `${labels.price} / ${labels.volume}`;
  const summary =
    forming && view[0]
      ? t('market.chartSummary', {
          from: formatSeoulChartDate(view[0].start, locale, 'full'),
          to: formatSeoulChartDate(forming.start, locale, 'full'),
          close: priceText(lastClose, decimals),
          high: priceText(Math.max(...view.map((c) => c.high)), decimals),
          low: priceText(Math.min(...view.map((c) => c.low)), decimals),
        })
      : '';

  return (
    <div style={{ height: HEIGHT, width: '100%' }} data-testid="stock-chart-svg">
      <svg
        width="100%"
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="xMinYMin meet"
        role="img"
        aria-labelledby={`${id}t ${id}d`}
        // Highcharts' 10px labels; set in CSS, which a page's text styles would otherwise override.
        style={{ display: 'block', fontFamily: 'inherit', fontSize: '10px', lineHeight: 1 }}
      >
        <title id={`${id}t`}>{name}</title>
        <desc id={`${id}d`}>{summary}</desc>
        <g aria-hidden="true">
          {ticks.map((v) => (
            <g key={v}>
              <line
                x1={s.plotLeft}
                x2={axisX}
                y1={yOf(s, v)}
                y2={yOf(s, v)}
                stroke="#f1f3f5"
                strokeWidth={1}
              />
              <text x={axisX + 4} y={yOf(s, v) + 3} {...AXIS_TEXT}>
                {priceText(v, decimals)}
              </text>
            </g>
          ))}
          <text x={axisX + 4} y={volumeY(s, volumeMax) + 12} {...AXIS_TEXT}>
            {volumeTick(volumeMax, locale)}
          </text>
          <line
            x1={s.plotLeft}
            x2={axisX}
            y1={s.plotTop + s.plotHeight}
            y2={s.plotTop + s.plotHeight}
            stroke="#e5e7eb"
          />
          {dateTicks.map((i) => (
            <text
              key={i}
              x={xOf(s, i)}
              y={HEIGHT - SPACE.bottom - 3}
              textAnchor="middle"
              {...AXIS_TEXT}
            >
              {formatSeoulChartDate(view[i]!.start, locale, kind)}
            </text>
          ))}
          {line ? (
            <path
              d={pathOf(view.map((c, i) => [xOf(s, i), yOf(s, c.close)]))}
              fill="none"
              stroke={BRAND}
              strokeWidth={1.6}
              data-testid="chart-svg-line"
            />
          ) : null}
          <g data-testid="chart-svg-candles">
            <History candles={closed} s={s} line={line} />
            {forming ? (
              <>
                <VolumeBars candles={[forming]} s={s} offset={view.length - 1} />
                {line ? null : <CandleMark c={forming} i={view.length - 1} s={s} />}
              </>
            ) : null}
          </g>
          {averages.map((a) => (
            <path
              key={a.days}
              d={pathOf(
                a.points.map(([start, v]) => [
                  xOf(s, indexOf.get(start) ?? view.length - 1),
                  yOf(s, v),
                ]),
              )}
              fill="none"
              stroke={a.color}
              strokeWidth={1}
            />
          ))}
          {averages.length > 0 ? (
            <g>
              {averages.map((a, i) => (
                <g key={a.days} transform={`translate(${SPACE.left + i * 48},${SPACE.top + 2})`}>
                  <line x1={0} x2={10} y1={0} y2={0} stroke={a.color} strokeWidth={2} />
                  <text x={13} y={3.5} fill="#4b5563">
                    MA{a.days}
                  </text>
                </g>
              ))}
            </g>
          ) : null}
          {reference !== null && reference >= priceMin && reference <= priceMax ? (
            <g>
              <line
                x1={s.plotLeft}
                x2={axisX}
                y1={yOf(s, reference)}
                y2={yOf(s, reference)}
                stroke="#6b7280"
                strokeDasharray="4 3"
              />
              <text x={s.plotLeft + 2} y={yOf(s, reference) - 3} fill="#6b7280">
                {`${labels.prevClose} ${priceText(reference, decimals)}`}
              </text>
            </g>
          ) : null}
        </g>
      </svg>
    </div>
  );
}
