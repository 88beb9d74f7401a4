import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, envelope, expectSuccess } from './api-helpers';

describe.each(databaseKinds)('built client serving on %s', (kind) => {
  let t: TestApp;
  const clientDir = mkdtempSync(join(tmpdir(), 'maru-dist-'));

  beforeAll(async () => {
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Maru</title>');
    writeFileSync(join(clientDir, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    writeFileSync(join(clientDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp(kind, { clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Maru</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the API and the 404 envelope in front of the files', async () => {
    expectSuccess(await call(t.app, '/common/config', { type: 'all' }));
    const missing = await t.app.inject({ method: 'GET', url: '/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing).code).toBe('request.not_found');
    const escape = await t.app.inject({ method: 'GET', url: '/../package.json' });
    expect(escape.statusCode).toBe(404);
  });
});
