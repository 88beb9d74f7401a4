import type { SettingItemDto, SettingKey } from '../../../contract';
import type { Database } from '../../db/connect';
import type { AuditNote } from '../../http/define-call';
import { writeSetting } from '../../settings';
import { refuseOutOfOrder } from '../../settings/pairs';

/**
 * One setting changed by a staff member: `/settings/set` and `/fundSettings/set` both come here,
 * so both check the pairs (a minimum above its maximum) and are audited alike: the entity
 * `setting:<key>`, the new and the previous value.
 */
export async function changeSetting(
  db: Database,
  staffId: number,
  body: { key: SettingKey; value?: unknown },
  now: Date,
  audit: AuditNote,
): Promise<SettingItemDto> {
  if (typeof body.value === 'number') await refuseOutOfOrder(db, body.key, body.value);
  const { previous, item } = await writeSetting(db, body.key, body.value, staffId, now);
  audit.entity = `setting:${body.key}`;
  audit.detail = { value: item.value, previous };
  return item;
}
