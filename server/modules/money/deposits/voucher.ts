import { and, eq, notExists } from 'drizzle-orm';
import type { RechargeVoucherDto } from '../../../../contract';
import type { AppContext } from '../../../app-context';
import type { Database } from '../../../db/connect';
import { deposits, uploads } from '../../../db/schema';
import { storeImage } from '../../../uploads';

export const VOUCHER_PURPOSE = 'deposit_voucher';

/**
 * Checks and re-encodes a deposit voucher with the ID photos' rules (type by signature, size and
 * pixel limits, re-encoded without metadata, encrypted at rest) and records it as the customer's,
 * file and row together (server/uploads/store-image.ts).
 */
export async function uploadVoucher(
  context: AppContext,
  customerId: number,
  body: Buffer,
): Promise<RechargeVoucherDto> {
  const { id, width, height } = await storeImage(context, customerId, VOUCHER_PURPOSE, body);
  return { voucherId: id, width, height };
}

/**
 * The customer's own voucher that no deposit uses yet, or null: another customer's voucher, an
 * ID photo and a used voucher all read as not found.
 */
export async function unusedVoucher(
  db: Database,
  customerId: number,
  voucherId: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.id, voucherId),
        eq(uploads.ownerCustomerId, customerId),
        eq(uploads.purpose, VOUCHER_PURPOSE),
        notExists(db.select().from(deposits).where(eq(deposits.voucherId, uploads.id))),
      ),
    );
  return row ?? null;
}

/** A voucher as a data: URL for the staff member reviewing its deposit. */
export async function voucherDataUrl(context: AppContext, voucherId: string): Promise<string> {
  const [row] = await context.db
    .select({ mime: uploads.mime })
    .from(uploads)
    .where(eq(uploads.id, voucherId));
  if (!row) throw new Error(`voucher ${voucherId} has no row`);
  const bytes = await context.uploads.read(voucherId);
  return `data:${row.mime};base64,${bytes.toString('base64')}`;
}
