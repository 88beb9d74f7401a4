import type { EventObject } from 'xstate';
import type { Transaction } from '../db/connect';
import type { Actor, Lifecycle } from './types';

/** A transition as its subscribers see it, inside the transaction that applied it. */
export interface TransitionNotice<TContext = unknown> {
  lifecycle: Lifecycle<TContext>;
  id: number;
  event: EventObject;
  actor: Actor;
  now: Date;
  from: string;
  to: string;
  context: TContext;
  version: number;
}

export type TransitionSubscriber = (tx: Transaction, notice: TransitionNotice) => Promise<void>;

const subscribers: TransitionSubscriber[] = [];

/**
 * Adds code that runs inside every transition's transaction, after its record is written (the
 * job scheduler, later the message centre). What a subscriber writes commits with the
 * transition or not at all; a subscriber that throws refuses the transition.
 */
export function subscribeTransitions(subscriber: TransitionSubscriber): () => void {
  if (!subscribers.includes(subscriber)) subscribers.push(subscriber);
  // Undoing a subscription is for tests (a subscriber that fails on purpose).
  return () => {
    const index = subscribers.indexOf(subscriber);
    if (index !== -1) subscribers.splice(index, 1);
  };
}

export async function notifyTransition<TContext>(
  tx: Transaction,
  notice: TransitionNotice<TContext>,
): Promise<void> {
  for (const subscriber of subscribers) await subscriber(tx, notice);
}
