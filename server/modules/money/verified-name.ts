import { eq } from 'drizzle-orm';
import { isInState } from '../../../machines/state-value';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { latestSubmission } from '../kyc/status';

/** The customer's verified real name; `kyc.required` until real-name verification passed. */
export async function verifiedName(db: Database, customerId: number): Promise<string> {
  const [customer] = await db
    .select({ kycState: customers.kycState })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new ApiRefusal('account.not_found', {}, 404);
  if (!isInState(customer.kycState, 'passed')) throw new ApiRefusal('kyc.required');
  const name = (await latestSubmission(db, customerId))?.realName;
  if (!name) throw new ApiRefusal('kyc.required');
  return name;
}

/**
 * Names compared as a person reads them: Unicode NFC, runs of spaces as one, ends trimmed, Latin
 * letters case-insensitive ("Hong Gildong" is "HONG GILDONG" on a card).
 */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleUpperCase('en');
  return norm(a) === norm(b);
}
