import { inArray } from 'drizzle-orm';
import type { RedisClientType } from 'redis';
import type { Database, Transaction } from '../../db/connect';
import { supportShifts } from '../../db/schema';

/**
 * Live presence of agents (docs/support.md): an agent counts as on shift only while they set the
 * flag (`support_shifts`) and have a back-office socket open on `/support`, in any process. Each
 * process holds its connected agents "present until now + grace" and renews that while their
 * sockets stay; when an agent's last socket closes the hold runs out after the grace, so a reload
 * does not drop them. Wall-clock milliseconds, not the app clock: sockets live in real time.
 *
 * The holds live in memory (one process) or, with REDIS_URL, in one sorted set shared by every
 * process (member: staff id, score: present until), so all of them count the same agents.
 */
export interface PresenceStore {
  /** Holds the agents present until `untilMs`, never shortening a longer hold. */
  hold(staffIds: readonly number[], untilMs: number): Promise<void>;
  /** The agents whose hold runs past `nowMs`. */
  present(nowMs: number): Promise<number[]>;
  /** Forgets holds that ran out before `nowMs`. */
  prune(nowMs: number): Promise<void>;
}

export class MemoryPresence implements PresenceStore {
  private readonly until = new Map<number, number>();
  hold(staffIds: readonly number[], untilMs: number): Promise<void> {
    for (const id of staffIds) this.until.set(id, Math.max(this.until.get(id) ?? 0, untilMs));
    return Promise.resolve();
  }
  present(nowMs: number): Promise<number[]> {
    return Promise.resolve([...this.until].filter(([, until]) => until > nowMs).map(([id]) => id));
  }
  prune(nowMs: number): Promise<void> {
    for (const [id, until] of this.until) if (until <= nowMs) this.until.delete(id);
    return Promise.resolve();
  }
}

export type PresenceRedis = Pick<RedisClientType, 'zAdd' | 'zRangeByScore' | 'zRemRangeByScore'>;

export function redisPresence(redis: PresenceRedis, key: string): PresenceStore {
  return {
    async hold(staffIds, untilMs) {
      if (staffIds.length === 0) return;
      // GT: another process's later hold of the same agent stands.
      await redis.zAdd(
        key,
        staffIds.map((id) => ({ score: untilMs, value: String(id) })),
        { comparison: 'GT' },
      );
    },
    async present(nowMs) {
      const ids = await redis.zRangeByScore(key, `(${nowMs}`, '+inf');
      return ids.map(Number).filter((id) => Number.isSafeInteger(id));
    },
    async prune(nowMs) {
      await redis.zRemRangeByScore(key, '-inf', nowMs);
    },
  };
}

/** The app's presence board (`maru.supportPresence`): in memory until the cluster swaps in Redis. */
export class AgentPresence {
  private store: PresenceStore = new MemoryPresence();
  constructor(
    /** How long an agent still counts after their last socket closed. */
    readonly graceMs: number,
  ) {}
  use(store: PresenceStore): void {
    this.store = store;
  }
  hold(staffIds: readonly number[], nowMs: number = Date.now()): Promise<void> {
    return this.store.hold(staffIds, nowMs + this.graceMs);
  }
  present(nowMs: number = Date.now()): Promise<number[]> {
    return this.store.present(nowMs);
  }
  prune(nowMs: number = Date.now()): Promise<void> {
    return this.store.prune(nowMs);
  }
}

type Db = Database | Transaction;

/** The agents who count as on shift: the flag set and present (ids, ascending). */
export async function agentsCounted(db: Db, presence: AgentPresence): Promise<number[]> {
  const present = await presence.present();
  if (present.length === 0) return [];
  const rows = await db
    .select({ id: supportShifts.staffId })
    .from(supportShifts)
    .where(inArray(supportShifts.staffId, present));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
