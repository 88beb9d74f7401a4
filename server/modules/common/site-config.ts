import type { ConfigItem, Locale } from '../../../contract';
import { CONFIG_NAMES } from '../../../contract';
import type { Database } from '../../db/connect';
import { siteConfig } from '../../db/schema';

/**
 * The site configuration in one locale, in CONFIG_NAMES order first, then any further names staff
 * added. A name missing in the locale falls back to the Korean text, so the list is never short.
 */
export async function siteConfigFor(db: Database, locale: Locale): Promise<ConfigItem[]> {
  const rows = await db.select().from(siteConfig);
  const value = (name: string, l: string) =>
    rows.find((r) => r.name === name && r.locale === l)?.value;
  const names = [
    ...CONFIG_NAMES,
    ...new Set(
      rows.map((r) => r.name).filter((n) => !(CONFIG_NAMES as readonly string[]).includes(n)),
    ),
  ];
  return names.flatMap((name) => {
    const text = value(name, locale) ?? value(name, 'ko');
    return text === undefined ? [] : [{ name, value: text }];
  });
}
