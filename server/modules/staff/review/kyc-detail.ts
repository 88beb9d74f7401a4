import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { KycDetailDto } from '../../../../contract';
import type { AppContext } from '../../../app-context';
import { customers } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import { kycLifecycle, statusOf } from '../../../lifecycle';
import { readPhoto } from '../../kyc/read-photo';
import { latestSubmission } from '../../kyc/status';

/**
 * One verification as a reviewer sees it: what was submitted and both photos, decrypted. Each
 * photo view is audit-logged by readPhoto; the caller's role was checked (reviewer or admin).
 */
export async function kycDetail(
  context: AppContext,
  request: FastifyRequest,
  staffId: number,
  customerId: number,
): Promise<KycDetailDto> {
  const [customer] = await context.db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new ApiRefusal('account.not_found', { field: 'customerId' }, 404);
  const submission = await latestSubmission(context.db, customerId);
  const viewer = { actor: { kind: 'staff' as const, id: staffId }, ownerCustomerId: null };
  return {
    customerId,
    account: customer.account,
    ...statusOf(kycLifecycle, {
      state: customer.kycState,
      context: customer.kycContext,
      version: customer.kycVersion,
    }),
    submissions: customer.kycContext.submissions,
    rejectionReason: customer.kycContext.rejectionReason,
    realName: submission?.realName ?? null,
    idNumber: submission?.idNumber ?? null,
    front: submission ? await readPhoto(context, request, submission.frontPhotoId, viewer) : null,
    back: submission ? await readPhoto(context, request, submission.backPhotoId, viewer) : null,
  };
}
