import { inArray } from 'drizzle-orm';
import type { EntityViewDto, Locale } from '../../../contract';
import type { Database } from '../../db/connect';
import { customers, staffAccounts } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { chartOf, lifecycleOf, statusOf, transitionsOf } from '../../lifecycle';
import type { TransitionRecord } from '../../lifecycle';

/**
 * The staff entity page: current state and what it accepts, the chart with the path taken, and
 * every transition with who made it by name and role (the client puts the event and states into
 * words from the locale packs).
 */
export async function entityView(
  db: Database,
  entityType: string,
  entityId: string,
  locale: Locale,
): Promise<EntityViewDto> {
  const lifecycle = lifecycleOf(entityType);
  const id = Number(entityId);
  if (!lifecycle || !/^[1-9]\d{0,9}$/.test(entityId) || id > 2_147_483_647) {
    throw new ApiRefusal('request.not_found', { field: 'entityId' }, 404);
  }
  const current = await db.transaction((tx) => lifecycle.storage.load(tx, id));
  if (current === null) throw new ApiRefusal('request.not_found', { field: 'entityId' }, 404);
  const transitions = await transitionsOf(db, entityType, id);
  const names = await actorNames(db, transitions);
  return {
    entityType,
    entityId,
    ...statusOf(lifecycle, current),
    chartSvg: await chartOf(lifecycle, current.state, transitions, locale),
    transitions: transitions.map((t) => ({
      from: t.fromState,
      event: t.event,
      to: t.toState,
      actor: {
        kind: t.actorKind,
        id: t.actorId,
        ...(t.actorId === null
          ? { name: null, role: null }
          : (names.get(`${t.actorKind}:${t.actorId}`) ?? { name: null, role: null })),
      },
      reason: t.reason,
      machineVersion: t.machineVersion,
      at: t.createdAt.toISOString(),
    })),
  };
}

/** The account names (and staff roles) of everyone in a history, in two queries. */
async function actorNames(db: Database, transitions: TransitionRecord[]) {
  const idsOf = (kind: string) => [
    ...new Set(
      transitions.flatMap((t) => (t.actorKind === kind && t.actorId !== null ? [t.actorId] : [])),
    ),
  ];
  const staffIds = idsOf('staff');
  const customerIds = idsOf('customer');
  const names = new Map<string, { name: string; role: string | null }>();
  if (staffIds.length > 0) {
    const rows = await db
      .select({ id: staffAccounts.id, name: staffAccounts.account, role: staffAccounts.role })
      .from(staffAccounts)
      .where(inArray(staffAccounts.id, staffIds));
    for (const r of rows) names.set(`staff:${r.id}`, { name: r.name, role: r.role });
  }
  if (customerIds.length > 0) {
    const rows = await db
      .select({ id: customers.id, name: customers.account })
      .from(customers)
      .where(inArray(customers.id, customerIds));
    for (const r of rows) names.set(`customer:${r.id}`, { name: r.name, role: null });
  }
  return names;
}
