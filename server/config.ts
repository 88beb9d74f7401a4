import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the server reads from its environment, checked once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Where the embedded default keeps its files (PGlite under <dataDir>/pglite); null: in memory. */
  dataDir: string | null;
  /** PostgreSQL connection string; null selects PGlite. */
  databaseUrl: string | null;
  /** Kept for the scale-out path (socket.io adapter, shared rate limits); not used yet. */
  redisUrl: string | null;
  /** The institution code the embedded default seeds; null keeps (or creates) a random one. */
  demoCode: string | null;
  logLevel: LogLevel;
  /** The built client (`dist/`) served at /, or null when there is none (tests, dev). */
  clientDir: string | null;
  /** Attempts per IP on register and login within the window. */
  authRateLimit: { max: number; windowMs: number };
  /** Orders (place, preview, close) per session within the window ("submitting too often"). */
  orderRateLimit: { max: number; windowMs: number };
  bodyLimitBytes: number;
  sessionTtlMs: number;
  market: MarketConfig;
  /**
   * MARU_UPLOAD_KEY: base64 of the 32-byte AES-256-GCM key for uploaded files. Null: the key in
   * <dataDir>/upload.key, generated on first start (a random in-memory key without a data dir).
   */
  uploadKey: Buffer | null;
  jobs: JobsConfig;
  /** Limits of the `/market` socket (server/realtime, docs/realtime.md). */
  socketLimits: SocketLimits;
  /**
   * MARU_SUPPORT_GRACE_MS: how long an agent on shift still counts after their last back-office
   * socket closed (a reload reconnects well within it; docs/support.md).
   */
  supportPresenceGraceMs: number;
}

/** The lifecycle job runner (server/lifecycle/jobs, docs/jobs.md). */
export interface JobsConfig {
  /** MARU_JOB_POLL_MS: how often due jobs are looked for; 0 runs none (tests run them by hand). */
  pollMs: number;
}

/** What one client may ask of the `/market` socket; past these it is refused or dropped. */
export interface SocketLimits {
  /**
   * Open connections per source address (IPv6: per /64); 0 turns the cap off. Behind a proxy
   * every client shares the proxy's address: raise it or turn it off there.
   * MARU_SOCKET_MAX_PER_IP.
   */
  maxConnectionsPerAddress: number;
  /** Requests (sub, unsub, snap) one connection may make at once, then per second. */
  requestBurst: number;
  requestsPerSecond: number;
  /** Refused requests one connection may make at once, then per second, before it is closed. */
  refusalBurst: number;
  refusalsPerSecond: number;
  /** Unsent data (bytes in the socket, or packets waiting for it) past which a connection that
   * stopped reading is closed. */
  maxBufferedBytes: number;
  maxBufferedPackets: number;
  /**
   * engine.io's heartbeat: a ping every `pingIntervalMs`, dropped without a pong within
   * `pingTimeoutMs`. A client that stopped reading never sees the ping, so this drops it even
   * while the kernel's socket buffers (megabytes on a fast link) still absorb its frames.
   */
  pingIntervalMs: number;
  pingTimeoutMs: number;
}

/** Which feed runs and how: the simulator (default) or the bundled replay. */
export interface MarketConfig {
  feed: 'simulator' | 'replay';
  /** Same seed, same market. */
  seed: string;
  /**
   * Keep the market open around the clock (labelled as demo on every screen). On by default for
   * the embedded default, so a user trying Maru at night still sees quotes move.
   */
  demo: boolean;
  /** Simulated seconds per real second. */
  speed: number;
  /**
   * The simulator's trades per simulated second, market-wide (each picks a symbol by its
   * activity). Prices move with time, not with the count; fewer trades cost the server and every
   * open market screen less CPU, with fewer prints on the tape.
   */
  tradesPerSecond: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../dist', import.meta.url));

export const DEFAULTS = {
  port: 8080,
  host: '127.0.0.1',
  dataDir: './data',
  logLevel: 'info',
  authRateLimit: { max: 10, windowMs: 60_000 },
  orderRateLimit: { max: 30, windowMs: 10_000 },
  bodyLimitBytes: 16 * 1024,
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  market: { feed: 'simulator', seed: 'maru', demo: true, speed: 1, tradesPerSecond: 2000 },
  jobs: { pollMs: 1000 },
  socketLimits: {
    maxConnectionsPerAddress: 32,
    // Above the 200 subscriptions a connection may hold, so a reconnect can resubscribe them all.
    requestBurst: 300,
    requestsPerSecond: 30,
    refusalBurst: 100,
    refusalsPerSecond: 10,
    maxBufferedBytes: 1024 * 1024,
    maxBufferedPackets: 2_000,
    pingIntervalMs: 10_000,
    pingTimeoutMs: 10_000,
  },
  supportPresenceGraceMs: 5_000,
} as const;

/** Reads and checks the environment; every problem is reported at once, with the variable's name. */
export function loadConfig(env: Env, clientDir: string = DEFAULT_CLIENT_DIR): Config {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };

