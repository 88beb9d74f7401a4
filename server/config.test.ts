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
      bodyLimitBytes: 16 * 1024,
      sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
    });
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
      },
      noClient,
    );
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      dataDir: '/tmp/maru-x',
      databaseUrl: 'postgres://u@db:5432/maru',
      redisUrl: 'redis://cache:6379',
      demoCode: 'SEOUL1',
      logLevel: 'warn',
    });
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
        },
        noClient,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'MARU_DEMO_CODE', 'LOG_LEVEL']) {
      expect(problems).toContain(name);
    }
  });

  it.each(['-1', '65536', '1.5', '0x50'])('refuses PORT=%s', (port) => {
    expect(() => loadConfig({ PORT: port }, noClient)).toThrow(/PORT/);
  });
});
