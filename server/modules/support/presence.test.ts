import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import type { RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPresence, MemoryPresence, redisPresence } from './presence';
import type { PresenceStore } from './presence';

/**
 * The presence holds (docs/support.md): an agent is present while a hold runs past now; a later
 * hold is never shortened by an earlier one (another process's renewal, or the grace hold of a
 * socket that closed); expired holds are forgotten. The same in memory and in Redis, where two
 * processes' boards share one sorted set.
 */
function behavesAsPresence(make: () => Promise<PresenceStore>) {
  it('holds agents until a time, keeps the longer hold, and forgets what ran out', async () => {
    const store = await make();
    await store.hold([1, 2], 1_000);
    expect((await store.present(500)).sort()).toEqual([1, 2]);
    // A shorter hold (an earlier deadline) leaves the longer one standing.
    await store.hold([1], 2_000);
    await store.hold([1], 1_500);
    expect(await store.present(1_000)).toEqual([1]);
    expect(await store.present(1_999)).toEqual([1]);
    expect(await store.present(2_000)).toEqual([]);
    await store.prune(1_200);
    await store.hold([], 5_000);
    expect(await store.present(0)).toEqual([1]);
  });
}

describe('agent presence in memory', () => {
  behavesAsPresence(() => Promise.resolve(new MemoryPresence()));

  it('holds for the grace from now', async () => {
    const board = new AgentPresence(300);
    await board.hold([7], 10_000);
    expect(await board.present(10_299)).toEqual([7]);
    expect(await board.present(10_300)).toEqual([]);
  });
});

describe.skipIf(!process.env.REDIS_URL)('agent presence in Redis', () => {
  let redis: RedisClientType;
  const keys: string[] = [];
  const key = () => {
    const name = `maru-test-presence-${randomBytes(5).toString('hex')}`;
    keys.push(name);
    return name;
  };
  beforeAll(async () => {
    redis = createClient({ url: process.env.REDIS_URL });
    await redis.connect();
  });
  afterAll(async () => {
    if (keys.length > 0) await redis.del(keys);
    await redis.quit();
  });

  behavesAsPresence(() => Promise.resolve(redisPresence(redis, key())));

  it("counts an agent present on either of two processes' boards", async () => {
    const shared = key();
    const first = new AgentPresence(1_000);
    const second = new AgentPresence(1_000);
    first.use(redisPresence(redis, shared));
    second.use(redisPresence(redis, shared));
    // The desk is open on the first process; the second (where the customer is) counts it.
    await first.hold([5], 100_000);
    expect(await second.present(100_500)).toEqual([5]);
    // The second process renews a hold of its own later: it stands past the first's.
    await second.hold([5], 100_800);
    expect(await first.present(101_500)).toEqual([5]);
    expect(await first.present(101_800)).toEqual([]);
  });
});
