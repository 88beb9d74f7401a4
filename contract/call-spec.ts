import type { AnySchema } from 'yup';
import type { StaffRole } from './schemas/staff';

/**
 * Who may make a call: anyone ('public'), a signed-in customer ('customer'), or staff: the roles
 * allowed, 'any' signed-in staff member, or 'pending' (the half session between the password and
 * the TOTP code).
 */
export type CallAccess =
  'public' | 'customer' | { readonly staff: readonly StaffRole[] | 'any' | 'pending' };

/** One call of a catalogue: POST <base><path> with a JSON body. */
export interface CallSpec {
  /** Path under the catalogue's base. */
  path: string;
  access: CallAccess;
  summary: string;
  request: AnySchema;
  /** Schema of `data` on success; null when the call answers no data. */
  response: AnySchema | null;
  /**
   * Append an audit record (who, action, entity, detail, IP, user agent) in the call's own
   * transaction. Staff calls with a session are always audited; a customer call opts in. The
   * action is the call's name unless given.
   */
  audit?: true | { readonly action?: string };
  /**
   * Honour the `Idempotency-Key` header: a repeat with the same key and body answers the first
   * success again without running the call. 'required' refuses a call without a key.
   */
  idempotent?: true | 'required';
}

/** A catalogue of calls under one base path (the customer API, the back office). */
export interface CallCatalogue<Calls extends Record<string, CallSpec> = Record<string, CallSpec>> {
  /** Base path, e.g. '/api/vue'. */
  readonly base: string;
  /** OpenAPI tag of the catalogue's calls. */
  readonly tag: string;
  /** Prefix of the calls' OpenAPI operation ids ('' for the customer API, 'staff.'). */
  readonly operationPrefix: string;
  readonly calls: Calls;
}

/** A call whose body is raw bytes (not JSON), with its parameters in the query string. */
export interface BinaryCallSpec {
  path: string;
  access: Exclude<CallAccess, 'public'>;
  summary: string;
  bodyKind: 'binary';
  /** Schema of the query string. */
  query: AnySchema;
  response: AnySchema;
}

export type StaffAccess = Extract<CallAccess, { staff: unknown }>['staff'];

/** The staff part of an access rule, or null for public and customer calls. */
export function staffAccessOf(access: CallAccess): StaffAccess | null {
  return typeof access === 'object' ? access.staff : null;
}

/** Whether a staff member of this role may make a call with this access (the server checks too). */
export function staffMayCall(access: CallAccess, role: StaffRole): boolean {
  const staff = staffAccessOf(access);
  if (staff === null) return access === 'public';
  return staff === 'any' || staff === 'pending' || staff.includes(role);
}
