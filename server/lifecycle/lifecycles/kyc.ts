import type { KycContext, KycEvent } from '../../../machines/kyc';
import { kycLifecycle as definition } from '../../../machines/kyc';
import { customers } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

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
};
