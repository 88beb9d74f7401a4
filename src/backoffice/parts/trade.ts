import { formatMoney } from '../../../contract/money';
import type { LockRule } from '../../../contract/trade';

/**
 * The order machine's states as the staff order search filters them (machines/order.ts holds
 * them), nested ones after their parent.
 */
export const ORDER_STATES: readonly string[] = [
  'pending',
  'holding',
  'holding.locked',
  'holding.closable',
  'closed',
  'cancelled',
];

/** Whole won as staff read it: `1,234,000 KRW`; a dash for none. */
export function won(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${formatMoney(value, 'KRW')} KRW`;
}

/** A signed amount of won (P&L): `+1,000 KRW`, `-1,000 KRW`. */
export function signedWon(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return `${value > 0 ? '+' : ''}${won(value)}`;
}

const PPM_PER_PERCENT = 10_000;

/** A share in millionths as a percentage with up to four decimals: 150 → "0.015". */
export function percentOfPpm(ppm: number): string {
  const whole = Math.floor(ppm / PPM_PER_PERCENT);
  const rest = String(ppm % PPM_PER_PERCENT)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return rest === '' ? String(whole) : `${whole}.${rest}`;
}

/**
 * A typed percentage as millionths, read as text so no float rounds it ("0.015" → 150); NaN
 * when it is not a percentage with at most four decimals (the contract's schema then refuses it).
 */
export function ppmOfPercent(text: string): number {
  const match = /^(\d{1,6})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * PPM_PER_PERCENT + Number((match[2] ?? '').padEnd(4, '0'));
}

/** Typed leverage multiples ("1, 2, 5") as numbers, ascending; NaN for what is not a number. */
export function leveragesOf(text: string): number[] {
  const parts = text
    .split(/[\s,]+/)
    .map((part) => part.trim().replace(/^(\d+)[x×]$/i, '$1'))
    .filter((part) => part !== '');
  return parts
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN))
    .sort((a, b) => a - b);
}

/** The i18n key and count of a lock rule: 15 minutes, or T+1. */
export function lockWords(lock: LockRule): { key: string; count: number } {
  if (lock.count === 0) return { key: 'trade.lock.none', count: 0 };
  return {
    key: lock.kind === 'minutes' ? 'trade.lock.minutes' : 'trade.lock.days',
    count: lock.count,
  };
}
