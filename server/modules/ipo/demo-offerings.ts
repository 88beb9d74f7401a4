import { createHash, randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { DEFAULT_DEPOSIT_PCT } from '../../../contract';
import { DrawRandom, drawAllocation, IPO_DRAW_RULE, seedHash } from '../../../contract/ipo-draw';
import type { Transaction } from '../../db/connect';
import { ipoDraws, ipoOfferings } from '../../db/schema';
import { loadInstruments } from '../../market/data-files';
import { scheduleDraw } from './draw-job';

/**
 * The embedded default's offerings (labelled demo), written once on first start, relative to the
 * clock then: companies that listed on KRX recently, from the project's instrument file
 * (server/market/data/instruments.csv; their six-character codes with a letter are the new
 * format KRX gives recent listings). The offer price is the file's reference price less a
 * discount, rounded down to 100 won: a demo figure, not the company's real offer price.
 *
 * One upcoming, one open for subscription, one past its draw. The past draw was run by the same
 * rule with a seed chosen here, over demo subscribers that exist only in the published draw (their
 * hashed ids are SHA-256 of `${offeringId}:demo-${n}:${seed}`), so `/ipo/draw` and
 * `npm run ipo:verify` have a real draw to show and check on a fresh install.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoOffering {
  symbol: string;
  broker: string;
  discountPct: number;
  sharesOffered: number;
  minShares: number;
  /** Days from the first start: opens, closes, draw, payment deadline, listing. */
  days: [number, number, number, number, number];
}

const DEMO: DemoOffering[] = [
  // Upcoming.
  {
    symbol: '0082N0',
    broker: '한국투자증권',
    discountPct: 30,
    sharesOffered: 1_000_000,
    minShares: 10,
    days: [3, 5, 6, 7, 10],
  },
  // Open for subscription now.
  {
    symbol: '0011A0',
    broker: 'NH투자증권',
    discountPct: 25,
    sharesOffered: 500_000,
    minShares: 10,
    days: [-1, 2, 3, 4, 7],
  },
  // Past its draw, payment due.
  {
    symbol: '0009K0',
    broker: 'KB증권',
    discountPct: 35,
    sharesOffered: 2_000,
    minShares: 10,
    days: [-6, -4, -3, 1, 3],
  },
];
const DEMO_SUBSCRIBERS = 300;

const floorTo100 = (x: number) => Math.max(100, Math.floor(x / 100) * 100);

export async function seedIpoOfferings(tx: Transaction, now: Date): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(ipoOfferings);
  if ((existing?.n ?? 0) > 0) return;
  const instruments = new Map(loadInstruments().map((x) => [x.code, x]));
  for (const demo of DEMO) {
    const instrument = instruments.get(demo.symbol);
    if (!instrument) continue;
    const at = (d: number) => new Date(now.getTime() + d * DAY_MS);
    const seed = randomBytes(32).toString('hex');
    const [row] = await tx
      .insert(ipoOfferings)
      .values({
        symbol: demo.symbol,
        name: instrument.nameKo,
        nameEn: instrument.nameEn,
        market: instrument.market,
        broker: demo.broker,
        offerPrice: floorTo100((instrument.referencePrice * (100 - demo.discountPct)) / 100),
        sharesOffered: demo.sharesOffered,
        minShares: demo.minShares,
        maxTimes: 1,
        minFunds: 0,
        depositPct: DEFAULT_DEPOSIT_PCT,
        equalShareBps: 5000,
        opensAt: at(demo.days[0]),
        closesAt: at(demo.days[1]),
        drawAt: at(demo.days[2]),
        paymentDeadline: at(demo.days[3]),
        listingAt: at(demo.days[4]),
        publication: 'published',
        seed,
        seedHash: seedHash(seed),
        demo: true,
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('demo offering insert returned no row');
    if (row.drawAt.getTime() > now.getTime()) {
      await scheduleDraw(tx, row, now);
      continue;
    }
    // Demo subscribers' applications: from the seed's own stream, 10 to 500 shares.
    const random = new DrawRandom(`${seed}:demo-subscribers`);
    const subscriptions = Array.from({ length: DEMO_SUBSCRIBERS }, (_, n) => ({
      id: createHash('sha256').update(`${row.id}:demo-${n}:${seed}`, 'utf8').digest('hex'),
      shares: 10 * (1 + random.below(50)),
    }));
    const result = drawAllocation({
      seed,
      sharesOffered: row.sharesOffered,
      minShares: row.minShares,
      equalShareBps: row.equalShareBps,
      subscriptions,
    });
    await tx.insert(ipoDraws).values({
      offeringId: row.id,
      rule: IPO_DRAW_RULE,
      seed,
      seedHash: seedHash(seed),
      sharesOffered: row.sharesOffered,
      minShares: row.minShares,
      equalShareBps: row.equalShareBps,
      inputs: result.allocations.map((a) => ({ id: a.id, shares: a.applied })),
      allocations: result.allocations.map((a) => ({
        id: a.id,
        applied: a.applied,
        equal: a.equal,
        proportional: a.proportional,
        total: a.total,
      })),
      drawnAt: row.drawAt,
    });
  }
}
