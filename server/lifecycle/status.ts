import { acceptedEvents } from '../../machines/decide';
import type { Database, Transaction } from '../db/connect';
import { Refusal } from '../refusal';
import type { Lifecycle, LoadedLifecycle } from './types';

export interface LifecycleStatus {
  state: string;
  version: number;
  accepts: string[];
}

/** What a status answer says of an entity's lifecycle: state, version, the events taken now. */
export function statusOf<TContext>(
  lifecycle: Lifecycle<TContext>,
  loaded: LoadedLifecycle<TContext>,
): LifecycleStatus {
  return {
    state: loaded.state,
    version: loaded.version,
    accepts: acceptedEvents(lifecycle.definition, loaded),
  };
}

/** Loads an entity's lifecycle; refuses with the lifecycle's not-found code when there is none. */
export async function loadLifecycle<TContext>(
  db: Database | Transaction,
  lifecycle: Lifecycle<TContext>,
  id: number,
): Promise<LoadedLifecycle<TContext>> {
  const loaded = await db.transaction((tx) => lifecycle.storage.load(tx, id));
  if (loaded === null) throw new Refusal(lifecycle.notFound);
  return loaded;
}
