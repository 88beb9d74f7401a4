import { and, count, desc, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { auditLog, staffAccounts } from '../../db/schema';

/** The audit log, newest first, by staff member, action and entity. */
export async function searchAudit(
  db: Database,
  filter: {
    staffId?: number | null;
    action?: string;
    entity?: string;
    page: number;
    pageSize: number;
  },
) {
  const conditions: SQL[] = [];
  if (filter.staffId != null) {
    conditions.push(eq(auditLog.actorKind, 'staff'), eq(auditLog.actorId, filter.staffId));
  }
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select({ entry: auditLog, staff: staffAccounts.account })
    .from(auditLog)
    .leftJoin(
      staffAccounts,
      and(eq(auditLog.actorKind, 'staff'), eq(staffAccounts.id, auditLog.actorId)),
    )
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    items: rows.map(({ entry, staff }) => ({
      id: entry.id,
      staff: staff ?? (entry.actorKind === 'staff' ? null : `${entry.actorKind}:${entry.actorId}`),
      action: entry.action,
      entity: entry.entity,
      detail: entry.detail === null ? null : JSON.stringify(entry.detail),
      ip: entry.ip,
      userAgent: entry.userAgent,
      at: entry.createdAt.toISOString(),
    })),
    page: filter.page,
    pageSize: filter.pageSize,
    total: total?.n ?? 0,
  };
}
