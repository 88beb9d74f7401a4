import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
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
    writeFileSync(
      join(clientDir, 'assets', 'index-3f9a1c.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    writeFileSync(join(clientDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(clientDir, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
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
    // A module chunk carries what a subresource needs, not the page's policy headers.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['last-modified']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBeUndefined();
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-security-policy']).toBeUndefined();
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the logo be cached for a day, not revalidated by every image on a page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('sends an icon without the page policy headers, and the logo (an SVG) with them', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-security-policy']).toBeUndefined();
    expect(icon.headers['x-content-type-options']).toBe('nosniff');
    expect(icon.headers.etag).toBeTruthy();
  });

  it('keeps every policy header on files that can be opened as a page', async () => {
    for (const url of ['/', '/logo.svg']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
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
