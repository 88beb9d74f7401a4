import { and, eq, sql } from 'drizzle-orm';
import { KYC_MACHINE_VERSION, kycMachine } from '../../../machines/kyc';
import type { KycContext } from '../../../machines/kyc';
import type { KycState } from '../../../contract';
import { customers } from '../../db/schema';
import type { LifecycleEntity } from '../types';

/** Real-name verification lives on the customer row: kyc_state, kyc_context, kyc_version. */
export const kycEntity: LifecycleEntity<KycContext> = {
  type: 'kyc',
  machine: kycMachine,
  machineVersion: KYC_MACHINE_VERSION,
  notFound: 'account.not_found',
  async load(tx, id) {
    const [row] = await tx
      .select({
        state: customers.kycState,
        context: customers.kycContext,
        version: customers.kycVersion,
      })
      .from(customers)
      .where(eq(customers.id, id));
    return row ?? null;
  },
  async store(tx, id, expectedVersion, next) {
    const updated = await tx
      .update(customers)
      .set({
        kycState: next.state as KycState,
        kycContext: next.context,
        kycVersion: sql`${customers.kycVersion} + 1`,
      })
      .where(and(eq(customers.id, id), eq(customers.kycVersion, expectedVersion)))
      .returning({ id: customers.id });
    return updated.length === 1;
  },
};
