import { describe, expect, it } from 'vitest';
import type { FxRate } from '../../../contract';
import { Refusal } from '../../refusal';
import { limitIn, toWon, wonPerUnit } from './fund-limits';

const rate = (currency: FxRate['currency'], krwPerUnit: number) =>
  ({ currency, krwPerUnit }) as FxRate;
const maru = { feed: { fxRates: () => [rate('USD', 1400), rate('JPY', 9.3)] } } as never;

describe('fund limits in other currencies', () => {
  it('converts minor units to whole won at the feed rate, USDT as USD', () => {
    expect(toWon(maru, 'KRW', 100_000)).toBe(100_000);
    expect(toWon(maru, 'USD', 12_345)).toBe(172_830); // $123.45 × 1400
    expect(toWon(maru, 'USDT', 1_000_000)).toBe(1_400); // 1 USDT
    expect(wonPerUnit(maru, 'JPY')).toBe(9.3);
  });

  it('never loosens a limit: minimums round up, maximums down', () => {
    // 100,000 won = $71.428…: the minimum is $71.43, the maximum $71.42.
    expect(limitIn(maru, 'USD', 100_000, 'min')).toBe(7_143);
    expect(limitIn(maru, 'USD', 100_000, 'max')).toBe(7_142);
    expect(limitIn(maru, 'KRW', 100_000, 'min')).toBe(100_000);
    expect(limitIn(maru, 'KRW', 100_000, 'max')).toBe(100_000);
  });

  it('refuses a currency the feed has no rate for', () => {
    expect(() => wonPerUnit(maru, 'VND')).toThrow(Refusal);
  });
});
