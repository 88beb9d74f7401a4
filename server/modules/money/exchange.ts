import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Currency, ExchangeDto } from '../../../contract';
import { ACCOUNT_CURRENCIES } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/connect';
import { exchangeQuotes, exchanges, ledgerAccounts } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { LedgerError, customerAccountId, houseAccountId, postEntry } from '../../ledger';
import { verifyFundPassword } from '../fund-password';
import { verifiedName } from './verified-name';

/** The journal entries' kind; the 'trade' record tab leaves these out (it has its own tab). */
export const EXCHANGE_ENTRY_KIND = 'exchange';

export const exchangeOrderNo = (id: number) => `X${id}`;

/**
 * `/user/exchange`: takes an unexpired, unused quote of the customer's and moves the money in
 * two linked entries through the house FX accounts, in the call's transaction:
 *   sold:   customer available(from) −amount, house_fx(from) +amount
 *   bought: house_fx(to) −receive, customer available(to) +receive
 * Only the account currencies (KRW, USD, USDT) have customer accounts, so a quote naming another
 * currency is refused here (money.unsupported_currency) although it could be quoted.
 * Checks, in order: the quote is the customer's and unused (so another customer's quote is
 * refused like an unknown one whoever asks), verified identity, the quote's currencies and expiry,
 * the fund password (counted toward its lock), then the balance (money.insufficient; the ledger's
 * overdraft check under its account lock is the last guard, which decides parallel exchanges).
 */
export async function exchangeAtQuote(
  maru: AppContext,
  customerId: number,
  body: { quoteId: string; fundPassword: string },
  source: string | null,
): Promise<ExchangeDto> {
  const { db } = maru;
  const [quote] = await db
    .select()
    .from(exchangeQuotes)
    .where(and(eq(exchangeQuotes.id, body.quoteId), eq(exchangeQuotes.customerId, customerId)));
  // Another customer's quote reads exactly like one that does not exist; a used one too.
  if (!quote || quote.usedAt !== null) {
    throw new ApiRefusal('exchange.quote_not_found', { field: 'quoteId' });
  }
  await verifiedName(db, customerId);
  const from = accountCurrency(quote.fromCurrency);
  const to = accountCurrency(quote.toCurrency);
  const now = maru.clock.now();
  if (quote.expiresAt.getTime() <= now.getTime()) {
    throw new ApiRefusal('exchange.quote_expired', { field: 'quoteId' });
  }
  await verifyFundPassword(db, customerId, body.fundPassword, { source });

  // One exchange takes the quote: a second (or a parallel one, once the first commits) finds
  // used_at set and is refused.
  const claimed = await db
    .update(exchangeQuotes)
    .set({ usedAt: now })
    .where(and(eq(exchangeQuotes.id, quote.id), isNull(exchangeQuotes.usedAt)))
    .returning({ id: exchangeQuotes.id });
  if (claimed.length === 0) throw new ApiRefusal('exchange.quote_not_found', { field: 'quoteId' });

  const soldFrom = await customerAccountId(db, customerId, from, 'available');
  if ((await balanceOf(db, soldFrom)) < quote.amount) throw new ApiRefusal('money.insufficient');

  const id = await nextExchangeId(db);
  const orderNo = exchangeOrderNo(id);
  const actor = `customer:${customerId}`;
  const reason = `${orderNo} ${from}→${to}`;
  const sold = await post(db, {
    kind: EXCHANGE_ENTRY_KIND,
    reason,
    actor,
    postings: [
      { accountId: soldFrom, amount: -quote.amount },
      { accountId: await houseAccountId(db, from, 'house_fx'), amount: quote.amount },
    ],
  });
  const bought = await post(db, {
    kind: EXCHANGE_ENTRY_KIND,
    reason,
    actor,
    postings: [
      { accountId: await houseAccountId(db, to, 'house_fx'), amount: -quote.receive },
      {
        accountId: await customerAccountId(db, customerId, to, 'available'),
        amount: quote.receive,
      },
    ],
  });
  const [row] = await db
    .insert(exchanges)
    .values({
      id,
      customerId,
      quoteId: quote.id,
      fromCurrency: from,
      toCurrency: to,
      amount: quote.amount,
      receive: quote.receive,
      fee: quote.fee,
      rate: quote.rate,
      soldEntryId: sold,
      boughtEntryId: bought,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('exchange insert returned no row');
  return {
    id,
    orderNo,
    rate: row.rate,
    fee: row.fee,
    sold: { entryId: sold, currency: from, amount: -row.amount },
    bought: { entryId: bought, currency: to, amount: row.receive },
    createdAt: row.createdAt.toISOString(),
  };
}

function accountCurrency(currency: string): Currency {
  const found = ACCOUNT_CURRENCIES.find((c) => c === currency);
  if (found === undefined) {
    throw new ApiRefusal('money.unsupported_currency', { field: 'quoteId' });
  }
  return found;
}

async function balanceOf(db: Database, accountId: number): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row?.balance ?? 0;
}

async function nextExchangeId(db: Database): Promise<number> {
  const result = await db.execute(sql`select nextval('exchange_ids')::integer as id`);
  // Both drivers answer `{ rows }`; drizzle types the raw result as unknown.
  const id = (result as { rows: { id: unknown }[] }).rows[0]?.id;
  if (typeof id !== 'number') throw new Error('exchange_ids gave no id');
  return id;
}

/** postEntry with the ledger's overdraft refusal as the customer's money.insufficient. */
async function post(db: Database, entry: Parameters<typeof postEntry>[1]): Promise<number> {
  try {
    return (await postEntry(db, entry)).entryId;
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient_funds') {
      throw new ApiRefusal('money.insufficient');
    }
    throw error;
  }
}
