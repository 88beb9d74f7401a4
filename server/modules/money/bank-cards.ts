import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { AddBankCardRequest, BankCardDto, DeleteByIdRequest } from '../../../contract';
import { BANK_CARDS_MAX } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/connect';
import { bankCards, customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { verifyFundPassword } from '../fund-password';
import { cardKeys, cardNumberHash, maskCardNumber, sealCardNumber } from './card-number';
import { openWithdrawalsTo } from './pending-withdrawals';
import { sameName, verifiedName } from './verified-name';

type CardRow = typeof bankCards.$inferSelect;

function toDto(row: CardRow): BankCardDto {
  return {
    id: row.id,
    holder: row.holder,
    bank: row.bank,
    branch: row.branch,
    bankCode: row.bankCode,
    masked: row.masked,
    createdAt: row.createdAt.toISOString(),
  };
}

const live = (customerId: number) =>
  and(eq(bankCards.customerId, customerId), isNull(bankCards.deletedAt));

/** The customer's live cards, oldest first. */
export async function listBankCards(db: Database, customerId: number): Promise<BankCardDto[]> {
  const rows = await db.select().from(bankCards).where(live(customerId)).orderBy(asc(bankCards.id));
  return rows.map(toDto);
}

/**
 * Serialises one customer's card and wallet changes (the count limit), on PostgreSQL; PGlite has
 * one connection, so its calls are serial anyway.
 */
export async function lockCustomer(db: Database, customerId: number): Promise<void> {
  await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
}

/**
 * Registers a card in the verified name. Checks, in order: verified (kyc.required), the holder
 * is that name, the fund password (counted toward its lock), the per-customer limit, and that no
 * live card anywhere has the number. The last is the unique index on the keyed hash, so two
 * parallel adds of one number cannot both pass: the loser's insert does nothing (it waits for the
 * winner's commit on PostgreSQL) and is refused as `bank_card.exists`.
 */
export async function addBankCard(
  context: AppContext,
  customerId: number,
  body: AddBankCardRequest,
  source: string | null,
): Promise<BankCardDto> {
  const { db } = context;
  const name = await verifiedName(db, customerId);
  if (!sameName(body.holder, name)) {
    throw new ApiRefusal('bank_card.holder_mismatch', { field: 'holder' });
  }
  await verifyFundPassword(db, customerId, body.fundPassword, { source });
  await lockCustomer(db, customerId);
  const [counted] = await db.select({ n: count() }).from(bankCards).where(live(customerId));
  if ((counted?.n ?? 0) >= BANK_CARDS_MAX) {
    throw new ApiRefusal('bank_card.too_many', { max: BANK_CARDS_MAX });
  }
  const keys = cardKeys(context.uploads);
  const digits = `${body.cardHead}${body.cardTail}`;
  const hash = cardNumberHash(keys, digits);
  const [row] = await db
    .insert(bankCards)
    .values({
      customerId,
      // The verified spelling, whatever spacing or case was typed.
      holder: name,
      bank: body.bank.trim(),
      branch: body.branch.trim(),
      bankCode: body.bankCode.toUpperCase(),
      masked: maskCardNumber(body.cardHead, body.cardTail),
      numberHash: hash,
      numberSealed: sealCardNumber(keys, hash, digits),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiRefusal('bank_card.exists', { field: 'cardTail' });
  return toDto(row);
}

/**
 * Removes one of the customer's cards. Another customer's card id is answered exactly like an id
 * nobody has (`bank_card.not_found`), before the fund password is asked for. Refused while a
 * withdrawal to the card is open.
 */
export async function deleteBankCard(
  db: Database,
  customerId: number,
  body: DeleteByIdRequest,
  source: string | null,
): Promise<CardRow> {
  const [card] = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, body.id), live(customerId)))
    .for('update');
  if (!card) throw new ApiRefusal('bank_card.not_found', { field: 'id' });
  await verifyFundPassword(db, customerId, body.fundPassword, { source });
  if ((await openWithdrawalsTo(db, { cardId: card.id })) > 0) {
    throw new ApiRefusal('bank_card.withdrawal_pending', { field: 'id' });
  }
  await db.update(bankCards).set({ deletedAt: new Date() }).where(eq(bankCards.id, card.id));
  return card;
}
