import { describe, expect, it } from 'vitest';
import { limitPriceProblem, lockWords, parsePrice } from './ticketRules';

const limits = { lower: 139_300, upper: 258_500 };

describe('the ticket price check', () => {
  it('reads typed digits with or without separators, and nothing else', () => {
    expect(parsePrice('199,400')).toBe(199_400);
    expect(parsePrice(' 1 999 ')).toBe(1_999);
    expect(parsePrice('19.5')).toBeNull();
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('9'.repeat(20))).toBeNull();
  });

  it('refuses with the codes the server uses, and passes a price on the tick inside the limits', () => {
    expect(limitPriceProblem('', limits)?.code).toBe('trade.price_required');
    expect(limitPriceProblem('0', limits)?.code).toBe('trade.invalid_price');
    expect(limitPriceProblem('199450', limits)).toEqual({
      code: 'trade.price_not_on_tick',
      params: { tick: '100' },
    });
    expect(limitPriceProblem('139200', limits)).toEqual({
      code: 'trade.price_limit',
      params: { lower: '139,300', upper: '258,500' },
    });
    expect(limitPriceProblem('259000', limits)?.code).toBe('trade.price_limit');
    expect(limitPriceProblem('139300', limits)).toBeNull();
    expect(limitPriceProblem('258500', limits)).toBeNull();
    // The band's edge: 2,000 is in the 5-won band, 1,999 in the 1-won band.
    expect(limitPriceProblem('2001', { lower: null, upper: null })?.code).toBe(
      'trade.price_not_on_tick',
    );
    expect(limitPriceProblem('1999', { lower: null, upper: null })).toBeNull();
  });
});

describe("a product's lock in words", () => {
  it('says minutes after the fill, the next business day, N business days, or none', () => {
    expect(lockWords({ kind: 'minutes', count: 15 }).key).toBe('ticket.lock.minutes');
    expect(lockWords({ kind: 'days', count: 1 }).key).toBe('ticket.lock.nextDay');
    expect(lockWords({ kind: 'days', count: 2 })).toEqual({
      key: 'ticket.lock.days',
      params: { count: 2 },
    });
    expect(lockWords({ kind: 'minutes', count: 0 }).key).toBe('ticket.lock.none');
  });
});
