import type { ReactNode } from 'react';
import { useState } from 'react';

export type FlashDirection = 'up' | 'down';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The reader asked the system for less motion (checked at each change, so a switch applies). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/**
 * Whether a price just moved, and which way: the direction and a counter that changes with each
 * move (the flashing element is keyed on it, so two rises in a row flash twice). No flash on the
 * first value, when it did not change, or under prefers-reduced-motion.
 */
export function usePriceFlash(value: number | null | undefined): {
  direction: FlashDirection | null;
  count: number;
} {
  const [seen, setSeen] = useState(value);
  const [flash, setFlash] = useState<{ direction: FlashDirection | null; count: number }>({
    direction: null,
    count: 0,
  });
  // Adjusting state while rendering (React's pattern for "when a prop changes"): no extra
  // effect pass, and the flash starts in the same frame the new price is drawn.
  if (value !== seen) {
    setSeen(value);
    if (typeof seen === 'number' && typeof value === 'number' && !prefersReducedMotion()) {
      setFlash((f) => ({ direction: value > seen ? 'up' : 'down', count: f.count + 1 }));
    }
  }
  return flash;
}

/**
 * The animation: a red (up) or blue (down) background fading out over 0.6 s, Korean colours as
 * in the rest of the market screens. The media query is the second guard: nothing moves under
 * reduced motion even if a flash was already on screen when the setting changed.
 */
const FLASH_CSS = `
@keyframes maru-flash-up { from { background-color: rgba(229, 51, 63, 0.24); } to { background-color: transparent; } }
@keyframes maru-flash-down { from { background-color: rgba(37, 99, 235, 0.24); } to { background-color: transparent; } }
.maru-flash { border-radius: var(--chakra-radii-sm); padding-inline: 0.25rem; margin-inline: -0.25rem; }
.maru-flash[data-flash='up'] { animation: maru-flash-up 0.6s ease-out; }
.maru-flash[data-flash='down'] { animation: maru-flash-down 0.6s ease-out; }
@media (prefers-reduced-motion: reduce) { .maru-flash[data-flash] { animation: none; } }
`;

/** A price that flashes on change (usePriceFlash). */
export function PriceFlash({
  value,
  children,
  testId,
}: {
  value: number | null | undefined;
  children: ReactNode;
  testId?: string;
}) {
  const { direction, count } = usePriceFlash(value);
  return (
    <>
      {/* React 19 hoists this into <head> once, however many prices are on the screen. */}
      <style href="maru-price-flash" precedence="default">
        {FLASH_CSS}
      </style>
      {/* A plain span: prices re-render with every quote, and style props cost a pass through
          the style engine each time. */}
      <span
        key={count}
        className="maru-flash"
        data-flash={direction ?? undefined}
        data-testid={testId}
      >
        {children}
      </span>
    </>
  );
}
