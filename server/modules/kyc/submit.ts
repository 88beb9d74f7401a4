import { and, eq, inArray } from 'drizzle-orm';
import type { KycStatusDto, KycSubmitRequest } from '../../../contract';
import { normaliseIdNumber } from '../../../contract';
import type { Database } from '../../db/connect';
import { kycSubmissions, uploads } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { applyEvent, kycLifecycle } from '../../lifecycle';
import { kycStatus } from './status';

/**
 * Submits (or, after a rejection, resubmits) the real name, ID number and two photos the
 * customer uploaded before. The machine decides whether a submission is accepted now; the
 * submission row is written in the same transaction as the transition.
 */
export async function submitKyc(
  db: Database,
  customerId: number,
  input: KycSubmitRequest,
  now: Date,
): Promise<KycStatusDto> {
  await applyEvent(db, {
    lifecycle: kycLifecycle,
    id: customerId,
    event: { type: 'kyc.submit' },
    actor: { kind: 'customer', id: customerId },
    now,
    sideEffects: async (tx) => {
      const photos = await tx
        .select({ id: uploads.id, purpose: uploads.purpose })
        .from(uploads)
        .where(
          and(
            eq(uploads.ownerCustomerId, customerId),
            inArray(uploads.id, [input.frontPhotoId, input.backPhotoId]),
          ),
        );
      // Another customer's photo is as unknown as one that never existed.
      const has = (id: string, purpose: string) =>
        photos.some((p) => p.id === id && p.purpose === purpose);
      if (!has(input.frontPhotoId, 'kyc_front')) {
        throw new ApiRefusal('kyc.photo_not_found', { field: 'frontPhotoId' });
      }
      if (!has(input.backPhotoId, 'kyc_back')) {
        throw new ApiRefusal('kyc.photo_not_found', { field: 'backPhotoId' });
      }
      await tx.insert(kycSubmissions).values({
        customerId,
        realName: input.realName,
        idNumber: normaliseIdNumber(input.idNumber),
        frontPhotoId: input.frontPhotoId,
        backPhotoId: input.backPhotoId,
        createdAt: now,
      });
    },
  });
  return kycStatus(db, customerId);
}
