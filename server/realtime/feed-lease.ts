/**
 * Which process publishes the feed when several run (scale-out): the one holding a lease in Redis.
 * `SET key id NX PX ttl` takes it when free; the holder renews it every `renewMs` with a script that
 * extends it only if it is still its own. A process that dies stops renewing, so within `ttlMs` a
 * survivor takes over; one that shuts down cleanly deletes the lease, so a survivor takes over on
 * its next attempt.
 */
import { randomUUID } from 'node:crypto';
import type { RedisClientType } from 'redis';

export interface LeaseOptions {
  key: string;
  ttlMs: number;
  renewMs: number;
}

export const DEFAULT_LEASE = { ttlMs: 5_000, renewMs: 1_000 } as const;

// Extends or deletes the lease only while it still carries our id: never another holder's.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface FeedLease {
  readonly id: string;
  isHolder(): boolean;
  stop(): Promise<void>;
}

export type LeaseClient = Pick<RedisClientType, 'set' | 'eval'>;

export function startFeedLease(
  redis: LeaseClient,
  options: LeaseOptions,
  onChange: (holder: boolean) => void,
): FeedLease {
  const id = randomUUID();
  let holder = false;
  let heldUntil = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const set = (value: boolean) => {
    if (value === holder) return;
    holder = value;
    onChange(value);
  };

  const attempt = async () => {
    const startedAt = Date.now();
    try {
      if (holder) {
        const renewed = await redis.eval(RENEW, {
          keys: [options.key],
          arguments: [id, String(options.ttlMs)],
        });
        if (renewed === 1) heldUntil = startedAt + options.ttlMs;
        else set(false);
      } else {
        const taken = await redis.set(options.key, id, {
          condition: 'NX',
          expiration: { type: 'PX', value: options.ttlMs },
        });
        if (taken === 'OK') {
          heldUntil = startedAt + options.ttlMs;
          set(true);
        }
      }
    } catch {
      // Redis unreachable: keep publishing only while the lease we last saw is surely ours,
      // so two processes never both believe they hold it.
      if (holder && Date.now() >= heldUntil - options.renewMs) set(false);
    }
  };

  const tick = () => {
    if (stopped) return;
    running = attempt();
  };
  tick();
  const timer = setInterval(tick, options.renewMs);
  timer.unref();

  return {
    id,
    isHolder: () => holder,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      if (holder) {
        set(false);
        await redis.eval(RELEASE, { keys: [options.key], arguments: [id] }).catch(() => undefined);
      }
    },
  };
}
