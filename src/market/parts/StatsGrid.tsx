import type { ReactNode } from 'react';
import './live-rows.css';

export interface Stat {
  key: string;
  label: string;
  value: ReactNode;
  /** A CSS colour (the direction colours of format.ts), not a Chakra token. */
  color?: string;
  /** Shown under the value, small (e.g. why a figure is missing). */
  note?: string;
  /** Takes the whole row (long values such as an industry name). */
  wide?: boolean;
  /** The value on a line of its own under the label, whatever its length. */
  stacked?: boolean;
}

/**
 * Two columns of label and value, as brokerage detail screens list a stock's figures. A value too
 * long for its column (Korean exact amounts such as "1,182조 1,500억" at 390 px) moves under its
 * label and may break between its groups; nothing is clipped. Plain elements and classes
 * (live-rows.css): the grid re-renders with every live quote.
 */
export function StatsGrid({
  stats,
  placeholder = false,
}: {
  stats: readonly Stat[];
  /** The layout of figures still loading (no test ids: nothing here is a figure yet). */
  placeholder?: boolean;
}) {
  return (
    <div className="maru-stats">
      {stats.map((s) => (
        <div
          key={s.key}
          className={
            [s.wide && 'maru-stat-wide', s.stacked && 'maru-stat-stacked']
              .filter(Boolean)
              .join(' ') || undefined
          }
          data-testid={placeholder ? undefined : `stat-${s.key}`}
        >
          <div className="maru-stat-line">
            <p className="maru-stat-label">{s.label}</p>
            <p
              // A figure replaces the placeholder's dash as a new element: the same element
              // growing to the left (right-aligned) would count as a layout shift.
              key={placeholder ? 'dash' : 'value'}
              className="maru-stat-value"
              style={s.color ? { color: s.color } : undefined}
              title={s.note}
            >
              {s.value}
            </p>
          </div>
          {s.note ? <p className="maru-stat-note">{s.note}</p> : null}
        </div>
      ))}
    </div>
  );
}
