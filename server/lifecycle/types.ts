import type { EventObject } from 'xstate';
import type { ErrorCode, LifecycleEntityType } from '../../contract';
import type { LifecycleMachine } from '../../machines/lifecycle';
import type { Transaction } from '../db/connect';
import type { ActorKind } from '../db/schema';

/** Who caused a transition: written into the transition record. */
export interface Actor {
  kind: ActorKind;
  /** The customer's or staff member's id; null for the system (the job runner). */
  id: number | null;
}

/** A persisted lifecycle as the engine reads it: encoded state, machine context, lock version. */
export interface LoadedLifecycle<TContext> {
  state: string;
  context: TContext;
  version: number;
}

/** How one entity type's state, context and version are kept (see table-storage.ts). */
export interface LifecycleStorage<TContext> {
  load(tx: Transaction, id: number): Promise<LoadedLifecycle<TContext> | null>;
  /**
   * Writes the next state and context if the row still has `expectedVersion`; false when another
   * transaction changed it first (the optimistic lock).
   */
  store(
    tx: Transaction,
    id: number,
    expectedVersion: number,
    next: { state: string; context: TContext },
  ): Promise<boolean>;
  /** The state new rows start in (the column default), checked against the machine by tests. */
  readonly defaults: { state: string; context: TContext } | null;
  /**
   * Where it is kept: the table and, per part, the SQL column name and the schema's property
   * name, so tests can check that nothing else writes them.
   */
  readonly columns: {
    table: string;
    state: StorageColumn;
    context: StorageColumn;
    version: StorageColumn;
  };
}

export interface StorageColumn {
  sql: string;
  property: string;
}

/**
 * When a clock event scheduled on entering a state (`meta.schedule`) falls due. Reads whatever
 * it needs (a setting, the context, the trading calendar) inside the transition's transaction.
 */
// Declared as a method so a rule for one lifecycle's context fits the registry's common type.
export type ClockRule<TContext> = {
  rule(tx: Transaction, entry: { now: Date; id: number; context: TContext }): Promise<Date>;
}['rule'];

/**
 * One lifecycle: its machine (pure, from machines/), where it is stored, the code for a missing
 * entity and the clock rules its states name. The registry lists one per entity type.
 */
export interface Lifecycle<TContext = unknown, TEvent extends EventObject = EventObject> {
  type: LifecycleEntityType | (string & {});
  definition: LifecycleMachine<TEvent>;
  storage: LifecycleStorage<TContext>;
  notFound: ErrorCode;
  clock?: Record<string, ClockRule<TContext>>;
}
