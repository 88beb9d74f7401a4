import { and, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LifecycleStorage, LoadedLifecycle } from './types';

export interface TableStorageColumns {
  /** The entity's integer primary key. */
  id: AnyPgColumn;
  /** Text: the encoded state value (leaf paths joined by `,`). */
  state: AnyPgColumn;
  /** jsonb: the machine's context. */
  context: AnyPgColumn;
  /** integer: the optimistic lock, one more on every transition. */
  version: AnyPgColumn;
}

/**
 * Storage of a lifecycle in three columns of a table (state, context, version), so a new
 * lifecycle writes no load or store of its own. The only code that writes those columns
 * (tests/api/lifecycle-writes.test.ts checks it).
 */
export function tableStorage<TContext>(
  table: PgTable,
  columns: TableStorageColumns,
): LifecycleStorage<TContext> {
  const keyOf = propertyKeys(table);
  const stateKey = keyOf(columns.state);
  const contextKey = keyOf(columns.context);
  const versionKey = keyOf(columns.version);
  return {
    async load(tx, id) {
      const [row] = await tx
        .select({ state: columns.state, context: columns.context, version: columns.version })
        .from(table)
        .where(eq(columns.id, id));
      return (row as LoadedLifecycle<TContext> | undefined) ?? null;
    },
    async store(tx, id, expectedVersion, next) {
      const updated = await tx
        .update(table)
        .set({
          [stateKey]: next.state,
          [contextKey]: next.context,
          [versionKey]: sql`${columns.version} + 1`,
        })
        .where(and(eq(columns.id, id), eq(columns.version, expectedVersion)))
        .returning({ id: columns.id });
      return updated.length === 1;
    },
    defaults: columnDefaults<TContext>(columns),
    columns: {
      table: getTableName(table),
      state: { sql: columns.state.name, property: stateKey },
      context: { sql: columns.context.name, property: contextKey },
      version: { sql: columns.version.name, property: versionKey },
    },
  };
}

/** The JavaScript property name of each column of a table, which drizzle's `.set()` takes. */
function propertyKeys(table: PgTable): (column: AnyPgColumn) => string {
  const entries = Object.entries(getTableColumns(table));
  return (column) => {
    const found = entries.find(([, candidate]) => candidate === column);
    if (!found) throw new Error(`column ${column.name} is not in the table`);
    return found[0];
  };
}

function columnDefaults<TContext>(columns: TableStorageColumns) {
  const state = columns.state.default;
  const context = columns.context.default;
  if (typeof state !== 'string' || context === undefined) return null;
  return { state, context: context as TContext };
}
