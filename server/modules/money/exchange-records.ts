import { count, desc, eq } from 'drizzle-orm';
import type { Currency, FundRecordRowDto } from '../../../contract';
import { exchanges } from '../../db/schema';
import { exchangeOrderNo } from './exchange';
import type { FundRecordSource } from './fund-orders';

/**
 * The 'exchange' tab: one row per exchange, newest first, signed from the customer's side (what
 * was sold is negative), with what was bought as the counter amount.
 */
export const exchangeRecords: FundRecordSource = {
  type: 'exchange',
  async page(db, customerId, { page, pageSize }) {
    const mine = eq(exchanges.customerId, customerId);
    const rows = await db
      .select()
      .from(exchanges)
      .where(mine)
      .orderBy(desc(exchanges.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [counted] = await db.select({ n: count() }).from(exchanges).where(mine);
    const items = rows.map((row): FundRecordRowDto => ({
      id: row.id,
      type: 'exchange',
      orderNo: exchangeOrderNo(row.id),
      time: row.createdAt.toISOString(),
      state: 'done',
      amount: -row.amount,
      currency: row.fromCurrency as Currency,
      counterAmount: row.receive,
      counterCurrency: row.toCurrency as Currency,
      reason: null,
    }));
    return { items, total: counted?.n ?? 0 };
  },
};
