import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InferType } from 'yup';
import type { CallCatalogue, CallSpec } from '../../contract';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit';
import type { AuditEntry } from '../audit';
import { authenticate } from '../auth/authenticate';
import type { LiveSession } from '../auth/sessions';
import type { Database } from '../db/connect';
import { authenticateStaff } from '../auth/authenticate-staff';
import type { StaffSession } from '../auth/staff-sessions';
import { success } from './envelope';
import type { IdempotentRequest } from './idempotency';
import {
  claimIdempotencyKey,
  idempotencyKeyOf,
  releaseIdempotencyKey,
  requestHashOf,
  storeIdempotentAnswer,
} from './idempotency';
import { routeRateLimit } from './rate-limit';
import type { RouteLimit } from './rate-limit';
import { ApiRefusal } from './refusal';
import { validateBody } from './validation';
import '../app-context';

export type CallBody<C extends CallSpec> = InferType<C['request']>;
export type CallData<C extends CallSpec> = C['response'] extends null
  ? null
  : InferType<NonNullable<C['response']>>;

/** What a handler may add to the call's audit record. */
export interface AuditNote {
  /** What the call acted on, '<type>:<id>'. */
  entity?: string;
  detail?: Record<string, unknown>;
}

export interface CallContext<C extends CallSpec> {
  body: CallBody<C>;
  request: FastifyRequest;
  /**
   * The database to use: the call's transaction when it is audited or idempotent (then nothing
   * else may be queried: PGlite has one connection, and a query on `app.maru.db` would wait for
   * this transaction forever), else the app's database.
   */
  db: Database;
  /** `app.maru` with `db` above, for services that take the AppContext. */
  maru: AppContext;
  /** The customer's session, for 'customer' calls. */
  session: C['access'] extends 'customer' ? LiveSession : null;
  /** The staff session, for staff calls (pending, any or roles). */
  staff: C['access'] extends { readonly staff: unknown } ? StaffSession : null;
  /** Filled in by the handler of an audited call. */
  audit: AuditNote;
}

export interface CallOptions {
  /** Limit attempts per client IP (calls that guess at secrets). */
  rateLimit?: RouteLimit;
  /**
   * Let a session of a frozen, disabled or banned account through. Only logout uses it: ending a
   * session must always be possible.
   */
  allowRestrictedAccount?: boolean;
  /** A larger body than the app's limit (a news article's four language versions). */
  bodyLimitBytes?: number;
}

type SpecOf<Cat extends CallCatalogue, N extends keyof Cat['calls']> = Cat['calls'][N];

interface Caller {
  session: LiveSession | null;
  staff: StaffSession | null;
  /** Who the audit record and the idempotency scope name; null for public calls. */
  actor: AuditEntry['actor'] | null;
}

/**
 * Registers one call of a catalogue (CUSTOMER_API, STAFF_API): POST <base><path>. In order:
 * 1. the session the call's access needs (401/403 before the body is looked at);
 * 2. the Idempotency-Key header of an idempotent call, then the body against its schema (400);
 * 3. the handler, whose result is wrapped in the success envelope; it refuses by throwing
 *    ApiRefusal.
 * An audited call (staff calls with a session; customer calls with `audit`) or an idempotent one
 * runs its handler in a transaction, handed to it as `db`, and its audit record and stored answer
 * are written in that transaction after the handler: if either cannot be written, nothing the
 * handler did remains. A refusal rolls the transaction back unless it keeps writes.
 */
export function defineCall<Cat extends CallCatalogue, N extends keyof Cat['calls'] & string>(
  app: FastifyInstance,
  catalogue: Cat,
  name: N,
  handler: (context: CallContext<SpecOf<Cat, N>>) => Promise<CallData<SpecOf<Cat, N>>>,
  options: CallOptions = {},
): void {
  const spec: CallSpec | undefined = catalogue.calls[name];
  if (spec === undefined) throw new Error(`no call ${name} under ${catalogue.base}`);
  const route = `${catalogue.base}${spec.path}`;
  if (spec.idempotent && spec.access === 'public') {
    throw new Error(`${route}: an idempotent call needs a session to scope its keys`);
  }
  if (spec.audit && spec.access === 'public') {
    throw new Error(`${route}: an audited call needs a session to name who acted`);
  }
  const auditAction = typeof spec.audit === 'object' ? (spec.audit.action ?? name) : name;

  app.post(
    route,
    {
      config: options.rateLimit ? { rateLimit: routeRateLimit(options.rateLimit) } : {},
      ...(options.bodyLimitBytes === undefined ? {} : { bodyLimit: options.bodyLimitBytes }),
    },
    async (request) => {
      const caller = await callerOf(app.maru.db, request, spec, options);
      const key = spec.idempotent
        ? idempotencyKeyOf(request, spec.idempotent === 'required')
        : null;
      // A POST without a body counts as {}.
      const body: unknown = await validateBody(
        spec.request,
        request.body === undefined ? {} : request.body,
      );
      const audit: AuditNote = {};
      const run = (db: Database) => {
        const maru = db === app.maru.db ? app.maru : { ...app.maru, db };
        // The schema just checked `body`; the types cannot follow a schema held in a variable.
        const context = { body, request, db, maru, ...caller, audit } as unknown as CallContext<
          SpecOf<Cat, N>
        >;
        return handler(context);
      };
      const audited = caller.actor !== null && (caller.staff !== null || spec.audit !== undefined);
      if (!audited && !spec.idempotent) return success(await run(app.maru.db));

      const idempotent: IdempotentRequest | null =
        key === null || caller.actor === null
          ? null
          : {
              scope: `${caller.actor.kind}:${caller.actor.id}`,
              key,
              requestHash: requestHashOf(route, body),
            };
      const outcome = await app.maru.db.transaction(async (tx) => {
        if (idempotent !== null) {
          const replay = await claimIdempotencyKey(tx, idempotent);
          if (replay !== null) return replay;
        }
        let data: unknown;
        try {
          data = await run(tx);
        } catch (error) {
          if (!(error instanceof ApiRefusal && error.keepsWrites)) throw error;
          if (idempotent !== null) await releaseIdempotencyKey(tx, idempotent);
          return { refusal: error };
        }
        if (audited && caller.actor !== null) {
          await recordAudit(tx, request, {
            actor: caller.actor,
            action: auditAction,
            entity: audit.entity ?? null,
            detail: audit.detail ?? null,
          });
        }
        if (idempotent !== null) await storeIdempotentAnswer(tx, idempotent, data);
        return { data };
      });
      if ('refusal' in outcome) throw outcome.refusal;
      return success(outcome.data);
    },
  );
}

/** The session the call's access asks for: none, a customer's, or a staff member's. */
async function callerOf(
  db: Database,
  request: FastifyRequest,
  spec: CallSpec,
  options: CallOptions,
): Promise<Caller> {
  if (spec.access === 'public') return { session: null, staff: null, actor: null };
  if (spec.access === 'customer') {
    const session = await authenticate(db, request, {
      checkAccountState: !options.allowRestrictedAccount,
    });
    return { session, staff: null, actor: { kind: 'customer', id: session.customer.id } };
  }
  const staff = await authenticateStaff(db, request, {
    path: spec.path,
    access: spec.access.staff,
  });
  return { session: null, staff, actor: { kind: 'staff', id: staff.staff.id } };
}
