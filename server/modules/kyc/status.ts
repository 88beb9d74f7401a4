import { desc, eq } from 'drizzle-orm';
import type { KycStatusDto } from '../../../contract';
import type { Database } from '../../db/connect';
import { customers, kycSubmissions } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { kycLifecycle, statusOf } from '../../lifecycle';

/** The latest submission of a customer, if any. */
export async function latestSubmission(db: Database, customerId: number) {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.customerId, customerId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return row ?? null;
}

/**
 * What the customer's verification screen shows: the state, the reason of a rejection, what was
 * submitted, and the events the machine accepts now.
 */
export async function kycStatus(db: Database, customerId: number): Promise<KycStatusDto> {
  const [customer] = await db
    .select({
      state: customers.kycState,
      context: customers.kycContext,
      version: customers.kycVersion,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new ApiRefusal('account.not_found', {}, 404);
  const submission = await latestSubmission(db, customerId);
  return {
    ...statusOf(kycLifecycle, customer),
    // The reason stays in the context until the next submission clears it.
    rejectionReason: customer.context.rejectionReason,
    submissions: customer.context.submissions,
    realName: submission?.realName ?? null,
    idNumber: submission?.idNumber ?? null,
    frontPhotoId: submission?.frontPhotoId ?? null,
    backPhotoId: submission?.backPhotoId ?? null,
  };
}
