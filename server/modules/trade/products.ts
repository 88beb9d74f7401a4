import { eq } from 'drizzle-orm';
import { TRADE_PRODUCTS } from '../../../contract';
import type { TradeProductCode, TradeProductTerms } from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
import { tradeProducts } from '../../db/schema';
import { Refusal } from '../../refusal';

/**
 * The products a fresh install trades (docs/trading.md "Products"): the spec's stock trading with
 * a T+1 lock, day trading ("automated trading 4.0") and bulk day trading with the spec's 15-minute
 * sell delay and positions closed at the session's end, and block trades (leverage 1, T+1). Staff
 * change them with `/products/set`; an order keeps the terms it was placed on.
 */
export const DEFAULT_PRODUCTS: Record<TradeProductCode, TradeProductTerms> = {
  stock: {
    code: 'stock',
    lotSize: 1,
    leverages: [1, 2, 3, 5, 10],
    minOpenAmount: 10_000,
    lock: { kind: 'days', count: 1 },
    commissionPpm: 150,
    maintenancePct: 50,
    closesAtSessionEnd: false,
    enabled: true,
  },
  dayTrading: {
    code: 'dayTrading',
    lotSize: 10,
    leverages: [2, 5, 10, 20],
    minOpenAmount: 100_000,
    lock: { kind: 'minutes', count: 15 },
    commissionPpm: 300,
    maintenancePct: 50,
    closesAtSessionEnd: true,
    enabled: true,
  },
  bulkDayTrading: {
    code: 'bulkDayTrading',
    lotSize: 100,
    leverages: [5, 10, 20],
    minOpenAmount: 1_000_000,
    lock: { kind: 'minutes', count: 15 },
    commissionPpm: 250,
    maintenancePct: 50,
    closesAtSessionEnd: true,
    enabled: true,
  },
  block: {
    code: 'block',
    lotSize: 1,
    leverages: [1],
    minOpenAmount: 0,
    lock: { kind: 'days', count: 1 },
    commissionPpm: 150,
    maintenancePct: 0,
    closesAtSessionEnd: false,
    enabled: true,
  },
};

/** Writes the default products that are missing (start-up); staff changes are kept. */
export async function seedProducts(tx: Transaction): Promise<void> {
  await tx
    .insert(tradeProducts)
    .values(TRADE_PRODUCTS.map((code) => ({ code, terms: DEFAULT_PRODUCTS[code] })))
    .onConflictDoNothing();
}

/** Every product's terms, in the contract's order. */
export async function readProducts(db: Database | Transaction): Promise<TradeProductTerms[]> {
  const rows = await db.select().from(tradeProducts);
  const byCode = new Map(rows.map((r) => [r.code, r.terms]));
  return TRADE_PRODUCTS.map((code) => byCode.get(code) ?? DEFAULT_PRODUCTS[code]);
}

/** One product's terms; refused as `trade.product_unavailable` when it is not listed. */
export async function listedProduct(
  db: Database | Transaction,
  code: TradeProductCode,
): Promise<TradeProductTerms> {
  const [row] = await db.select().from(tradeProducts).where(eq(tradeProducts.code, code));
  const terms = row?.terms ?? DEFAULT_PRODUCTS[code];
  if (!terms.enabled) throw new Refusal('trade.product_unavailable');
  return terms;
}

/** `/products/set`: replaces a product's terms (the call is audited with the old and new terms). */
export async function setProduct(
  db: Database,
  terms: TradeProductTerms,
  now: Date,
): Promise<{ before: TradeProductTerms; after: TradeProductTerms }> {
  const leverages = [...new Set(terms.leverages)].sort((a, b) => a - b);
  const after: TradeProductTerms = { ...terms, leverages };
  const [row] = await db.select().from(tradeProducts).where(eq(tradeProducts.code, terms.code));
  const before = row?.terms ?? DEFAULT_PRODUCTS[terms.code];
  await db
    .insert(tradeProducts)
    .values({ code: terms.code, terms: after, updatedAt: now })
    .onConflictDoUpdate({ target: tradeProducts.code, set: { terms: after, updatedAt: now } });
  return { before, after };
}
