import type { KycContext, KycEvent } from '../../../machines/kyc';
import { kycLifecycle as definition } from '../../../machines/kyc';
import { customers } from '../../db/schema';
import { readSetting } from '../../settings';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

const HOUR_MS = 60 * 60 * 1000;

/** Real-name verification lives on the customer row: kyc_state, kyc_context, kyc_version. */
export const kycLifecycle: Lifecycle<KycContext, KycEvent> = {
  type: 'kyc',
  definition,
  storage: tableStorage<KycContext>(customers, {
    id: customers.id,
    state: customers.kycState,
    context: customers.kycContext,
    version: customers.kycVersion,
  }),
  notFound: 'account.not_found',
  clock: {
    /**
     * A submission waiting longer than the review time (setting `kyc.reviewHours`, read when it
     * is submitted) is flagged overdue: `under_review.waiting` schedules `review.overdue` here.
     */
    reviewDeadline: async (tx, { now }) =>
      new Date(now.getTime() + (await readSetting(tx, 'kyc.reviewHours')) * HOUR_MS),
  },
};
