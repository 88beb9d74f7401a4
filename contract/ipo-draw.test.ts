import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EQUAL_SHARE_BPS,
  DrawRandom,
  IPO_DRAW_RULE,
  drawAllocation,
  seedHash,
  verifyDraw,
  type DrawInput,
  type DrawResult,
  type PublishedDraw,
  type Subscription,
} from './ipo-draw';

// ---------------------------------------------------------------------------------------------
// A second, deliberately plain implementation of the rule as docs/ipo-draw.md states it: Node's
// own SHA-256, BigInt arithmetic, and step 3a in literal rounds. The module must agree with it.
// ---------------------------------------------------------------------------------------------

function referenceWords(seed: string): () => number {
  let block = Buffer.alloc(0);
  let index = -1;
  let word = 8;
  return () => {
    if (word === 8) {
      index += 1;
      block = createHash('sha256').update(`${seed}:${index}`, 'utf8').digest();
      word = 0;
    }
    return block.readUInt32BE(4 * word++);
  };
}

interface ReferenceRow {
  id: string;
  applied: number;
  equal: number;
  proportional: number;
  equalLottery: boolean;
  filled: boolean;
  remainder: 'none' | 'largest' | 'lottery';
}

function referenceDraw(input: DrawInput): { rows: ReferenceRow[]; words: number } {
  const next = referenceWords(input.seed);
  let words = 0;
  const below = (n: number): number => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = next();
      words += 1;
      if (w < limit) return w % n;
    }
  };
  const choose = <T>(list: T[], k: number): T[] => {
    const l = [...list];
    for (let i = 0; i < k; i++) {
      const j = i + below(l.length - i);
      [l[i], l[j]] = [l[j] as T, l[i] as T];
    }
    return l.slice(0, k);
  };
  const rows: ReferenceRow[] = [...input.subscriptions]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((s) => ({
      id: s.id,
      applied: s.shares,
      equal: 0,
      proportional: 0,
      equalLottery: false,
      filled: false,
      remainder: 'none',
    }));
  const S = BigInt(input.sharesOffered);
  const m = input.minShares;
  const bps = BigInt(input.equalShareBps ?? 5000);
  const E = (S * bps + 9999n) / 10000n;
  const eligible = rows.filter((r) => r.applied >= m);
  let given = 0n;
  if (eligible.length > 0) {
    const perHead = E / BigInt(eligible.length);
    const q = perHead >= BigInt(m) ? m : Number(perHead);
    for (const r of eligible) r.equal = q;
    given = BigInt(q * eligible.length);
    if (q < m) {
      for (const r of choose(eligible, Number(E - given))) {
        r.equal += 1;
        r.equalLottery = true;
      }
      given = E;
    }
  }
  let P = S - given;
  let W = rows.reduce((sum, r) => sum + BigInt(r.applied), 0n);
  const want = (r: ReferenceRow) => BigInt(r.applied - r.equal);
  if (rows.reduce((sum, r) => sum + want(r), 0n) <= P) {
    for (const r of rows) {
      r.proportional = r.applied - r.equal;
      r.filled = true;
    }
    return { rows, words };
  }
  for (;;) {
    const round = rows.filter((r) => !r.filled && P * BigInt(r.applied) >= want(r) * W);
    if (round.length === 0) break;
    for (const r of round) {
      r.filled = true;
      r.proportional = r.applied - r.equal;
    }
    for (const r of round) {
      P -= want(r);
      W -= BigInt(r.applied);
    }
  }
  const left = rows.filter((r) => !r.filled);
  const remainderOf = new Map<ReferenceRow, bigint>();
  let L = P;
  for (const r of left) {
    r.proportional = Number((P * BigInt(r.applied)) / W);
    remainderOf.set(r, (P * BigInt(r.applied)) % W);
    L -= BigInt(r.proportional);
  }
  if (L > 0n) {
    const byRemainder = [...left].sort((a, b) => {
      const x = remainderOf.get(a) as bigint;
      const y = remainderOf.get(b) as bigint;
      return x > y ? -1 : x < y ? 1 : 0;
    });
    const cutoff = remainderOf.get(byRemainder[Number(L) - 1] as ReferenceRow) as bigint;
    const above = left.filter((r) => (remainderOf.get(r) as bigint) > cutoff);
    const tied = left.filter((r) => remainderOf.get(r) === cutoff);
    for (const r of above) r.remainder = 'largest';
    const k = Number(L) - above.length;
    if (k === tied.length) for (const r of tied) r.remainder = 'largest';
    else for (const r of choose(tied, k)) r.remainder = 'lottery';
    for (const r of left) if (r.remainder !== 'none') r.proportional += 1;
  }
  return { rows, words };
}

