import { count } from 'drizzle-orm';
import type { Transaction } from '../../db/connect';
import { corporateActions } from '../../db/schema';
import { scheduleJob } from '../../lifecycle/jobs/schedule';
import { loadInstruments } from '../../market/data-files';
import { priceFactorPpm } from './feed-actions';

/**
 * The embedded default's corporate actions (labelled demo), written once so a fresh install's
 * dividend screen has a calendar: a cash dividend and a rights issue, record dates a few days
 * ahead, so a customer who buys the shares now is entitled to them.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

const DEMO_ACTIONS = [
  { symbol: '005930', kind: 'dividend', recordDays: 3, payDays: 10, perShare: 361 },
  {
    symbol: '000660',
    kind: 'rights',
    recordDays: 2,
    windowDays: 5,
    payDays: 9,
    discountPct: 20,
    ratioPpm: 200_000,
  },
] as const;

export async function seedCorporateActions(tx: Transaction, now: Date): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(corporateActions);
  if ((existing?.n ?? 0) > 0) return;
  const instruments = new Map(loadInstruments().map((x) => [x.code, x]));
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  for (const demo of DEMO_ACTIONS) {
    const instrument = instruments.get(demo.symbol);
    if (!instrument) continue;
    const price = instrument.referencePrice;
    const terms =
      demo.kind === 'dividend'
        ? { kind: demo.kind, perShare: demo.perShare, issuePrice: null, ratioPpm: null }
        : {
            kind: demo.kind,
            perShare: null,
            issuePrice: Math.round((price * (100 - demo.discountPct)) / 100),
            ratioPpm: demo.ratioPpm,
          };
    const [row] = await tx
      .insert(corporateActions)
      .values({
        symbol: demo.symbol,
        ...terms,
        recordAt: at(demo.recordDays),
        payAt: at(demo.payDays),
        windowClosesAt: demo.kind === 'rights' ? at(demo.windowDays) : null,
        market: instrument.market,
        priceFactorPpm: priceFactorPpm(price, terms),
        demo: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) continue;
    await scheduleJob(
      tx,
      {
        entityType: 'corporateAction',
        entityId: row.id,
        event: { type: 'corporate.record' },
        dueAt: row.recordAt,
      },
      now,
    );
  }
}
