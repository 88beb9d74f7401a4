import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The IPO draw (공모주 배정): who gets how many shares of an oversubscribed offering. Pure and
 * deterministic, with no I/O and nothing Node-only, so the server, the customer's browser and
 * `npm run ipo:verify` all compute the same allocation from the same published inputs. The seed is
 * chosen before the subscription opens and only its SHA-256 (`seedHash`) is published then; the
 * seed itself is published with the result, so anyone can check both that it is the committed one
 * and that the allocation follows from it. Nobody, staff included, can pick a winner.
 *
 * The rule (docs/ipo-draw.md walks through it with a worked example):
 *
 * 0. Order. Subscriptions are put in order of `id` (a hashed account id), comparing UTF-16 code
 *    units (for hex ids: alphabetical). The order they arrive in never matters. Ids are unique.
 * 1. Undersubscribed. Every step below runs the same way; when the shares applied for in total (T)
 *    are at most the shares offered (S), everyone ends up with exactly what they applied for.
 * 2. Equal pool. E = ⌈S × equalShareBps ÷ 10,000⌉ (50 % by default, and never less: the KRX rule
 *    is "at least half"). Eligible: subscribers who applied for at least `minShares` (m); n of them.
 *    Each eligible subscriber gets q = min(⌊E ÷ n⌋, m) shares. If q < m, the e = E − q × n shares
 *    left (fewer than n) go one each to e eligible subscribers chosen by lottery (step 5). If q = m,
 *    nobody needs a lottery and E − m × n shares move to the proportional pool. With no eligible
 *    subscriber, all of E moves there.
 * 3. Proportional pool. P = S − (shares given in step 2); W = T. Each subscriber still wants
 *    d = applied − equal. If the d's sum to at most P, everyone gets their d (undersubscribed).
 *    Otherwise, proportionally to shares applied for:
 *    a. Full fill: anyone whose share P × applied ÷ W is at least their d gets exactly d and leaves
 *       the computation: P falls by their d and W by their applied. Repeat until nobody else
 *       qualifies (only happens when an offering is barely oversubscribed).
 *    b. Everyone left gets ⌊P × applied ÷ W⌋ (the same P and W for all of them).
 *    c. The L shares still left (fewer than the people left) go one each to the largest
 *       remainders (P × applied mod W). Where the last place is shared by several with the same
 *       remainder, the ones who get a share are chosen among them by lottery (step 5).
 * 4. Nobody gets more than they applied for: step 2 gives at most m, step 3a exactly the rest, and
 *    in 3b/3c the share is below d (that is why they were not filled in 3a).
 * 5. Lottery. One stream of random numbers from the seed (`DrawRandom`), used by the equal lottery
 *    first, then by the remainder lottery. Choosing k of a list of N (kept in id order): for
 *    i = 0 … k−1, r = next(N − i), swap positions i and i + r; the first k positions are chosen.
 *    No random number is drawn when nothing is left to chance (k = 0, or everyone tied is chosen).
 */

/** Changes whenever the rule above changes, and is stored with every draw. */
export const IPO_DRAW_RULE = 'krx-equal-proportional/1';
/** The equal pool's share of the shares offered, in basis points: 50 %, the KRX minimum. */
export const DEFAULT_EQUAL_SHARE_BPS = 5000;

const TWO_32 = 0x1_0000_0000;
const WORDS_PER_BLOCK = 8;
const utf8 = new TextEncoder();

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Hex SHA-256 of the UTF-8 seed: published when the subscription opens, before anyone applies. */
export function seedHash(seed: string): string {
  return hex(sha256(utf8.encode(seed)));
}

/**
 * The draw's random numbers. Block i is SHA-256 of the UTF-8 text `${seed}:${i}` (i = 0, 1, 2, …
 * in decimal); each block is read as eight 32-bit big-endian words, in order. `below(n)` takes the
 * next word w and returns w mod n, except that words at or above the largest multiple of n under
 * 2^32 are discarded (and the next word taken), so every result is exactly equally likely.
 */
