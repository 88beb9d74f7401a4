import { randomBytes } from 'node:crypto';
import type { ExchangeQuoteDto, ExchangeQuoteRequest } from '../../../contract';
import { CURRENCIES } from '../../../contract';
import type { AppContext } from '../../app-context';
import { exchangeQuotes } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { readSetting } from '../../settings';
import { decimalFraction, exchangeFigures } from './exchange-rate';
import { wonPerUnit } from './fund-limits';

/**
 * `/user/exchange/quote`: the feed's rates (won per unit; USDT as USD; a cross rate through the
 * won) less the spread `fund.exchangeSpread`, what the customer would receive rounded down, held
 * for `fund.quoteSeconds`. A quote may name any exchange currency; only the account currencies
 * can be exchanged (exchange.ts), so quotes for the others are indications.
 */
export async function quoteExchange(
  maru: AppContext,
  customerId: number,
  body: ExchangeQuoteRequest,
): Promise<ExchangeQuoteDto> {
  const { db } = maru;
  const from = body.from;
  const to = body.to;
  if (from === to) throw new ApiRefusal('exchange.same_currency', { field: 'to' });
  const fromKrwPerUnit = wonPerUnit(maru, from);
  const toKrwPerUnit = wonPerUnit(maru, to);
  const spreadBps = await readSetting(db, 'fund.exchangeSpread');
  const figures = exchangeFigures({
    amount: body.amount,
    fromDigits: CURRENCIES[from].minorDigits,
    toDigits: CURRENCIES[to].minorDigits,
    fromKrw: decimalFraction(fromKrwPerUnit),
    toKrw: decimalFraction(toKrwPerUnit),
    spreadBps,
  });
  if (figures.receive <= 0n) throw new ApiRefusal('exchange.too_small', { field: 'amount' });
  // A receive past the safe range could never be posted (amounts are safe integers).
  if (figures.receive > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new ApiRefusal('money.invalid_amount', { field: 'amount' });
  }
  const now = maru.clock.now();
  const expiresAt = new Date(now.getTime() + (await readSetting(db, 'fund.quoteSeconds')) * 1000);
  const quoteId = `q_${randomBytes(18).toString('base64url')}`;
  const receive = Number(figures.receive);
  const fee = Number(figures.fee);
  await db.insert(exchangeQuotes).values({
    id: quoteId,
    customerId,
    fromCurrency: from,
    toCurrency: to,
    amount: body.amount,
    receive,
    fee,
    rate: figures.rate,
    fromKrwPerUnit: String(fromKrwPerUnit),
    toKrwPerUnit: String(toKrwPerUnit),
    spreadBps,
    expiresAt,
    createdAt: now,
  });
  return {
    quoteId,
    from,
    to,
    amount: body.amount,
    rate: figures.rate,
    receive,
    fee,
    expiresAt: expiresAt.toISOString(),
  };
}
