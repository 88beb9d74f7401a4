import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { acceptedEvents, decide } from '../../machines/decide';
import type { PersistedLifecycle } from '../../machines/decide';
import { initialPersisted } from '../../machines/lifecycle';
import type { Database } from '../../server/db/connect';
import { httpStatusOf } from '../../server/http/refusal';
import { transitionsOf } from '../../server/lifecycle';
import type { Lifecycle, LoadedLifecycle } from '../../server/lifecycle';
import type { LifecycleAdapter, PathEntity } from './lifecycle-adapter';
import type { PlannedPath } from './lifecycle-path-plan';
import { LOCALES } from '../../contract';
import type { TakenStep } from './lifecycle-path-messages';
import { expectPathMessages } from './lifecycle-path-messages';

export interface RunPathRequest<TEntity extends PathEntity, TContext, TEvent extends EventObject> {
  db: Database;
  lifecycle: Lifecycle<TContext, TEvent>;
  adapter: LifecycleAdapter<TEntity, TContext, TEvent>;
  path: PlannedPath<TContext, TEvent>;
  /** The events probed in every state: each the machine refuses there must be refused. */
  events: readonly TEvent[];
}

/**
 * Drives one planned path through the system with a fresh entity. In the initial state and after
 * every step: the stored state and context are the machine's, the version went up by one, the
 * transition records are the path so far, the status answer (when the adapter reads one) agrees,
 * and every probed event the machine refuses there is refused with the machine's code, writing
 * nothing.
 */
export async function runLifecyclePath<
  TEntity extends PathEntity,
  TContext,
  TEvent extends EventObject,
>(request: RunPathRequest<TEntity, TContext, TEvent>): Promise<void> {
  const { db, lifecycle, adapter, path } = request;
  const machine = lifecycle.definition.machine;
  const read =
    adapter.read?.bind(adapter) ??
    (async (entity: TEntity): Promise<LoadedLifecycle<TContext>> => {
      const loaded = await db.transaction((tx) => lifecycle.storage.load(tx, entity.id));
      if (!loaded) throw new Error(`${lifecycle.type} ${entity.id} is not stored`);
      return loaded;
    });

  const entity = await adapter.create(path.steps.map((step) => step.event));
  let expected: PersistedLifecycle<TContext> = initialPersisted<TContext>(machine);
  const start = await read(entity);
  expectPersisted(adapter, start, expected, 'a new entity');
  let version = start.version;
  const taken: ExpectedRecord[] = [];

  // Message centre: the steps so far, as the message rules see them.
  const stepsTaken: TakenStep[] = [];
  const readMessages = adapter.messages?.bind(adapter);

  const checkState = async (where: string) => {
    const records = await transitionsOf(db, lifecycle.type, entity.id);
    expect(records.map(recordOf), `transition records ${where}`).toEqual(taken);
    await expectPathMessages({
      db,
      type: lifecycle.type,
      entityId: entity.id,
      steps: stepsTaken,
      where,
      // Each step read in another language: every message in every one across the paths.
      locale: LOCALES[stepsTaken.length % LOCALES.length] ?? 'ko',
      read: readMessages ? (locale) => readMessages(entity, locale) : undefined,
    });
    if (adapter.status) {
      const status = await adapter.status(entity);
      expect(
        { state: status.state, version: status.version, accepts: [...status.accepts].sort() },
        `the status answer ${where}`,
      ).toEqual({
        state: expected.state,
        version,
        accepts: acceptedEvents(lifecycle.definition, expected).sort(),
      });
    }
    // A refused event changes nothing, so one snapshot serves every probe, unless the adapter
    // prepares each event (uploads): then the snapshot is taken after the preparation.
    let unchanged: WriteSnapshot<TContext> | null = null;
    for (const event of request.events) {
      const decision = decide<TContext, TEvent>(machine, expected, event);
      if (decision.accepted) continue;
      const label = `${JSON.stringify(event)} ${where} (${expected.state})`;
      if (adapter.prepare) {
        await adapter.prepare(entity, event);
        unchanged = null;
      }
      const before = (unchanged ??= await writeSnapshot(db, lifecycle, read, entity));
      const result = await adapter.send(entity, event);
      expect(result, `${label} must be refused`).toMatchObject({ ok: false, code: decision.code });
      if (!result.ok && result.httpStatus !== null) {
        expect(result.httpStatus, `HTTP status of ${label}`).toBe(httpStatusOf(decision.code));
      }
      expect(
        await writeSnapshot(db, lifecycle, read, entity),
        `writes of refused ${label}`,
      ).toEqual(before);
    }
  };

  await checkState('in the initial state');
  for (const [index, step] of path.steps.entries()) {
    const where = `after step ${index + 1} (${step.label})`;
    await adapter.prepare?.(entity, step.event);
    const result = await adapter.send(entity, step.event);
    expect(result, `${step.label} in ${expected.state} must be accepted`).toEqual({ ok: true });
    expected = { state: step.to, context: step.context };
    version += 1;
    const stored = await read(entity);
    expectPersisted(adapter, stored, expected, where);
    expect(stored.version, `version ${where}`).toBe(version);
    stepsTaken.push({ from: step.from, to: step.to, event: step.event.type, version });
    const actor = adapter.actorOf(step.event, entity);
    taken.push({
      entityType: lifecycle.type,
      from: step.from,
      event: step.event.type,
      to: step.to,
      actorKind: actor.kind,
      actorId: actor.id,
      machineVersion: lifecycle.definition.version,
      ...(adapter.reasonOf ? { reason: adapter.reasonOf(step.event, entity) } : {}),
    });
    await checkState(where);
  }

  function recordOf(record: Awaited<ReturnType<typeof transitionsOf>>[number]): ExpectedRecord {
    return {
      entityType: record.entityType,
      from: record.fromState,
      event: record.event,
      to: record.toState,
      actorKind: record.actorKind,
      actorId: record.actorId,
      machineVersion: record.machineVersion,
      ...(adapter.reasonOf ? { reason: record.reason } : {}),
    };
  }
}

