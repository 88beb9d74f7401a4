import { formatMoney } from '../../../contract/money';

/**
 * How a setting's stored number reads in its input and back (contract/settings.ts units):
 * `minuteOfDay` as HH:MM, `switch` as on/off (1/0), `basisPoints` as a percentage with up to two
 * decimals; the rest as whole numbers. `fromDraft` answers NaN for what is not such a value, so
 * the contract's schema refuses it.
 */
export function toDraft(unit: string, value: number): string {
  if (unit === 'minuteOfDay') {
    const hours = Math.floor(value / 60);
    return `${String(hours).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
  }
  if (unit === 'basisPoints') return percentOf(value);
  return String(value);
}

export function fromDraft(unit: string, draft: string): number {
  const text = draft.trim();
  if (unit === 'minuteOfDay') {
    const match = /^(\d{1,2}):(\d{2})$/.exec(text);
    if (!match) return Number.NaN;
    const hours = Number(match[1]);
    const minutes = Number(match[2]);
    return hours < 24 && minutes < 60 ? hours * 60 + minutes : Number.NaN;
  }
  if (unit === 'basisPoints') {
    const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
    return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
  }
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** 50 basis points → "0.5", 125 → "1.25". */
function percentOf(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** A value as staff read it in a sentence ("the default is …"), without the unit's word. */
export function readable(unit: string, value: number): string {
  if (unit === 'won') return formatMoney(value, 'KRW');
  return toDraft(unit, value);
}
