import { eq, sql } from 'drizzle-orm';
import { isInState } from '../../../machines/state-value';
import type { Database } from '../../db/connect';
import { customers, kycSubmissions } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';

/**
 * The customer's verified real name; `kyc.required` until real-name verification passed. The
 * name is the latest submission's (as latestSubmission reads it), fetched in the same query (the
 * subquery's unqualified columns are kyc_submissions', its inner scope).
 */
export async function verifiedName(db: Database, customerId: number): Promise<string> {
  const [customer] = await db
    .select({
      kycState: customers.kycState,
      realName: sql<string | null>`(select ${kycSubmissions.realName} from ${kycSubmissions}
        where ${kycSubmissions.customerId} = ${customerId}
        order by ${kycSubmissions.id} desc limit 1)`,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new ApiRefusal('account.not_found', {}, 404);
  if (!isInState(customer.kycState, 'passed')) throw new ApiRefusal('kyc.required');
  if (!customer.realName) throw new ApiRefusal('kyc.required');
  return customer.realName;
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