export class DrawRandom {
  private block: Uint8Array = new Uint8Array(0);
  private blockIndex = -1;
  private wordInBlock = WORDS_PER_BLOCK;
  private words = 0;

  constructor(private readonly seed: string) {
    if (seed.length === 0) throw new RangeError('the draw seed is empty');
  }

  /** The next 32-bit word of the stream, as an unsigned number. */
  nextWord(): number {
    if (this.wordInBlock === WORDS_PER_BLOCK) {
      this.blockIndex += 1;
      this.block = sha256(utf8.encode(`${this.seed}:${this.blockIndex}`));
      this.wordInBlock = 0;
    }
    const o = this.wordInBlock * 4;
    const b = this.block;
    this.wordInBlock += 1;
    this.words += 1;
    // Multiplying keeps the top byte unsigned (a `<<` would make it negative).
    return (
      (b[o] as number) * 0x100_0000 +
      (((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number))
    );
  }

  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^32, by rejection sampling (no modulo bias). */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`below(${n})`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const w = this.nextWord();
      if (w < limit) return w % n;
    }
  }

  /** How many 32-bit words have been read, discarded ones included. */
  get wordsUsed(): number {
    return this.words;
  }
}

/**
 * Chooses k of the list in place (partial Fisher–Yates): afterwards list[0 … k−1] are the chosen.
 * For i = 0 … k−1: r = below(N − i), swap positions i and i + r.
 */
function choose(list: Int32Array, k: number, random: DrawRandom): void {
  const n = list.length;
  for (let i = 0; i < k; i++) {
    const j = i + random.below(n - i);
    const t = list[i] as number;
    list[i] = list[j] as number;
    list[j] = t;
  }
}

export interface Subscription {
  /** A hashed account id: unique within a draw, non-empty, no NUL character. */
  id: string;
  /** Shares applied for: a positive whole number. */
  shares: number;
}

export interface DrawInput {
  seed: string;
  sharesOffered: number;
  minShares: number;
  /** The equal pool's share of the shares offered, 5,000–10,000 basis points; 5,000 if absent. */
  equalShareBps?: number;
  subscriptions: readonly Subscription[];
}

/** How the proportional step's extra share (step 3c) came: none, a largest remainder, a tie lottery. */
export type RemainderShare = 'none' | 'largest' | 'lottery';

export interface Allocation {
  id: string;
  applied: number;
  /** Shares from the equal pool (step 2). */
  equal: number;
  /** Shares from the proportional pool (step 3), remainder share included. */
  proportional: number;
  total: number;
  /** Won one of the equal pool's lottery shares (included in `equal`). */
  equalLottery: boolean;
  /** Filled in full in step 3a: got every share applied for. */
  filled: boolean;
  /** Step 3c's extra share (included in `proportional`). */
  remainder: RemainderShare;
}

export interface DrawSummary {
  rule: typeof IPO_DRAW_RULE;
  seedHash: string;
  sharesOffered: number;
  minShares: number;
  equalShareBps: number;
  subscribers: number;
  totalApplied: number;
  /** More shares applied for than offered: the draw is a real allocation. */
  oversubscribed: boolean;
  /** Step 2. */
  equalPool: number;
  eligible: number;
  equalEach: number;
  equalLotteryShares: number;
  equalAllotted: number;
  /** Step 3. */
  proportionalPool: number;
  filledInFull: number;
  /**
   * P and W of step 3b, after step 3a. When everyone was filled (undersubscribed), the pool is
   * the shares nobody took up and applied is 0.
   */
  proportionalBase: { pool: number; applied: number };
  remainderShares: number;
  /** The smallest remainder that got a share (step 3c); null when no share was left. */
  remainderCutoff: number | null;
  remainderLotteryShares: number;
  proportionalAllotted: number;
  totalAllotted: number;
  /** 32-bit words read from the random stream (a verifier's cross-check). */
  randomWords: number;
}