  const port = parsePort(text('PORT'), problems);
  const host = text('HOST') ?? DEFAULTS.host;

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string.');
  }
  const redisUrl = text('REDIS_URL');
  if (redisUrl !== null && !/^rediss?:\/\/\S+$/.test(redisUrl)) {
    problems.push('REDIS_URL must be a redis:// or rediss:// URL.');
  }
  const demoCode = text('MARU_DEMO_CODE');
  if (demoCode !== null && !/^[A-Za-z0-9]{4,32}$/.test(demoCode)) {
    problems.push('MARU_DEMO_CODE must be 4 to 32 letters or digits.');
  }
  const logLevel = text('LOG_LEVEL') ?? DEFAULTS.logLevel;
  if (!isLogLevel(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${logLevel}".`);
  }

  const market = parseMarket(text, problems);
  const uploadKeyText = text('MARU_UPLOAD_KEY');
  const uploadKey = uploadKeyText === null ? null : Buffer.from(uploadKeyText, 'base64');
  if (uploadKey !== null && uploadKey.length !== 32) {
    problems.push(
      'MARU_UPLOAD_KEY must be the base64 of 32 random bytes (openssl rand -base64 32).',
    );
  }

  const pollText = text('MARU_JOB_POLL_MS');
  const pollMs = pollText === null ? DEFAULTS.jobs.pollMs : Number(pollText);
  if (!/^\d+$/.test(pollText ?? '0') || !Number.isSafeInteger(pollMs) || pollMs > 3_600_000) {
    problems.push(
      `MARU_JOB_POLL_MS must be whole milliseconds from 0 to 3600000; got "${pollText}".`,
    );
  }

  const perAddressText = text('MARU_SOCKET_MAX_PER_IP');
  const perAddress =
    perAddressText === null
      ? DEFAULTS.socketLimits.maxConnectionsPerAddress
      : Number(perAddressText);
  if (!/^\d+$/.test(perAddressText ?? '0') || perAddress > 1_000_000) {
    problems.push(
      `MARU_SOCKET_MAX_PER_IP must be a whole number (0: no cap); got "${perAddressText}".`,
    );
  }

  const graceText = text('MARU_SUPPORT_GRACE_MS');
  const graceMs = graceText === null ? DEFAULTS.supportPresenceGraceMs : Number(graceText);
  if (!/^\d+$/.test(graceText ?? '0') || graceMs < 100 || graceMs > 600_000) {
    problems.push(
      `MARU_SUPPORT_GRACE_MS must be whole milliseconds from 100 to 600000; got "${graceText}".`,
    );
  }

  if (problems.length > 0 || !isLogLevel(logLevel)) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir: resolve(text('MARU_DATA_DIR') ?? DEFAULTS.dataDir),
    databaseUrl,
    redisUrl,
    demoCode,
    logLevel,
    clientDir: existsSync(resolve(clientDir, 'index.html')) ? clientDir : null,
    authRateLimit: { ...DEFAULTS.authRateLimit },
    orderRateLimit: { ...DEFAULTS.orderRateLimit },
    bodyLimitBytes: DEFAULTS.bodyLimitBytes,
    sessionTtlMs: DEFAULTS.sessionTtlMs,
    market,
    uploadKey,
    jobs: { pollMs },
    socketLimits: { ...DEFAULTS.socketLimits, maxConnectionsPerAddress: perAddress },
    supportPresenceGraceMs: graceMs,
  };
}

function parseMarket(text: (name: string) => string | null, problems: string[]): MarketConfig {
  const feed = text('MARU_MARKET_FEED') ?? DEFAULTS.market.feed;
  if (feed !== 'simulator' && feed !== 'replay') {
    problems.push(`MARU_MARKET_FEED must be simulator or replay; got "${feed}".`);
  }
  const demo = text('MARU_MARKET_DEMO');
  if (demo !== null && demo !== '0' && demo !== '1') {
    problems.push(`MARU_MARKET_DEMO must be 0 or 1; got "${demo}".`);
  }
  const speedText = text('MARU_MARKET_SPEED');
  const speed = speedText === null ? DEFAULTS.market.speed : Number(speedText);
  if (!Number.isFinite(speed) || speed <= 0 || speed > 1000) {
    problems.push(
      `MARU_MARKET_SPEED must be a number above 0 and at most 1000; got "${speedText}".`,
    );
  }
  const tradesText = text('MARU_MARKET_TRADES');
  const trades = tradesText === null ? DEFAULTS.market.tradesPerSecond : Number(tradesText);
  const tradesValid = Number.isInteger(trades) && trades >= 1 && trades <= 20_000;
  if (!tradesValid) {
    problems.push(
      `MARU_MARKET_TRADES must be a whole number from 1 to 20000; got "${tradesText}".`,
    );
  }
  return {
    feed: feed === 'replay' ? 'replay' : 'simulator',
    seed: text('MARU_MARKET_SEED') ?? DEFAULTS.market.seed,
    demo: demo === null ? DEFAULTS.market.demo : demo === '1',
    speed: Number.isFinite(speed) && speed > 0 ? speed : DEFAULTS.market.speed,
    tradesPerSecond: tradesValid ? trades : DEFAULTS.market.tradesPerSecond,
  };
}

function parsePort(value: string | null, problems: string[]): number {
  if (value === null) return DEFAULTS.port;
  const port = Number(value);
  // 0 asks the system for a free port, which tests and benchmarks use.
  if (!/^\d+$/.test(value) || !Number.isInteger(port) || port < 0 || port > 65_535) {
    problems.push(`PORT must be a whole number from 0 to 65535; got "${value}".`);
    return DEFAULTS.port;
  }
  return port;
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}
