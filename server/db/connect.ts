import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { trackCommits } from './after-commit';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

/** The database type every module uses, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a transaction callback receives; usable wherever a Database is. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL when set. */
  databaseUrl: string | null;
  /** Where PGlite keeps its files; null keeps PGlite in memory (tests). */
  dataDir: string | null;
  /**
   * For in-memory PGlite: start from this dump (createPgliteSnapshot) instead of running initdb,
   * which takes seconds; the test suite builds many apps.
   */
  pgliteSnapshot?: Blob;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Key of the advisory lock that serialises migrations when several server processes start
 * against the same PostgreSQL database at once.
 */
const MIGRATION_LOCK_KEY = 7_061_917;

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(
        options.dataDir === null ? null : join(options.dataDir, 'pglite'),
        options.pgliteSnapshot,
      );
}

/** A dump of a fresh, fully migrated in-memory PGlite, to start further instances from. */
export async function createPgliteSnapshot(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPglite(directory: string | null, snapshot?: Blob): Promise<DatabaseHandle> {
  if (directory !== null) {
    // PGlite creates only the last directory of the path itself.
    await mkdir(dirname(directory), { recursive: true });
  }
  const unlock = directory === null ? null : lockDataDir(`${directory}.lock`);
  let client: PGlite | null = null;
  const close = async () => {
    await client?.close();
    unlock?.();
  };
  try {
    client =
      directory !== null
        ? await PGlite.create(directory)
        : await PGlite.create(snapshot ? { loadDataDir: snapshot } : {});
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    // Live updates are sent once a transaction has committed (after-commit.ts).
    return { db: trackCommits(db), kind: 'pglite', close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  await migratePostgres(url);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection emits 'error'; without a listener that kills the process.
  pool.on('error', () => undefined);
  const db = trackCommits(drizzleNodePg({ client: pool, schema }));
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** Runs migrations on one dedicated connection holding a session advisory lock. */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end();
  }
}

/** True when the database answers a trivial query. */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
