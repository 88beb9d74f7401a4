import type { SettingKey } from '../../contract';
import type { Database } from '../db/connect';
import { ApiRefusal } from '../http/refusal';
import { readSetting } from './index';

/**
 * Settings that only make sense together: the first may not exceed the second (a minimum above
 * its maximum, a window that opens after it closes). Checked on every change, whichever call
 * makes it (`/settings/set`, `/fundSettings/set`).
 */
export const SETTING_PAIRS: readonly (readonly [SettingKey, SettingKey])[] = [
  ['fund.depositMin', 'fund.depositMax'],
  ['fund.withdrawMin', 'fund.withdrawMax'],
  ['fund.depositOpens', 'fund.depositCloses'],
  ['fund.withdrawOpens', 'fund.withdrawCloses'],
];

/**
 * Refuses a new value that would put its pair out of order, as request.invalid on `value` with
 * the pair named (`pair: 'fund.depositMin ≤ fund.depositMax'`). Reads the other side in the
 * call's transaction.
 */
export async function refuseOutOfOrder(
  db: Database,
  key: SettingKey,
  value: number,
): Promise<void> {
  for (const [low, high] of SETTING_PAIRS) {
    if (key !== low && key !== high) continue;
    const other = await readSetting(db, key === low ? high : low);
    if (key === low ? value > other : value < other) {
      throw new ApiRefusal('request.invalid', { field: 'value', pair: `${low} ≤ ${high}` });
    }
  }
}
