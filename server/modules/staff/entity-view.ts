import type { EntityViewDto, Locale } from '../../../contract';
import type { Database } from '../../db/connect';
import { ApiRefusal } from '../../http/refusal';
import { LIFECYCLE_ENTITIES, chartOf, transitionsOf } from '../../lifecycle';

/** The staff entity page: current state, the chart with the path taken, every transition. */
export async function entityView(
  db: Database,
  entityType: string,
  entityId: string,
  locale: Locale,
): Promise<EntityViewDto> {
  const entity = LIFECYCLE_ENTITIES[entityType];
  const id = Number(entityId);
  if (!entity || !/^[1-9]\d{0,9}$/.test(entityId) || id > 2_147_483_647) {
    throw new ApiRefusal('request.not_found', { field: 'entityId' }, 404);
  }
  const current = await db.transaction((tx) => entity.load(tx, id));
  if (current === null) throw new ApiRefusal('request.not_found', { field: 'entityId' }, 404);
  const transitions = await transitionsOf(db, entityType, id);
  return {
    entityType,
    entityId,
    state: current.state,
    version: current.version,
    chartSvg: await chartOf(entity, current.state, transitions, locale),
    transitions: transitions.map((t) => ({
      from: t.fromState,
      event: t.event,
      to: t.toState,
      actor: t.actorId === null ? t.actorKind : `${t.actorKind}:${t.actorId}`,
      reason: t.reason,
      machineVersion: t.machineVersion,
      at: t.createdAt.toISOString(),
    })),
  };
}