interface ExpectedRecord {
  entityType: string;
  from: string;
  event: string;
  to: string;
  actorKind: string;
  actorId: number | null;
  machineVersion: number;
  reason?: string | null;
}

function expectPersisted<TContext>(
  adapter: { contextMatches?(expected: TContext, actual: TContext): boolean },
  stored: LoadedLifecycle<TContext>,
  expected: PersistedLifecycle<TContext>,
  where: string,
): void {
  expect(stored.state, `state ${where}`).toBe(expected.state);
  if (adapter.contextMatches) {
    const context = JSON.stringify(stored.context);
    expect(
      adapter.contextMatches(expected.context, stored.context),
      `context ${where}: ${context}`,
    ).toBe(true);
  } else {
    expect(stored.context, `context ${where}`).toEqual(expected.context);
  }
}

/**
 * What a refused event must leave as it was: the entity, its transition records and the number of
 * rows in every table of the schema (a refused call that wrote anywhere shows up here).
 */
interface WriteSnapshot<TContext> {
  entity: LoadedLifecycle<TContext>;
  transitions: unknown[];
  rows: Record<string, number>;
}

async function writeSnapshot<TEntity extends PathEntity, TContext>(
  db: Database,
  lifecycle: Lifecycle<TContext>,
  read: (entity: TEntity) => Promise<LoadedLifecycle<TContext>>,
  entity: TEntity,
): Promise<WriteSnapshot<TContext>> {
  return {
    entity: await read(entity),
    transitions: await transitionsOf(db, lifecycle.type, entity.id),
    rows: await rowCounts(db),
  };
}

/**
 * Rows per table of the current schema. The table list is read once per database (tables a test
 * creates must exist before its first path runs: create them in the adapter factory).
 */
export async function rowCounts(db: Database): Promise<Record<string, number>> {
  let tables = tablesByDatabase.get(db);
  if (!tables) {
    // pg_catalog rather than information_schema, which takes tens of ms on PGlite.
    const listing = db.execute(sql`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`);
    tables = listing.then((result) => rowsOf<{ name: string }>(result).map((row) => row.name));
    tablesByDatabase.set(db, tables);
  }
  const names = await tables;
  if (names.length === 0) return {};
  // One row of scalar subqueries: several times faster on PGlite than a union of counts.
  const counts = sql.join(
    names.map(
      (name) => sql`(select count(*)::int from ${sql.identifier(name)}) as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  const [row] = rowsOf<Record<string, number>>(await db.execute(sql`select ${counts}`));
  return Object.fromEntries(names.map((name) => [name, Number(row?.[name])]));
}

const tablesByDatabase = new WeakMap<Database, Promise<string[]>>();

/** The rows of a raw query: both drivers (PGlite and node-postgres) answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
