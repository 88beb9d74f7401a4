import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import type { AppClock } from '../../server/clock';
import type { MarketFeed } from '../../server/market';
import type { Config } from '../../server/config';
import { loadConfig } from '../../server/config';
import type { Database, DatabaseHandle } from '../../server/db/connect';
import { createPgliteSnapshot, openDatabase } from '../../server/db/connect';
import { auditLedger, describeViolation } from '../../server/ledger';
import type { LedgerViolation } from '../../server/ledger';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL points at a server the tests may use. */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  demoCode: string;
  /** Every route the app registered (Fastify's onRoute), HEAD routes included. */
  routes: { method: string; url: string }[];
  /**
   * Audits the ledger (auditLedger), closes the app and drops its database; throws, failing the
   * file's afterAll, when the audit found a violation, so every API test file checks the ledger.
   */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Runs after the plugins, before the modules' routes: test-only calls are registered here. */
  extend?: (app: FastifyInstance) => void;
  /**
   * The app's clock (`app.maru.clock`), e.g. `appClockOf(new ManualClock(t))`: a test moves it
   * and runs the due jobs itself (`runDueJobs`), so a deadline passes in milliseconds.
   */
  clock?: AppClock;
  /** The market instead of the configured one (tests/api/trade-helpers.ts: a controlled one). */
  market?: { feed: MarketFeed; stop(): void };
}

const MIGRATIONS = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

let snapshot: Promise<Blob> | null = null;

/** A hash of the migrations: a schema change names a new snapshot and a new template database. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite data directory to start each test database from: initdb in PGlite takes
 * seconds, loading a dump about one. The dump is cached in the temp directory under a hash of the
 * migrations, so test workers share it and a schema change makes a new one.
 */
function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const path = join(tmpdir(), `maru-pglite-${migrationsHash()}.tar`);
    if (existsSync(path)) return new Blob([readFileSync(path)]);
    const dump = await createPgliteSnapshot();
    // Written under a private name and renamed, so a parallel worker never reads half a file.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
    return dump;
  })();
  return snapshot;
}

/** Serialises making the PostgreSQL template among test workers (any key the app does not use). */
const TEMPLATE_LOCK_KEY = 7_061_990;

let template: Promise<string> | null = null;

/**
 * A migrated PostgreSQL database that scratch databases are copied from (CREATE DATABASE ...
 * TEMPLATE), named after the migrations' hash: running the migrations takes a second or two per
 * database, a copy a fraction. Made once per schema on the server (under an advisory lock, so
 * parallel workers make it once), under a private name renamed when complete, so a failed build
 * is never copied. Nobody stays connected to it, which a copy requires.
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `maru_tpl_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_${randomBytes(4).toString('hex')}`;
        await admin.query(`create database ${building}`);
        try {
          const url = new URL(adminUrl);
          url.pathname = `/${building}`;
          await (await openDatabase({ databaseUrl: url.toString(), dataDir: null })).close();
          await admin.query(`alter database ${building} rename to ${name}`);
        } catch (error) {
          await admin.query(`drop database if exists ${building} with (force)`);
          throw error;
        }
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  return template;
}

/**
 * A throwaway PostgreSQL database on the DATABASE_URL server, migrated already (a copy of the
 * template), dropped by the returned function.
 */
async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `maru_t_${randomBytes(6).toString('hex')}`;
  const source = await postgresTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${source}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A migrated database of the given kind with no app around it (ledger and unit tests). */
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    return openDatabase({
      databaseUrl: null,
      dataDir: null,
      pgliteSnapshot: await pgliteSnapshot(),
    });
  }
  const scratch = await createScratchDatabase();
  try {
    const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
    return {
      ...handle,
      async close() {
        await handle.close();
        await scratch.drop();
      },
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/**
 * The whole server on a fresh database: PGlite in memory, or a new PostgreSQL database. No log
 * output, no client directory, a rate limit high enough not to interfere, and no job polling
 * (tests run due jobs themselves, so no background tick races an assertion), unless overridden.
 */
export async function buildTestApp(
  kind: DatabaseKind,
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const scratch = kind === 'postgres' ? await createScratchDatabase() : null;
  const pgliteSnapshotBlob = kind === 'pglite' ? await pgliteSnapshot() : undefined;
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    dataDir: null,
    databaseUrl: scratch?.url ?? null,
    clientDir: null,
    authRateLimit: { max: 10_000, windowMs: 60_000 },
    orderRateLimit: { max: 10_000, windowMs: 60_000 },
    jobs: { pollMs: 0 },
    ...overrides,
  };
  try {
    const routes: TestApp['routes'] = [];
    const app = await buildApp(config, {
      pgliteSnapshot: pgliteSnapshotBlob,
      clock: options.clock,
      market: options.market,
      extend: (instance) => {
        instance.addHook('onRoute', (route) => {
          for (const method of [route.method].flat()) routes.push({ method, url: route.url });
        });
        options.extend?.(instance);
      },
    });
    return {
      app,
      db: app.maru.db,
      demoCode: app.maru.demoCode,
      routes,
      async close() {
        let violations: LedgerViolation[] = [];
        try {
          violations = await auditLedger(app.maru.db);
        } finally {
          try {
            await app.close();
          } finally {
            await scratch?.drop();
          }
        }
        if (violations.length > 0) {
          throw new Error(
            `ledger audit failed after this file:\n${violations.map(describeViolation).join('\n')}`,
          );
        }
      },
    };
  } catch (error) {
    await scratch?.drop();
    throw error;
  }
}