// ---------------------------------------------------------------------------------------------
// Generators of draw inputs: hot, barely oversubscribed and undersubscribed offerings.
// ---------------------------------------------------------------------------------------------

const idArb = fc
  .string({ minLength: 1, maxLength: 6, unit: 'grapheme' })
  .filter((s) => !s.includes('\u0000'));
// Round numbers repeat, so remainders tie; applications near the minimum are the ones a barely
// oversubscribed offering fills in full (step 3a).
const sharesArb = fc.oneof(
  fc.constantFrom(1, 5, 10, 11, 12, 15, 20, 50, 100),
  fc.integer({ min: 1, max: 30 }),
  fc.integer({ min: 1, max: 2_000 }),
  fc.integer({ min: 1, max: 100_000 }),
);
/** Everyone applying for one of three amounts: the remainders tie at the cutoff (a tie lottery). */
const fewSharesArb = fc.constantFrom(10, 20, 30);
const subscriptionsArb = (maxLength: number, shares: fc.Arbitrary<number>) =>
  fc.uniqueArray(fc.record({ id: idArb, shares }), {
    maxLength,
    selector: (s) => s.id,
  });

const drawInputArb = (maxSubscribers = 40): fc.Arbitrary<DrawInput> =>
  fc
    .record({
      seed: fc.string({ minLength: 1, maxLength: 12 }),
      subscriptions: fc.oneof(
        subscriptionsArb(maxSubscribers, sharesArb),
        subscriptionsArb(maxSubscribers, fewSharesArb),
      ),
      minShares: fc.integer({ min: 1, max: 20 }),
      equalShareBps: fc.option(fc.integer({ min: 5000, max: 10_000 }), { nil: undefined }),
      // Shares offered as a share of what was applied for: hot, barely oversubscribed, anything.
      ratio: fc.oneof(
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        fc.double({ min: 0.6, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1.3, noNaN: true }),
      ),
      nudge: fc.integer({ min: -3, max: 3 }),
    })
    .map(({ seed, subscriptions, minShares, equalShareBps, ratio, nudge }) => {
      const total = subscriptions.reduce((sum, s) => sum + s.shares, 0);
      const sharesOffered = Math.max(0, Math.floor(total * ratio) + nudge);
      return { seed, subscriptions, minShares, equalShareBps, sharesOffered };
    });

function shuffled<T>(list: readonly T[], seed: string): T[] {
  const random = new DrawRandom(seed);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const sumOf = (result: DrawResult, field: 'equal' | 'proportional' | 'total') =>
  result.allocations.reduce((sum, a) => sum + a[field], 0);
/** The proportional share without step 3c's extra share: no lottery touches it. */
const proportionalBase = (a: DrawResult['allocations'][number]) =>
  a.proportional - (a.remainder === 'none' ? 0 : 1);

const RUNS = { numRuns: 150 };

describe('SHA-256 and the seed hash', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
    ['a'.repeat(1_000_000), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
  ])('FIPS 180-2 vector %#', (message, digest) => {
    expect(seedHash(message)).toBe(digest);
  });

  it('hashes the seed as UTF-8, as Node does', () => {
    for (const seed of ['공모주-2026-11', '新股申購', 'emoji 🎲 seed'])
      expect(seedHash(seed)).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
  });
});

