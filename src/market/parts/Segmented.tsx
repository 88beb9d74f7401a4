import './live-rows.css';

export interface SegmentItem<T extends string> {
  value: T;
  label: string;
}

interface SegmentedProps<T extends string> {
  items: readonly SegmentItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Each button gets `<testIdPrefix>-<value>`. */
  testIdPrefix?: string;
  /** 'pill' for filters, 'underline' for a screen's tabs. */
  variant?: 'pill' | 'underline';
  size?: 'sm' | 'xs';
  /** Share the row equally (a fixed set that must fit, like chart periods). */
  fill?: boolean;
}

/**
 * A row of choices (tabs, periods, filters): plain buttons and classes (live-rows.css), no
 * Chakra recipe or style props, as a screen may draw many of them in its first render.
 */
export function Segmented<T extends string>({
  items,
  value,
  onChange,
  testIdPrefix,
  variant = 'pill',
  size = 'sm',
  fill = false,
}: SegmentedProps<T>) {
  const classes = ['maru-seg', `maru-seg-${variant}`];
  if (size === 'xs') classes.push('maru-seg-xs');
  if (fill) classes.push('maru-seg-fill');
  return (
    <div role="tablist" className={classes.join(' ')}>
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          role="tab"
          aria-selected={item.value === value}
          onClick={() => onChange(item.value)}
          data-testid={testIdPrefix ? `${testIdPrefix}-${item.value}` : undefined}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
