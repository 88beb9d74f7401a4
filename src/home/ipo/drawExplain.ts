import type { Allocation, DrawSummary } from '../../../contract/ipo-draw';

/** One sentence of the explanation: its key under `ipo.draw.explain` and its figures. */
export interface ExplainLine {
  key: string;
  params: Record<string, number | string>;
}

/** How one of my subscriptions got its shares, step by step, as docs/ipo-draw.md words the rule. */
export interface MyExplanation {
  id: string;
  applied: number;
  equal: ExplainLine[];
  proportional: ExplainLine[];
  total: number;
}

/** (P × applied) mod W, exact past 2^53 as the draw computes it. */
function remainderOf(pool: number, applied: number, base: number): number {
  if (base <= 0) return 0;
  return Number((BigInt(pool) * BigInt(applied)) % BigInt(base));
}

/**
 * The rule applied to one allocation of the re-computed draw: the equal step (eligible or not,
 * the even share, the leftover lottery) and the proportional step (filled in full, the share of
 * P × applied ÷ W with its remainder, the extra share by largest remainder or tie lottery).
 */
export function explainAllocation(summary: DrawSummary, a: Allocation): MyExplanation {
  const s = summary;
  const equal: ExplainLine[] = [];
  if (a.applied < s.minShares) {
    equal.push({ key: 'notEligible', params: { applied: a.applied, min: s.minShares } });
  } else {
    equal.push({
      key: 'equalEach',
      params: { pool: s.equalPool, eligible: s.eligible, min: s.minShares, each: s.equalEach },
    });
    if (a.equalLottery) {
      equal.push({ key: 'equalLotteryWon', params: { left: s.equalLotteryShares } });
    } else if (s.equalLotteryShares > 0) {
      equal.push({ key: 'equalLotteryLost', params: { left: s.equalLotteryShares } });
    }
  }
  equal.push({ key: 'equalTotal', params: { shares: a.equal } });

  const proportional: ExplainLine[] = [];
  const wanted = a.applied - a.equal;
  proportional.push({
    key: 'proportionalPool',
    params: { pool: s.proportionalPool, offered: s.sharesOffered, given: s.equalAllotted },
  });
  if (wanted === 0) {
    proportional.push({ key: 'nothingMore', params: {} });
  } else if (a.filled) {
    proportional.push({ key: 'filled', params: { wanted } });
  } else {
    const { pool, applied: base } = s.proportionalBase;
    const extra = a.remainder === 'none' ? 0 : 1;
    proportional.push({
      key: 'share',
      params: {
        pool,
        base,
        applied: a.applied,
        share: a.proportional - extra,
        remainder: remainderOf(pool, a.applied, base),
      },
    });
    if (a.remainder === 'largest') {
      proportional.push({ key: 'remainderLargest', params: { cutoff: s.remainderCutoff ?? 0 } });
    } else if (a.remainder === 'lottery') {
      proportional.push({ key: 'remainderLottery', params: { cutoff: s.remainderCutoff ?? 0 } });
    } else if (s.remainderShares > 0) {
      proportional.push({
        key: 'remainderNone',
        params: { left: s.remainderShares, cutoff: s.remainderCutoff ?? 0 },
      });
    }
  }
  proportional.push({ key: 'proportionalTotal', params: { shares: a.proportional } });
  return { id: a.id, applied: a.applied, equal, proportional, total: a.total };
}