describe('the random stream', () => {
  it('is SHA-256 of "seed:counter", eight big-endian words a block (recorded vector)', () => {
    const random = new DrawRandom('maru-demo-2026');
    const words = Array.from({ length: 10 }, () => random.nextWord());
    expect(words).toEqual([
      2801283814, 2907134484, 2366492118, 1425178506, 1553393356, 1260367606, 3032305813,
      1766105262, 2952114458, 4027394966,
    ]);
    const next = referenceWords('maru-demo-2026');
    expect(words).toEqual(Array.from({ length: 10 }, () => next()));
    expect(random.wordsUsed).toBe(10);
  });

  it('matches Node over many blocks and seeds', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 40 }), (seed, count) => {
        const random = new DrawRandom(seed);
        const next = referenceWords(seed);
        for (let i = 0; i < count; i++) if (random.nextWord() !== next()) return false;
        return true;
      }),
    );
  });

  it('discards exactly the words at or above the largest multiple of n (no modulo bias)', () => {
    // n = 3 × 2^30: a quarter of all words are discarded.
    const n = 3 * 2 ** 30;
    const random = new DrawRandom('rejection');
    const words = new DrawRandom('rejection');
    let discarded = 0;
    for (let i = 0; i < 2_000; i++) {
      const value = random.below(n);
      let w = words.nextWord();
      while (w >= n) {
        discarded += 1;
        w = words.nextWord();
      }
      expect(value).toBe(w % n);
    }
    expect(random.wordsUsed).toBe(words.wordsUsed);
    // About 2,000 / 3 discarded; a wide band, but one that a stream without rejection misses.
    expect(discarded).toBeGreaterThan(550);
    expect(discarded).toBeLessThan(800);
  });

  it('is uniform enough: chi-square over 70,000 draws below 7 (fixed seed)', () => {
    const random = new DrawRandom('chi-square');
    const counts = new Array<number>(7).fill(0);
    const draws = 70_000;
    for (let i = 0; i < draws; i++) {
      const value = random.below(7);
      counts[value] = (counts[value] as number) + 1;
    }
    const expected = draws / 7;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 6 degrees of freedom: 0.381 and 22.46 are the 0.1 % and 99.9 % points.
    expect(chi2).toBeGreaterThan(0.381);
    expect(chi2).toBeLessThan(22.46);
  });

  it('is uniform on a range that needs rejection: thirds of 3 × 2^30', () => {
    const random = new DrawRandom('thirds');
    const counts = [0, 0, 0];
    const draws = 30_000;
    for (let i = 0; i < draws; i++) {
      const third = Math.floor(random.below(3 * 2 ** 30) / 2 ** 30);
      counts[third] = (counts[third] as number) + 1;
    }
    const chi2 = counts.reduce((sum, c) => sum + (c - draws / 3) ** 2 / (draws / 3), 0);
    expect(chi2).toBeLessThan(13.82); // 2 degrees of freedom, 99.9 %
  });

  it('refuses an empty seed and a range it cannot draw from', () => {
    expect(() => new DrawRandom('')).toThrow(RangeError);
    const random = new DrawRandom('x');
    for (const n of [0, -1, 1.5, 2 ** 32 + 1]) expect(() => random.below(n)).toThrow(RangeError);
    expect(random.below(1)).toBe(0);
  });
});

/** The worked example of docs/ipo-draw.md. */
const EXAMPLE: DrawInput = {
  seed: 'maru-demo-2026',
  sharesOffered: 20,
  minShares: 10,
  subscriptions: [
    { id: '7a', shares: 100 },
    { id: '1a', shares: 10 },
    { id: '4d', shares: 5 },
    { id: '2b', shares: 50 },
    { id: '5e', shares: 30 },
    { id: '3c', shares: 100 },
    { id: '6f', shares: 10 },
  ],
};

