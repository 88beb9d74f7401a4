import { and, asc, count, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AddWalletRequest, DeleteByIdRequest, WalletDto } from '../../../contract';
import { WALLETS_MAX, walletAddressKey } from '../../../contract';
import type { Database } from '../../db/connect';
import { wallets } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { verifyFundPassword } from '../fund-password';
import { lockCustomer } from './bank-cards';
import { openWithdrawalsTo } from './pending-withdrawals';

type WalletRow = typeof wallets.$inferSelect;

/** The address alone, as a wallet app scans it; an SVG `data:` URL (no script runs in an <img>). */
export async function qrOf(address: string): Promise<string> {
  const svg = await QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

async function toDto(row: WalletRow): Promise<WalletDto> {
  return {
    id: row.id,
    currency: 'USDT',
    type: row.type,
    address: row.address,
    qr: await qrOf(row.address),
    createdAt: row.createdAt.toISOString(),
  };
}

const live = (customerId: number) =>
  and(eq(wallets.customerId, customerId), isNull(wallets.deletedAt));

export async function listWallets(db: Database, customerId: number): Promise<WalletDto[]> {
  const rows = await db.select().from(wallets).where(live(customerId)).orderBy(asc(wallets.id));
  return Promise.all(rows.map(toDto));
}

/**
 * Registers a USDT address (checked per network by the contract). An address already live for
 * anyone is refused, as cards are; the unique index decides a race. Wallets need no verified
 * name (an address has no holder), but the fund password guards them like cards.
 */
export async function addWallet(
  db: Database,
  customerId: number,
  body: AddWalletRequest,
  source: string | null,
): Promise<WalletDto> {
  await verifyFundPassword(db, customerId, body.fundPassword, { source });
  await lockCustomer(db, customerId);
  const [counted] = await db.select({ n: count() }).from(wallets).where(live(customerId));
  if ((counted?.n ?? 0) >= WALLETS_MAX) {
    throw new ApiRefusal('wallet.too_many', { max: WALLETS_MAX });
  }
  const [row] = await db
    .insert(wallets)
    .values({
      customerId,
      type: body.type,
      address: body.address,
      addressKey: walletAddressKey(body.type, body.address),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiRefusal('wallet.exists', { field: 'address' });
  return toDto(row);
}

export async function deleteWallet(
  db: Database,
  customerId: number,
  body: DeleteByIdRequest,
  source: string | null,
): Promise<WalletRow> {
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, body.id), live(customerId)))
    .for('update');
  if (!wallet) throw new ApiRefusal('wallet.not_found', { field: 'id' });
  await verifyFundPassword(db, customerId, body.fundPassword, { source });
  if ((await openWithdrawalsTo(db, { walletId: wallet.id })) > 0) {
    throw new ApiRefusal('wallet.withdrawal_pending', { field: 'id' });
  }
  await db.update(wallets).set({ deletedAt: new Date() }).where(eq(wallets.id, wallet.id));
  return wallet;
}
