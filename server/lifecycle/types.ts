import type { AnyStateMachine } from 'xstate';
import type { ErrorCode } from '../../contract';
import type { Transaction } from '../db/connect';
import type { ActorKind } from '../db/schema';

/** Who caused a transition: written into the transition record. */
export interface Actor {
  kind: ActorKind;
  /** The customer's or staff member's id; null for the system. */
  id: number | null;
}

/** A persisted lifecycle as the lifecycle module reads it: state, machine context, lock version. */
export interface LoadedLifecycle<TContext> {
  state: string;
  context: TContext;
  version: number;
}

/**
 * How one entity type is stored. Only files under server/lifecycle implement `store`, so no
 * other code writes a state column (tests/api/lifecycle-writes.test.ts checks it).
 */
export interface LifecycleEntity<TContext> {
  type: string;
  machine: AnyStateMachine;
  machineVersion: number;
  /** Refusal when the row does not exist. */
  notFound: ErrorCode;
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
}
