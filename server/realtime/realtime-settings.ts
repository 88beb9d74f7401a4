/**
 * Settings of the realtime layer beyond the app's Config (which carries REDIS_URL): the Redis key
 * prefix, so several deployments (or test runs) can share one Redis without seeing each other.
 */
import type { Env } from '../config';

export interface RealtimeSettings {
  redisUrl: string | null;
  /** Prefix of the lease key and of the socket.io adapter's channels. */
  redisPrefix: string;
}

export function realtimeSettings(
  redisUrl: string | null,
  env: Env = process.env,
): RealtimeSettings {
  const prefix = env.MARU_REDIS_PREFIX?.trim();
  return { redisUrl, redisPrefix: prefix && /^[\w:.-]{1,64}$/.test(prefix) ? prefix : 'maru' };
}