describe('recorded draws (golden)', () => {
  it('the worked example in docs/ipo-draw.md', () => {
    const result = drawAllocation(EXAMPLE);
    expect(result.summary).toEqual({
      rule: IPO_DRAW_RULE,
      seedHash: '9b31d3b789a34d46d482da7407d3c3e0a0fe49ffaf1d73cdb5a75052a1baa890',
      sharesOffered: 20,
      minShares: 10,
      equalShareBps: DEFAULT_EQUAL_SHARE_BPS,
      subscribers: 7,
      totalApplied: 305,
      oversubscribed: true,
      equalPool: 10,
      eligible: 6,
      equalEach: 1,
      equalLotteryShares: 4,
      equalAllotted: 10,
      proportionalPool: 10,
      filledInFull: 0,
      proportionalBase: { pool: 10, applied: 305 },
      remainderShares: 3,
      remainderCutoff: 100,
      remainderLotteryShares: 1,
      proportionalAllotted: 10,
      totalAllotted: 20,
      randomWords: 5,
    });
    const row = (a: DrawResult['allocations'][number]) =>
      `${a.id} ${a.applied} ${a.equal}${a.equalLottery ? '*' : ''} ${a.proportional} ${a.remainder} ${a.total}`;
    expect(result.allocations.map(row)).toEqual([
      '1a 10 2* 1 lottery 3',
      '2b 50 1 2 largest 3',
      '3c 100 1 3 none 4',
      '4d 5 0 0 none 0',
      '5e 30 2* 1 largest 3',
      '6f 10 2* 0 none 2',
      '7a 100 2* 3 none 5',
    ]);
  });

  it('a barely oversubscribed offering fills the small applications in full (step 3a)', () => {
    // E = 50, q = min(16, 10) = 10 each, 30 given, 20 move on: P = 70, W = 222. Round 1 fills a
    // (wants 0) and b (70 × 12 ≥ 2 × 222); then P = 68, W = 200 and c gets ⌊68 × 200 ÷ 200⌋.
    const result = drawAllocation({
      seed: 'fill',
      sharesOffered: 100,
      minShares: 10,
      subscriptions: [
        { id: 'a', shares: 10 },
        { id: 'b', shares: 12 },
        { id: 'c', shares: 200 },
      ],
    });
    expect(result.allocations.map((a) => [a.id, a.equal, a.proportional, a.filled])).toEqual([
      ['a', 10, 0, true],
      ['b', 10, 2, true],
      ['c', 10, 68, false],
    ]);
    expect(result.summary.proportionalBase).toEqual({ pool: 68, applied: 200 });
    expect(result.summary.randomWords).toBe(0);
  });

  it('2,000 generated subscriptions: the allocation digest is recorded', () => {
    const random = new DrawRandom('golden-inputs');
    const subscriptions: Subscription[] = [];
    for (let i = 0; i < 2_000; i++)
      subscriptions.push({
        id: seedHash(`account-${i}`).slice(0, 16),
        shares: 1 + random.below(500),
      });
    const result = drawAllocation({
      seed: 'golden-seed',
      sharesOffered: 3_001,
      minShares: 10,
      subscriptions,
    });
    const digest = createHash('sha256')
      .update(result.allocations.map((a) => `${a.id}:${a.equal}:${a.proportional}`).join('\n'))
      .digest('hex');
    expect({ digest, ...result.summary }).toMatchInlineSnapshot(`
      {
        "digest": "bf9752b0db1c213370093f6dff8de8a9026f54e605200f22a27f020be7b189ae",
        "eligible": 1971,
        "equalAllotted": 1501,
        "equalEach": 0,
        "equalLotteryShares": 1501,
        "equalPool": 1501,
        "equalShareBps": 5000,
        "filledInFull": 0,
        "minShares": 10,
        "oversubscribed": true,
        "proportionalAllotted": 1500,
        "proportionalBase": {
          "applied": 502198,
          "pool": 1500,
        },
        "proportionalPool": 1500,
        "randomWords": 1504,
        "remainderCutoff": 223500,
        "remainderLotteryShares": 3,
        "remainderShares": 840,
        "rule": "krx-equal-proportional/1",
        "seedHash": "f3b845bedc50a1777377f1dbca97e9035c4cbed22cb5767595619c1d8d57a195",
        "sharesOffered": 3001,
        "subscribers": 2000,
        "totalAllotted": 3001,
        "totalApplied": 502198,
      }
    `);
  });
});

