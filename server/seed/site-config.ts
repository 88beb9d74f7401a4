import type { Database } from '../db/connect';
import { siteConfig } from '../db/schema';
import { SITE_TEXTS } from './site-texts';

/**
 * Writes the default site texts for every locale where a row is missing. Existing rows are left
 * alone: once staff edit a text, a restart must not undo it.
 */
export async function seedSiteConfig(db: Database): Promise<void> {
  const rows = Object.entries(SITE_TEXTS).flatMap(([locale, texts]) =>
    Object.entries(texts).map(([name, value]) => ({ name, locale, value })),
  );
  await db.insert(siteConfig).values(rows).onConflictDoNothing();
}
