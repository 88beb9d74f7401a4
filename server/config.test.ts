import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const noClient = join(tmpdir(), 'maru-no-client-here');

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, noClient);
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: null,
      redisUrl: null,
      demoCode: null,
      logLevel: 'info',
      clientDir: null,
      authRateLimit: { max: 10, windowMs: 60_000 },
      orderRateLimit: { max: 30, windowMs: 10_000 },
      bodyLimitBytes: 16 * 1024,
      sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
      market: { feed: 'simulator', seed: 'maru', demo: true, speed: 1, tradesPerSecond: 2000 },
      uploadKey: null,
      jobs: { pollMs: 1000 },
      socketLimits: {
        maxConnectionsPerAddress: 32,
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
    });
  });

  it('reads the socket cap per address; 0 turns it off', () => {
    const cap = (value: string) =>
      loadConfig({ MARU_SOCKET_MAX_PER_IP: value }, noClient).socketLimits.maxConnectionsPerAddress;
    expect(cap('200')).toBe(200);
    expect(cap('0')).toBe(0);
    expect(() => cap('-1')).toThrow(/MARU_SOCKET_MAX_PER_IP/);
    expect(() => cap('many')).toThrow(/MARU_SOCKET_MAX_PER_IP/);
  });

  it('reads the upload key and refuses one that is not 32 bytes', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ MARU_UPLOAD_KEY: key.toString('base64') }, noClient).uploadKey).toEqual(
      key,
    );
    expect(() => loadConfig({ MARU_UPLOAD_KEY: 'c2hvcnQ=' }, noClient)).toThrow(/MARU_UPLOAD_KEY/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9090',
        HOST: '0.0.0.0',
        MARU_DATA_DIR: '/tmp/maru-x',
        DATABASE_URL: 'postgres://u@db:5432/maru',
        REDIS_URL: 'redis://cache:6379',
        MARU_DEMO_CODE: 'SEOUL1',
        LOG_LEVEL: 'warn',
        MARU_MARKET_FEED: 'replay',
        MARU_MARKET_SEED: 'seed-7',
        MARU_MARKET_DEMO: '0',
        MARU_MARKET_SPEED: '60',
        MARU_MARKET_TRADES: '150',
        MARU_JOB_POLL_MS: '250',
      },
      noClient,
    );
    expect(config).toMatchObject({
      market: { feed: 'replay', seed: 'seed-7', demo: false, speed: 60, tradesPerSecond: 150 },
      port: 9090,
      host: '0.0.0.0',
      dataDir: '/tmp/maru-x',
      databaseUrl: 'postgres://u@db:5432/maru',
      redisUrl: 'redis://cache:6379',
      demoCode: 'SEOUL1',
      logLevel: 'warn',
      jobs: { pollMs: 250 },
    });
  });

  it('refuses a job poll interval that is not whole milliseconds', () => {
    expect(loadConfig({ MARU_JOB_POLL_MS: '0' }, noClient).jobs.pollMs).toBe(0);
    expect(() => loadConfig({ MARU_JOB_POLL_MS: '1.5' }, noClient)).toThrow(/MARU_JOB_POLL_MS/);
    expect(() => loadConfig({ MARU_JOB_POLL_MS: '-1' }, noClient)).toThrow(/MARU_JOB_POLL_MS/);
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: ' ', DATABASE_URL: '' }, noClient)).toMatchObject({
      port: 8080,
      databaseUrl: null,
    });
  });

  it('serves the client only when a built index.html exists', () => {
    const dir = mkdtempSync(join(tmpdir(), 'maru-client-'));
    expect(loadConfig({}, dir).clientDir).toBeNull();
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    expect(loadConfig({}, dir).clientDir).toBe(dir);
  });

  it('reports every bad value at once, naming the variable', () => {
    let error: unknown;
    try {
      loadConfig(
        {
          PORT: '80a',
          DATABASE_URL: 'mysql://x',
          REDIS_URL: 'http://x',
          MARU_DEMO_CODE: 'no spaces!',
          LOG_LEVEL: 'loud',
          MARU_MARKET_FEED: 'broker',
          MARU_MARKET_DEMO: 'yes',
          MARU_MARKET_SPEED: '0',
          MARU_MARKET_TRADES: '2.5',
        },
        noClient,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'REDIS_URL',
      'MARU_DEMO_CODE',
      'LOG_LEVEL',
      'MARU_MARKET_FEED',
      'MARU_MARKET_DEMO',
      'MARU_MARKET_SPEED',
      'MARU_MARKET_TRADES',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it.each(['0', '20001', '1.5', 'many'])('refuses MARU_MARKET_TRADES=%s', (trades) => {
    expect(() => loadConfig({ MARU_MARKET_TRADES: trades }, noClient)).toThrow(
      /MARU_MARKET_TRADES/,
    );
  });

  it.each(['-1', '65536', '1.5', '0x50'])('refuses PORT=%s', (port) => {
    expect(() => loadConfig({ PORT: port }, noClient)).toThrow(/PORT/);
  });
});
