import type { EventObject } from 'xstate';
import type { Actor, LifecycleStatus, LoadedLifecycle } from '../../server/lifecycle';
import { Refusal } from '../../server/refusal';

/** An entity a path test drives: its id and whatever the adapter needs (a session, a token). */
export interface PathEntity {
  id: number;
}

/** What the system answered to one event: done, or refused with a code (and HTTP status). */
export type SendResult =
  | { ok: true }
  | {
      ok: false;
      code: string;
      /** The answer's HTTP status; null when the event was not sent over HTTP (a job, the engine). */
      httpStatus: number | null;
    };

/**
 * How the path tests drive one lifecycle through the real system. Everything but `create`,
 * `send` and `actorOf` has a default.
 */
export interface LifecycleAdapter<
  TEntity extends PathEntity,
  TContext,
  TEvent extends EventObject = EventObject,
> {
  /** A fresh entity in the machine's initial state (register a customer, insert a row). */
  create(): Promise<TEntity>;
  /**
   * Requests a real client makes before sending the event that are not the event itself (the
   * photo uploads before a KYC submission). Run before the snapshot a refusal is compared with.
   */
  prepare?(entity: TEntity, event: TEvent): Promise<void>;
  /** Sends one event the way the system really receives it (an API call, the job runner). */
  send(entity: TEntity, event: TEvent): Promise<SendResult>;
  /** The stored lifecycle; default: the lifecycle's own `storage.load`. */
  read?(entity: TEntity): Promise<LoadedLifecycle<TContext>>;
  /** Who the transition record must name for this event. */
  actorOf(event: TEvent, entity: TEntity): Actor;
  /** The reason the transition record must keep for this event; not checked when absent. */
  reasonOf?(event: TEvent, entity: TEntity): string | null;
  /** For contexts the system enriches: whether the stored context is the machine's. Default: equal. */
  contextMatches?(expected: TContext, actual: TContext): boolean;
  /**
   * The status answer a client reads for the entity (state, version, accepts), checked against
   * the machine after every step: what screens act on. Not checked when absent.
   */
  status?(entity: TEntity): Promise<LifecycleStatus>;
}

/** A result from an envelope answer (app.inject): `{ status: 1 }` is done, else its code. */
export function resultOfAnswer(answer: { statusCode: number; json<T>(): T }): SendResult {
  const body = answer.json<{ status?: unknown; code?: string }>();
  if (body.status === 1 && answer.statusCode === 200) return { ok: true };
  return {
    ok: false,
    code: body.code ?? `(no code, HTTP ${answer.statusCode})`,
    httpStatus: answer.statusCode,
  };
}

/** A result from a direct engine call: a domain Refusal is a refusal, anything else is thrown. */
export async function resultOfCall(run: () => Promise<unknown>): Promise<SendResult> {
  try {
    await run();
    return { ok: true };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, code: error.code, httpStatus: null };
    throw error;
  }
}
