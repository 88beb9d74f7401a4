import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InferType } from 'yup';
import type { StaffCallName } from '../../../contract';
import { STAFF_API_BASE, STAFF_CALLS } from '../../../contract';
import { recordAudit } from '../../audit';
import { success } from '../../http/envelope';
import { routeRateLimit } from '../../http/rate-limit';
import { validateBody } from '../../http/validation';
import { authenticateStaff } from './authenticate-staff';
import type { StaffSession } from './staff-sessions';

type Spec<N extends StaffCallName> = (typeof STAFF_CALLS)[N];
type Data<N extends StaffCallName> = Spec<N>['response'] extends null
  ? null
  : InferType<NonNullable<Spec<N>['response']>>;

/** What a handler may add to the call's audit record. */
export interface AuditNote {
  entity?: string;
  detail?: Record<string, unknown>;
}

export interface StaffCallContext<N extends StaffCallName> {
  body: InferType<Spec<N>['request']>;
  request: FastifyRequest;
  /** Null only for the public sign-in call. */
  staff: Spec<N>['access'] extends 'public' ? null : StaffSession;
  audit: AuditNote;
}

/**
 * Registers one back-office call: POST <STAFF_API_BASE><path>. Session and role first, then the
 * body against its schema, then the handler; every successful call by a signed-in staff member
 * is appended to the audit log (who, what, on what, IP and user agent) before the answer goes out.
 */
export function defineStaffCall<N extends StaffCallName>(
  app: FastifyInstance,
  name: N,
  handler: (context: StaffCallContext<N>) => Promise<Data<N>>,
  options: { rateLimit?: { max: number; windowMs: number } } = {},
): void {
  const call = STAFF_CALLS[name];
  app.post(
    `${STAFF_API_BASE}${call.path}`,
    { config: options.rateLimit ? { rateLimit: routeRateLimit(options.rateLimit) } : {} },
    async (request) => {
      const { db } = app.maru;
      const staff = call.access === 'public' ? null : await authenticateStaff(db, request, call);
      const body: unknown = await validateBody(
        call.request,
        request.body === undefined ? {} : request.body,
      );
      const audit: AuditNote = {};
      // The schema just checked `body`; the types cannot follow a schema held in a variable.
      const context = { body, request, staff, audit } as StaffCallContext<N>;
      const data = await handler(context);
      if (staff !== null) {
        await recordAudit(db, request, {
          actor: { kind: 'staff', id: staff.staff.id },
          action: name,
          entity: audit.entity ?? null,
          detail: audit.detail ?? null,
        });
      }
      return success(data);
    },
  );
}
