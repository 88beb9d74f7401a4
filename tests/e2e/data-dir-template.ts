import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/connect';
import { seedDefaults } from '../../server/seed/seed';

/** The institution code every test app registers with (MARU_DEMO_CODE). */
export const E2E_DEMO_CODE = 'MARUE2E';

/** Where PGlite keeps its files inside a data directory (server/db/connect.ts). */
const PGLITE_DIR = 'pglite';

/**
 * A data directory holding a migrated and seeded PGlite, made once per browser run (global
 * setup): initdb, the migrations and the seed take most of an app's start on a loaded machine.
 * Only the database is in it: no lock file (closed cleanly) and no upload key, so every app
 * copied from it still makes its own key on start.
 */
export async function createDataDirTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'maru-e2e-template-'));
  try {
    const database = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      await seedDefaults(database.db, E2E_DEMO_CODE);
    } finally {
      await database.close();
    }
    if (existsSync(join(dir, `${PGLITE_DIR}.lock`))) {
      throw new Error(`the data-dir template ${dir} still holds its lock`);
    }
    return dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A fresh copy of the template's database in `dataDir`, one per app, so tests stay apart. */
export function copyDataDirTemplate(template: string, dataDir: string): void {
  cpSync(join(template, PGLITE_DIR), join(dataDir, PGLITE_DIR), { recursive: true });
}
