import type { FastifyRequest } from 'fastify';
import type { StaffAccess } from '../../contract';
import { STAFF_TOKEN_HEADER } from '../../contract';
import type { Database } from '../db/connect';
import { ApiRefusal } from '../http/refusal';
import type { StaffSession } from './staff-sessions';
import { findStaffSession } from './staff-sessions';

/** Calls a staff member with a one-time password may still make: change it, see who they are. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set([
  '/auth/changePassword',
  '/auth/me',
  '/auth/logout',
]);

/**
 * The staff session a back-office request carries in its `staff-token` header, checked against
 * what the call needs: 401 without a live session of the right stage (a customer's token is
 * never one), 403 staff.password_change_required until a one-time password is replaced, 403
 * staff.forbidden when the role does not allow the call.
 */
export async function authenticateStaff(
  db: Database,
  request: FastifyRequest,
  call: { path: string; access: StaffAccess },
): Promise<StaffSession> {
  const token = request.headers[STAFF_TOKEN_HEADER];
  if (typeof token !== 'string' || token.length === 0 || token.length > 256) {
    throw new ApiRefusal('auth.required');
  }
  const session = await findStaffSession(db, token);
  if (session === null) throw new ApiRefusal('auth.required');
  if (call.access === 'pending') {
    if (session.stage !== 'pending') throw new ApiRefusal('auth.required');
    return session;
  }
  if (session.stage !== 'full') throw new ApiRefusal('auth.required');
  if (session.staff.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(call.path)) {
    throw new ApiRefusal('staff.password_change_required', {}, 403);
  }
  if (call.access !== 'any' && !call.access.includes(session.staff.role)) {
    throw new ApiRefusal('staff.forbidden', {}, 403);
  }
  return session;
}
