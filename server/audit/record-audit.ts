import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../db/connect';
import type { ActorKind } from '../db/schema';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actor: { kind: ActorKind; id: number | null };
  /** What was done, e.g. 'kyc.approve', 'kyc.photo.view', 'login.failed'. */
  action: string;
  /** What it was done to, '<type>:<id>'. */
  entity?: string | null;
  detail?: Record<string, unknown> | null;
}

const MAX_USER_AGENT = 512;

/**
 * Appends one record to the audit log with where the request came from. There is no update or
 * delete counterpart anywhere, and the database refuses both (migration 0003).
 */
export async function recordAudit(
  db: Database | Transaction,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  entry: AuditEntry,
): Promise<void> {
  const userAgent = request.headers['user-agent'];
  await db.insert(auditLog).values({
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    action: entry.action,
    entity: entry.entity ?? null,
    detail: entry.detail ?? null,
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, MAX_USER_AGENT) : '',
  });
}