describe('the draw follows the published rule', () => {
  it('agrees with the plain reference implementation, allocation by allocation', () => {
    fc.assert(
      fc.property(drawInputArb(), (input) => {
        const result = drawAllocation(input);
        const reference = referenceDraw(input);
        expect(result.allocations.map(({ total: _t, ...a }) => a)).toEqual(reference.rows);
        expect(result.summary.randomWords).toBe(reference.words);
      }),
      { numRuns: 300 },
    );
  });

  it('allots every share offered when oversubscribed, and exactly what was applied for otherwise', () => {
    fc.assert(
      fc.property(drawInputArb(), (input) => {
        const { summary, allocations } = drawAllocation(input);
        const total = sumOf({ summary, allocations }, 'total');
        expect(summary.totalAllotted).toBe(total);
        if (summary.totalApplied >= input.sharesOffered) expect(total).toBe(input.sharesOffered);
        else for (const a of allocations) expect(a.total).toBe(a.applied);
      }),
      RUNS,
    );
  });

  it('gives at least half the shares equally whenever enough subscribers qualify', () => {
    fc.assert(
      fc.property(drawInputArb(), (input) => {
        const result = drawAllocation(input);
        const { summary } = result;
        expect(2 * summary.equalPool).toBeGreaterThanOrEqual(input.sharesOffered);
        expect(sumOf(result, 'equal')).toBe(summary.equalAllotted);
        // The equal pool is given in full unless the qualifying subscribers, at m each, need less.
        expect(summary.equalAllotted).toBe(
          Math.min(summary.equalPool, summary.eligible * input.minShares),
        );
        if (summary.eligible * input.minShares >= input.sharesOffered / 2)
          expect(2 * summary.equalAllotted).toBeGreaterThanOrEqual(input.sharesOffered);
      }),
      RUNS,
    );
  });

  it('gives equal shares only to those who applied for the minimum, all the same give or take one', () => {
    fc.assert(
      fc.property(drawInputArb(), (input) => {
        const { summary, allocations } = drawAllocation(input);
        for (const a of allocations) {
          if (a.applied < input.minShares) expect(a.equal).toBe(0);
          else expect(a.equal).toBe(summary.equalEach + (a.equalLottery ? 1 : 0));
        }
        expect(allocations.filter((a) => a.equalLottery)).toHaveLength(summary.equalLotteryShares);
      }),
      RUNS,
    );
  });

  it('never gives anyone more than they applied for', () => {
    fc.assert(
      fc.property(drawInputArb(), (input) => {
        for (const a of drawAllocation(input).allocations) {
          expect(a.total).toBe(a.equal + a.proportional);
          expect(a.equal).toBeGreaterThanOrEqual(0);
          expect(a.proportional).toBeGreaterThanOrEqual(0);
          expect(a.total).toBeLessThanOrEqual(a.applied);
          if (a.filled) expect(a.total).toBe(a.applied);
        }
      }),
      RUNS,
    );
  });

  it('gives the same result for the same seed and inputs, in any order', () => {
    fc.assert(
      fc.property(drawInputArb(), fc.string(), (input, order) => {
        const once = drawAllocation(input);
        const again = drawAllocation({
          ...input,
          subscriptions: shuffled(input.subscriptions, `${order}.`),
        });
        expect(again).toEqual(once);
      }),
      RUNS,
    );
  });

  it('orders by id in code units, whatever the characters', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 5, unit: 'binary' }), {
          maxLength: 60,
        }),
        (ids) => {
          const usable = ids.filter((id) => !id.includes('\u0000'));
          const result = drawAllocation({
            seed: 's',
            sharesOffered: 5,
            minShares: 1,
            subscriptions: usable.map((id) => ({ id, shares: 1 })),
          });
          expect(result.allocations.map((a) => a.id)).toEqual([...usable].sort());
        },
      ),
      RUNS,
    );
    // Many ids sharing long prefixes: the packed keys tie and the full comparison decides.
    const ids = Array.from(
      { length: 3_000 },
      (_, i) => `prefix-${(i * 7919) % 3_000}-${'x'.repeat(i % 3)}`,
    );
    const result = drawAllocation({
      seed: 's',
      sharesOffered: 10,
      minShares: 1,
      subscriptions: ids.map((id) => ({ id, shares: 1 })),
    });
    expect(result.allocations.map((a) => a.id)).toEqual([...ids].sort());
  });

  it('a different seed changes only what the lotteries decide', () => {
    fc.assert(
      fc.property(drawInputArb(), fc.string({ minLength: 1 }), (input, otherSeed) => {
        const a = drawAllocation(input);
        const b = drawAllocation({ ...input, seed: otherSeed });
        const fixed = (r: DrawResult) => ({
          equalEach: r.summary.equalEach,
          equalLotteryShares: r.summary.equalLotteryShares,
          equalAllotted: r.summary.equalAllotted,
          proportionalPool: r.summary.proportionalPool,
          totalAllotted: r.summary.totalAllotted,
        });
        expect(fixed(b)).toEqual(fixed(a));
        if (a.summary.equalLotteryShares === 0 && a.summary.remainderLotteryShares === 0) {
          // Nothing was left to chance: the seed makes no difference.
          expect(b.allocations).toEqual(a.allocations);
          expect(b.summary.randomWords).toBe(0);
        }
        if (a.summary.filledInFull === 0 && b.summary.filledInFull === 0) {
          // The proportional step's base and its largest remainders do not depend on the seed;
          // only the ties at the cutoff do.
          expect(b.allocations.map(proportionalBase)).toEqual(a.allocations.map(proportionalBase));
          const largest = (r: DrawResult) =>
            r.allocations.filter((x) => x.remainder === 'largest').map((x) => x.id);
          expect(largest(b)).toEqual(largest(a));
          expect(b.summary.remainderLotteryShares).toBe(a.summary.remainderLotteryShares);
        }
      }),
      RUNS,
    );
  });

  it('a new subscriber changes only what the rule says', () => {
    fc.assert(
      fc.property(drawInputArb(), idArb, sharesArb, (input, id, shares) => {
        fc.pre(!input.subscriptions.some((s) => s.id === id));
        const before = drawAllocation(input);
        const after = drawAllocation({
          ...input,
          subscriptions: [...input.subscriptions, { id, shares }],
        });
        const eligible = shares >= input.minShares;
        const m = input.minShares;
        // The summary moves exactly as the rule's formulas say.
        expect(after.summary.subscribers).toBe(before.summary.subscribers + 1);
        expect(after.summary.totalApplied).toBe(before.summary.totalApplied + shares);
        expect(after.summary.equalPool).toBe(before.summary.equalPool);
        expect(after.summary.eligible).toBe(before.summary.eligible + (eligible ? 1 : 0));
        const n = after.summary.eligible;
        expect(after.summary.equalEach).toBe(
          n === 0 ? 0 : Math.min(Math.floor(after.summary.equalPool / n), m),
        );
        if (before.summary.eligible > 0)
          expect(after.summary.equalEach).toBeLessThanOrEqual(before.summary.equalEach);
        expect(after.summary.proportionalPool).toBeLessThanOrEqual(before.summary.proportionalPool);

        const was = new Map(before.allocations.map((a) => [a.id, a]));
        const others = after.allocations.filter((a) => a.id !== id);
        if (!eligible) {
          // Below the minimum the newcomer is not in the equal lottery, which runs as before.
          expect(others.map((a) => [a.equal, a.equalLottery])).toEqual(
            before.allocations.map((a) => [a.equal, a.equalLottery]),
          );
        }
        if (before.summary.filledInFull === 0 && after.summary.filledInFull === 0) {
          // A smaller pool shared over more shares: nobody's proportional base grows.
          for (const a of others)
            expect(proportionalBase(a)).toBeLessThanOrEqual(proportionalBase(was.get(a.id)!));
        }
        // Nobody else gains in total, the newcomer's shares come out of theirs.
        const othersBefore = sumOf(before, 'total');
        const othersAfter = others.reduce((sum, a) => sum + a.total, 0);
        expect(othersAfter).toBeLessThanOrEqual(othersBefore);
      }),
      RUNS,
    );
  });

  it('gives every eligible subscriber the same chance in the equal lottery', () => {
    // 5 eligible, E = 2: equalEach 0, 2 lottery shares; over 5,000 seeds each wins ~2,000 times.
    const wins = new Map<string, number>();
    const subscriptions = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, shares: 10 }));
    const seeds = 5_000;
    for (let i = 0; i < seeds; i++) {
      const { allocations } = drawAllocation({
        seed: `fair-${i}`,
        sharesOffered: 3,
        minShares: 10,
        subscriptions,
      });
      for (const a of allocations) if (a.equalLottery) wins.set(a.id, (wins.get(a.id) ?? 0) + 1);
    }
    const expected = (seeds * 2) / 5;
    const chi2 = [...wins.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(wins.size).toBe(5);
    expect(chi2).toBeLessThan(18.47); // 4 degrees of freedom, 99.9 %
  });

  it('handles the edges: nobody, nothing offered, nobody eligible, everything equal', () => {
    const none = drawAllocation({
      seed: 's',
      sharesOffered: 100,
      minShares: 10,
      subscriptions: [],
    });
    expect(none.allocations).toEqual([]);
    expect(none.summary).toMatchObject({
      totalAllotted: 0,
      oversubscribed: false,
      proportionalBase: { pool: 100, applied: 0 },
    });

    const subscriptions = [
      { id: 'a', shares: 3 },
      { id: 'b', shares: 30 },
    ];
    const nothing = drawAllocation({ seed: 's', sharesOffered: 0, minShares: 10, subscriptions });
    expect(nothing.allocations.map((a) => a.total)).toEqual([0, 0]);

    const noneEligible = drawAllocation({
      seed: 's',
      sharesOffered: 10,
      minShares: 50,
      subscriptions,
    });
    expect(noneEligible.summary).toMatchObject({
      eligible: 0,
      equalAllotted: 0,
      proportionalPool: 10,
    });
    expect(noneEligible.allocations.map((a) => a.total)).toEqual([1, 9]);

    const allEqual = drawAllocation({
      seed: 's',
      sharesOffered: 1,
      minShares: 1,
      equalShareBps: 10_000,
      subscriptions,
    });
    expect(allEqual.summary).toMatchObject({
      equalPool: 1,
      equalEach: 0,
      equalLotteryShares: 1,
      proportionalPool: 0,
    });
  });

  it('refuses inputs the rule cannot take', () => {
    const base: DrawInput = {
      seed: 's',
      sharesOffered: 10,
      minShares: 1,
      subscriptions: [{ id: 'a', shares: 1 }],
    };
    const bad: Partial<DrawInput>[] = [
      { seed: '' },
      { sharesOffered: -1 },
      { sharesOffered: 1.5 },
      { minShares: 0 },
      { equalShareBps: 4999 },
      { equalShareBps: 10_001 },
      { subscriptions: [{ id: 'a', shares: 0 }] },
      { subscriptions: [{ id: 'a', shares: 2.5 }] },
      { subscriptions: [{ id: '', shares: 1 }] },
      { subscriptions: [{ id: 'a\u0000b', shares: 1 }] },
      {
        subscriptions: [
          { id: 'a', shares: 1 },
          { id: 'a', shares: 2 },
        ],
      },
      {
        subscriptions: [
          { id: 'a', shares: 2 ** 52 },
          { id: 'b', shares: 2 ** 52 },
        ],
      },
    ];
    for (const change of bad)
      expect(() => drawAllocation({ ...base, ...change })).toThrow(RangeError);
  });

  it('stays exact past 2^53 in its products (BigInt fallback)', () => {
    const input: DrawInput = {
      seed: 'big',
      sharesOffered: 3_000_000_001,
      minShares: 1,
      subscriptions: [
        { id: 'a', shares: 4_000_000_003 },
        { id: 'b', shares: 3_999_999_999 },
        { id: 'c', shares: 7 },
      ],
    };
    const result = drawAllocation(input);
    expect(result.allocations.map(({ total: _t, ...a }) => a)).toEqual(referenceDraw(input).rows);
    expect(result.summary.totalAllotted).toBe(3_000_000_001);
  });
});

