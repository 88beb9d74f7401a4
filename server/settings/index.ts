import { eq, inArray } from 'drizzle-orm';
import type { SettingItemDto, SettingKey, SettingValue } from '../../contract';
import { SETTINGS, SETTING_KEYS } from '../../contract';
import type { Database, Transaction } from '../db/connect';
import { settings, staffAccounts } from '../db/schema';

/**
 * A setting's value: the stored one, else its code default (contract/settings.ts). A stored
 * value that no longer passes the key's schema (a rule tightened since) reads as the default,
 * so a clock rule never computes from a value staff could not set today.
 */
export async function readSetting<K extends SettingKey>(
  db: Database | Transaction,
  key: K,
): Promise<SettingValue<K>> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return row === undefined ? SETTINGS[key].default : valueOrDefault(key, row.value);
}

/** Several settings in one query, each as readSetting answers it. */
export async function readSettings<const K extends SettingKey>(
  db: Database | Transaction,
  keys: readonly K[],
): Promise<{ [P in K]: SettingValue<P> }> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const values: Partial<Record<SettingKey, unknown>> = {};
  for (const key of keys) {
    values[key] = stored.has(key) ? valueOrDefault(key, stored.get(key)) : SETTINGS[key].default;
  }
  return values as { [P in K]: SettingValue<P> };
}

/** Every setting with its value, default and who last changed it, in the contract's order. */
export async function listSettings(db: Database | Transaction): Promise<SettingItemDto[]> {
  const rows = await db
    .select({
      key: settings.key,
      value: settings.value,
      updatedAt: settings.updatedAt,
      updatedBy: staffAccounts.account,
    })
    .from(settings)
    .leftJoin(staffAccounts, eq(staffAccounts.id, settings.updatedBy));
  return SETTING_KEYS.map((key) => {
    const row = rows.find((r) => r.key === key);
    return {
      key,
      value: row === undefined ? SETTINGS[key].default : valueOrDefault(key, row.value),
      defaultValue: SETTINGS[key].default,
      unit: SETTINGS[key].unit,
      updatedBy: row?.updatedBy ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

/**
 * Stores a setting's new value (checked again by its schema: the call validated it already)
 * and answers the previous one, for the audit record.
 */
export async function writeSetting<K extends SettingKey>(
  tx: Database | Transaction,
  key: K,
  value: unknown,
  staffId: number,
  now: Date,
): Promise<{ previous: SettingValue<K>; item: SettingItemDto }> {
  const checked = SETTINGS[key].schema.validateSync(value, { strict: true }) as SettingValue<K>;
  const previous = await readSetting(tx, key);
  await tx
    .insert(settings)
    .values({ key, value: checked, updatedBy: staffId, updatedAt: now })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: checked, updatedBy: staffId, updatedAt: now },
    });
  const item = (await listSettings(tx)).find((i) => i.key === key);
  if (item === undefined) throw new Error(`setting ${key} vanished`);
  return { previous, item };
}

function valueOrDefault<K extends SettingKey>(key: K, stored: unknown): SettingValue<K> {
  return SETTINGS[key].schema.isValidSync(stored, { strict: true })
    ? stored
    : SETTINGS[key].default;
}
