import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_NAMES, LOCALES } from '../../contract';
import type { DatabaseHandle } from '../db/connect';
import { institutions, siteConfig } from '../db/schema';
import { databaseKinds, openTestDatabase } from '../../tests/support/test-app';
import { seedDefaults } from './seed';

describe.each(databaseKinds)('first-start seeding on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('creates one random demo code, keeps it on later starts, and adds a configured one', async () => {
    const first = await seedDefaults(handle.db, null);
    expect(first.demoCode).toMatch(/^[A-Z2-9]{6}$/);
    expect((await seedDefaults(handle.db, null)).demoCode).toBe(first.demoCode);

    expect((await seedDefaults(handle.db, 'SEOUL2026')).demoCode).toBe('SEOUL2026');
    const rows = await handle.db.select().from(institutions).where(eq(institutions.isDemo, true));
    expect(rows.map((r) => r.code).sort()).toEqual([first.demoCode, 'SEOUL2026'].sort());
    expect(rows.every((r) => r.active)).toBe(true);
  });

  it('writes every config name in every locale once', async () => {
    await seedDefaults(handle.db, null);
    const rows = await handle.db.select().from(siteConfig);
    expect(rows).toHaveLength(CONFIG_NAMES.length * LOCALES.length);
  });

  it('lets concurrent starts agree on one code', async () => {
    const fresh = await openTestDatabase(kind);
    try {
      const codes = await Promise.all([1, 2, 3].map(() => seedDefaults(fresh.db, null)));
      expect(new Set(codes.map((c) => c.demoCode)).size).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