export interface DrawResult {
  summary: DrawSummary;
  /** In id order. */
  allocations: Allocation[];
}

function checkCount(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number ≥ ${min}, got ${value}`);
}

/** a × b compared with c × d, exactly: -1, 0 or 1. Plain numbers while both products are safe. */
function compareProducts(a: number, b: number, c: number, d: number): number {
  const x = a * b;
  const y = c * d;
  // A product above 2^53 − 1 never rounds down to a safe value, so this test is exact.
  if (x <= Number.MAX_SAFE_INTEGER && y <= Number.MAX_SAFE_INTEGER)
    return x < y ? -1 : x > y ? 1 : 0;
  const bx = BigInt(a) * BigInt(b);
  const by = BigInt(c) * BigInt(d);
  return bx < by ? -1 : bx > by ? 1 : 0;
}

/** ⌊a × b ÷ w⌋ and (a × b) mod w, exactly (w ≤ 2^53 − 1, so the remainder is a safe number). */
function mulDivMod(a: number, b: number, w: number): [number, number] {
  const x = a * b;
  if (x <= Number.MAX_SAFE_INTEGER) {
    const rem = x % w;
    return [(x - rem) / w, rem];
  }
  const bx = BigInt(a) * BigInt(b);
  const bw = BigInt(w);
  return [Number(bx / bw), Number(bx % bw)];
}

const byId =
  (ids: readonly string[]) =>
  (a: number, b: number): number => {
    const x = ids[a] as string;
    const y = ids[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  };

/** Code units of each id packed into its sort key; the rest only breaks ties. */
const KEY_CHARS = 8;

/**
 * Positions of the subscriptions in id order (UTF-16 code units, as `<` compares strings). A sort
 * with a comparator calls back into JavaScript some 20 million times for a million ids; instead
 * each id's first code units, replaced by their rank among the code units in use (so hex ids take
 * 5 bits a character), are packed with its position into one float below 2^53, and the floats are
 * sorted natively. Ids sharing the packed prefix are then ordered by comparing them in full.
 */
function idOrder(subscriptions: readonly Subscription[]): Int32Array {
  const n = subscriptions.length;
  const ids = new Array<string>(n);
  const inUse = new Uint8Array(0x1_0000);
  for (let i = 0; i < n; i++) {
    const id = (subscriptions[i] as Subscription).id;
    if (typeof id !== 'string' || id.length === 0 || id.includes('\u0000'))
      throw new RangeError(`subscription ${i}: the id must be a non-empty string without NUL`);
    ids[i] = id;
    for (let j = 0; j < KEY_CHARS && j < id.length; j++) inUse[id.charCodeAt(j)] = 1;
  }
  // Rank 0 stands for "no more characters", which sorts first as a shorter string does.
  const rank = new Uint32Array(0x1_0000);
  let symbols = 1;
  for (let c = 0; c < 0x1_0000; c++) if (inUse[c]) rank[c] = symbols++;
  let positionBits = 0;
  while (2 ** positionBits < n) positionBits += 1;
  let charBits = 0;
  while (2 ** charBits < symbols) charBits += 1;
  const chars = Math.min(KEY_CHARS, Math.floor((53 - positionBits) / charBits));
  const charSpan = 2 ** charBits;
  const positionSpan = 2 ** positionBits;

  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const id = ids[i] as string;
    let prefix = 0;
    for (let j = 0; j < chars; j++)
      prefix = prefix * charSpan + (j < id.length ? (rank[id.charCodeAt(j)] as number) : 0);
    keys[i] = prefix * positionSpan + i;
  }
  keys.sort();

  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = (keys[i] as number) % positionSpan;
  // Runs that share a prefix: compare in full.
  const compare = byId(ids);
  for (let start = 0; start < n;) {
    const prefix = Math.floor((keys[start] as number) / positionSpan);
    let end = start + 1;
    while (end < n && Math.floor((keys[end] as number) / positionSpan) === prefix) end += 1;
    if (end - start > 1) order.subarray(start, end).sort(compare);
    start = end;
  }
  for (let i = 1; i < n; i++)
    if (ids[order[i] as number] === ids[order[i - 1] as number])
      throw new RangeError(`duplicate subscription id ${ids[order[i] as number]}`);
  return order;
}

/** The equal pool: ⌈S × bps ÷ 10,000⌉, in whole-number arithmetic. */
function equalPoolOf(sharesOffered: number, bps: number): number {
  const x = sharesOffered * bps;
  const rem = x % 10_000;
  return (x - rem) / 10_000 + (rem > 0 ? 1 : 0);
}

/** Runs the draw (the rule is in this module's comment and docs/ipo-draw.md). */
export function drawAllocation(input: DrawInput): DrawResult {
  const { seed, sharesOffered: S, minShares: m } = input;
  const bps = input.equalShareBps ?? DEFAULT_EQUAL_SHARE_BPS;
  checkCount('sharesOffered', S, 0);
  checkCount('minShares', m, 1);
  if (!Number.isInteger(bps) || bps < 5000 || bps > 10_000)
    throw new RangeError(`equalShareBps must be 5,000–10,000, got ${bps}`);
  if (!Number.isSafeInteger(S * bps)) throw new RangeError('sharesOffered is too large');
  const random = new DrawRandom(seed);

  // Step 0: id order. From here on, subscriber k is the k-th in id order.
  const order = idOrder(input.subscriptions);
  const n = order.length;
  const applied = new Float64Array(n);
  let T = 0;
  for (let k = 0; k < n; k++) {
    const s = input.subscriptions[order[k] as number] as Subscription;
    checkCount(`shares of ${s.id}`, s.shares, 1);
    applied[k] = s.shares;
    T += s.shares;
  }
  if (!Number.isSafeInteger(T)) throw new RangeError('the shares applied for add up past 2^53');

  // Step 2: the equal pool.
  const E = equalPoolOf(S, bps);
  let eligibleCount = 0;
  for (let k = 0; k < n; k++) if ((applied[k] as number) >= m) eligibleCount += 1;
  const eligible = new Int32Array(eligibleCount);
  for (let k = 0, e = 0; k < n; k++) if ((applied[k] as number) >= m) eligible[e++] = k;

  const equal = new Float64Array(n);
  const equalLottery = new Uint8Array(n);
  let q = 0;
  let lotteryShares = 0;
  if (eligibleCount > 0) {
    q = Math.min(Math.floor(E / eligibleCount), m);
    if (q < m) lotteryShares = E - q * eligibleCount;
    for (let e = 0; e < eligibleCount; e++) equal[eligible[e] as number] = q;
    choose(eligible, lotteryShares, random);
    for (let e = 0; e < lotteryShares; e++) {
      const k = eligible[e] as number;
      equal[k] = q + 1;
      equalLottery[k] = 1;
    }
  }
  const equalAllotted = q * eligibleCount + lotteryShares;

  // Step 3: the proportional pool.
  const P0 = S - equalAllotted;
  const D0 = T - equalAllotted;
  const proportional = new Float64Array(n);
  const filled = new Uint8Array(n);
  const remainder = new Uint8Array(n); // 0 none, 1 largest, 2 lottery
  let P = P0;
  let W = T;
  let filledCount = 0;
  let remainderShares = 0;
  let remainderCutoff: number | null = null;
  let remainderLottery = 0;

  const fill = (k: number): void => {
    const d = (applied[k] as number) - (equal[k] as number);
    proportional[k] = d;
    filled[k] = 1;
    filledCount += 1;
    P -= d;
    W -= applied[k] as number;
  };
  // Full fill (3a) holds when P × applied ≥ d × W.
  const fillsUp = (k: number): boolean =>
    compareProducts(P, applied[k] as number, (applied[k] as number) - (equal[k] as number), W) >= 0;

  if (D0 <= P0) {
    for (let k = 0; k < n; k++) fill(k);
  } else {
    // 3a. P ÷ W stays below 1 (the d's left always outnumber P), so only someone with an equal
    // share can be filled; and as filling one raises P ÷ W, the rounds end where filling in
    // order of d ÷ applied, smallest first, stops. Nobody filled at the start: no rounds at all.
    const candidates: number[] = [];
    for (let k = 0; k < n; k++) if ((equal[k] as number) > 0 && fillsUp(k)) candidates.push(k);
    if (candidates.length > 0) {
      // Within one equal share e, d ÷ applied = 1 − e ÷ applied grows with applied, so each of
      // the two groups (q and q + 1) fills from its smallest application up.
      const groups = [q, q + 1].map((e) => {
        const group: number[] = [];
        for (let k = 0; k < n; k++) if (equal[k] === e && e > 0) group.push(k);
        return group.sort((a, b) => (applied[a] as number) - (applied[b] as number) || a - b);
      });
      const heads = [0, 0];
      for (let progress = true; progress;) {
        progress = false;
        for (let g = 0; g < 2; g++) {
          const group = groups[g] as number[];
          while (
            (heads[g] as number) < group.length &&
            fillsUp(group[heads[g] as number] as number)
          ) {
            fill(group[heads[g] as number] as number);
            heads[g] = (heads[g] as number) + 1;
            progress = true;
          }
        }
      }
    }

    // 3b. Everyone left: ⌊P × applied ÷ W⌋, remembering the remainder.
    const left: number[] = [];
    const remainders = new Float64Array(n);
    let given = 0;
    for (let k = 0; k < n; k++) {
      if (filled[k]) continue;
      const [share, rem] = mulDivMod(P, applied[k] as number, W);
      proportional[k] = share;
      remainders[k] = rem;
      given += share;
      left.push(k);
    }

    // 3c. The L shares left: largest remainders, the last place's ties by lottery.
    const L = P - given;
    remainderShares = L;
    if (L > 0) {
      const sorted = new Float64Array(left.length);
      for (let i = 0; i < left.length; i++) sorted[i] = remainders[left[i] as number] as number;
      sorted.sort();
      const cutoff = sorted[sorted.length - L] as number;
      remainderCutoff = cutoff;
      const tied: number[] = [];
      let above = 0;
      for (const k of left) {
        const rem = remainders[k] as number;
        if (rem > cutoff) {
          proportional[k] = (proportional[k] as number) + 1;
          remainder[k] = 1;
          above += 1;
        } else if (rem === cutoff) tied.push(k);
      }
      const k = L - above;
      if (k === tied.length) {
        for (const t of tied) {
          proportional[t] = (proportional[t] as number) + 1;
          remainder[t] = 1;
        }
      } else {
        const list = Int32Array.from(tied);
        choose(list, k, random);
        for (let i = 0; i < k; i++) {
          const t = list[i] as number;
          proportional[t] = (proportional[t] as number) + 1;
          remainder[t] = 2;
        }
        remainderLottery = k;
      }
    }
  }

  const allocations = new Array<Allocation>(n);
  let proportionalAllotted = 0;
  for (let k = 0; k < n; k++) {
    const eq = equal[k] as number;
    const pr = proportional[k] as number;
    proportionalAllotted += pr;
    allocations[k] = {
      id: (input.subscriptions[order[k] as number] as Subscription).id,
      applied: applied[k] as number,
      equal: eq,
      proportional: pr,
      total: eq + pr,
      equalLottery: equalLottery[k] === 1,
      filled: filled[k] === 1,
      remainder: remainder[k] === 2 ? 'lottery' : remainder[k] === 1 ? 'largest' : 'none',
    };
  }

  return {
    summary: {
      rule: IPO_DRAW_RULE,
      seedHash: seedHash(seed),
      sharesOffered: S,
      minShares: m,
      equalShareBps: bps,
      subscribers: n,
      totalApplied: T,
      oversubscribed: T > S,
      equalPool: E,
      eligible: eligibleCount,
      equalEach: q,
      equalLotteryShares: lotteryShares,
      equalAllotted,
      proportionalPool: P0,
      filledInFull: filledCount,
      proportionalBase: { pool: P, applied: W },
      remainderShares,
      remainderCutoff,
      remainderLotteryShares: remainderLottery,
      proportionalAllotted,
      totalAllotted: equalAllotted + proportionalAllotted,
      randomWords: random.wordsUsed,
    },
    allocations,
  };
}

/** What is published after the draw: its inputs and each allocation. */
export interface PublishedDraw {
  rule: string;
  seed: string;
  /** The hash published when the subscription opened. */
  seedHash: string;
  sharesOffered: number;
  minShares: number;
  equalShareBps: number;
  subscriptions: readonly Subscription[];
  allocations: readonly { id: string; equal: number; proportional: number; total: number }[];
}

export interface DrawMismatch {
  id: string;
  field: 'equal' | 'proportional' | 'total' | 'missing' | 'unexpected';
  published: number | null;
  recomputed: number | null;
}

export interface DrawVerification {
  ok: boolean;
  /** The published draw says it follows this module's rule. */
  ruleMatches: boolean;
  /** SHA-256 of the seed is the hash published before the subscription opened. */
  seedMatchesHash: boolean;
  mismatchCount: number;
  /** The first 20 differences: the published allocations in their order, then ids left out. */
  mismatches: DrawMismatch[];
  recomputed: DrawResult | null;
}

const MISMATCHES_KEPT = 20;

/**
 * Re-computes a published draw from its published inputs and compares it, allocation by
 * allocation (for `npm run ipo:verify` and the draw page). Never throws on bad published data:
 * inputs the draw refuses make the verification fail with no recomputed result.
 */
export function verifyDraw(published: PublishedDraw): DrawVerification {
  const ruleMatches = published.rule === IPO_DRAW_RULE;
  const seedMatchesHash =
    published.seed.length > 0 && seedHash(published.seed) === published.seedHash.toLowerCase();
  let recomputed: DrawResult;
  try {
    recomputed = drawAllocation({
      seed: published.seed,
      sharesOffered: published.sharesOffered,
      minShares: published.minShares,
      equalShareBps: published.equalShareBps,
      subscriptions: published.subscriptions,
    });
  } catch {
    return {
      ok: false,
      ruleMatches,
      seedMatchesHash,
      mismatchCount: 0,
      mismatches: [],
      recomputed: null,
    };
  }
  const mismatches: DrawMismatch[] = [];
  let mismatchCount = 0;
  const note = (m: DrawMismatch): void => {
    mismatchCount += 1;
    if (mismatches.length < MISMATCHES_KEPT) mismatches.push(m);
  };
  const byId = new Map<string, DrawResult['allocations'][number]>();
  for (const a of recomputed.allocations) byId.set(a.id, a);
  const seen = new Set<string>();
  for (const p of published.allocations) {
    const r = byId.get(p.id);
    if (!r || seen.has(p.id)) {
      note({ id: p.id, field: 'unexpected', published: p.total, recomputed: null });
      continue;
    }
    seen.add(p.id);
    for (const field of ['equal', 'proportional', 'total'] as const)
      if (p[field] !== r[field])
        note({ id: p.id, field, published: p[field], recomputed: r[field] });
  }
  for (const r of recomputed.allocations)
    if (!seen.has(r.id)) note({ id: r.id, field: 'missing', published: null, recomputed: r.total });
  return {
    ok: ruleMatches && seedMatchesHash && mismatchCount === 0,
    ruleMatches,
    seedMatchesHash,
    mismatchCount,
    mismatches,
    recomputed,
  };
}