describe('verifyDraw', () => {
  const published = (): PublishedDraw => {
    const result = drawAllocation(EXAMPLE);
    return {
      rule: IPO_DRAW_RULE,
      seed: EXAMPLE.seed,
      seedHash: seedHash(EXAMPLE.seed),
      sharesOffered: EXAMPLE.sharesOffered,
      minShares: EXAMPLE.minShares,
      equalShareBps: DEFAULT_EQUAL_SHARE_BPS,
      subscriptions: EXAMPLE.subscriptions,
      allocations: shuffled(result.allocations, 'published order').map(
        ({ id, equal, proportional, total }) => ({
          id,
          equal,
          proportional,
          total,
        }),
      ),
    };
  };

  it('accepts a draw re-computed from its published inputs', () => {
    const check = verifyDraw(published());
    expect(check).toMatchObject({
      ok: true,
      ruleMatches: true,
      seedMatchesHash: true,
      mismatchCount: 0,
    });
    expect(check.recomputed?.summary.totalAllotted).toBe(20);
  });

  it('finds a share moved from one subscriber to another', () => {
    const draw = published();
    const allocations = draw.allocations.map((a) => ({ ...a }));
    const from = allocations.find((a) => a.id === '3c')!;
    const to = allocations.find((a) => a.id === '4d')!;
    from.proportional -= 1;
    from.total -= 1;
    to.proportional += 1;
    to.total += 1;
    const check = verifyDraw({ ...draw, allocations });
    expect(check.ok).toBe(false);
    expect(check.mismatchCount).toBe(4);
    expect(check.mismatches).toContainEqual({
      id: '4d',
      field: 'total',
      published: 1,
      recomputed: 0,
    });
  });

  it('finds a seed other than the committed one, a missing or extra allocation, another rule', () => {
    const draw = published();
    expect(verifyDraw({ ...draw, seed: 'another seed' })).toMatchObject({
      ok: false,
      seedMatchesHash: false,
    });
    expect(verifyDraw({ ...draw, seedHash: seedHash('another seed') })).toMatchObject({
      ok: false,
      seedMatchesHash: false,
    });
    const missing = verifyDraw({
      ...draw,
      allocations: draw.allocations.filter((a) => a.id !== '7a'),
    });
    expect(missing.mismatches).toEqual([
      { id: '7a', field: 'missing', published: null, recomputed: 5 },
    ]);
    const extra = verifyDraw({
      ...draw,
      allocations: [...draw.allocations, { id: 'zz', equal: 0, proportional: 1, total: 1 }],
    });
    expect(extra.mismatches).toEqual([
      { id: 'zz', field: 'unexpected', published: 1, recomputed: null },
    ]);
    expect(verifyDraw({ ...draw, rule: 'krx-equal-proportional/0' })).toMatchObject({
      ok: false,
      ruleMatches: false,
    });
  });

  it('fails, without throwing, on inputs the draw refuses', () => {
    const draw = published();
    const check = verifyDraw({
      ...draw,
      subscriptions: [...draw.subscriptions, { id: '1a', shares: 1 }],
    });
    expect(check).toMatchObject({ ok: false, recomputed: null });
  });
});
