import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticClientPlugin } from '../../server/http/static-client';

// The static plugin alone (the whole app's serving is in static-client.test.ts): which file a
// request gets by its Accept-Encoding.
const BUNDLE = 'index-7be21d.js';
// Repetitive, like real bundles, so that both encodings are much smaller than the file.
const BUNDLE_JS = Array.from(
  { length: 400 },
  (_, i) => `export const v${i} = "${'ü'.repeat(i % 7)}${i}";`,
).join('\n');
const ADMIN_HTML = `<!doctype html><title>Maru back office</title>${'<p>관리</p>'.repeat(50)}`;

describe('precompressed client files', () => {
  let app: FastifyInstance;
  const clientDir = mkdtempSync(join(tmpdir(), 'maru-dist-'));

  beforeAll(async () => {
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Maru</title>');
    writeFileSync(join(clientDir, 'admin.html'), ADMIN_HTML);
    writeFileSync(join(clientDir, 'assets', BUNDLE), BUNDLE_JS);
    writeFileSync(join(clientDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // As the build writes them (vite.config.ts): .br and .gz beside each compressible file.
    for (const file of ['index.html', 'admin.html', `assets/${BUNDLE}`]) {
      const plain = readFileSync(join(clientDir, file));
      writeFileSync(join(clientDir, `${file}.br`), brotliCompressSync(plain));
      writeFileSync(join(clientDir, `${file}.gz`), gzipSync(plain));
    }
    app = Fastify();
    await app.register(staticClientPlugin, { root: clientDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({
      method,
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  const plain = (file: string) => readFileSync(join(clientDir, file));

  it('sends brotli when br is accepted, preferring it to gzip', async () => {
    const response = await get(`/assets/${BUNDLE}`, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(plain(`assets/${BUNDLE}`).length / 3);
    expect(brotliDecompressSync(response.rawPayload).equals(plain(`assets/${BUNDLE}`))).toBe(true);
  });

  it('sends gzip when only gzip is accepted', async () => {
    const response = await get(`/assets/${BUNDLE}`, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(gunzipSync(response.rawPayload).equals(plain(`assets/${BUNDLE}`))).toBe(true);
  });

  it('sends the plain file when nothing, or only identity, is accepted', async () => {
    for (const accept of [undefined, 'identity', 'compress']) {
      const response = await get(`/assets/${BUNDLE}`, accept);
      expect(response.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(Number(response.headers['content-length'])).toBe(plain(`assets/${BUNDLE}`).length);
      expect(response.rawPayload.equals(plain(`assets/${BUNDLE}`))).toBe(true);
    }
  });

  it('follows q-values: a refused or less wanted encoding is not chosen', async () => {
    expect((await get(`/assets/${BUNDLE}`, 'br;q=0, gzip')).headers['content-encoding']).toBe(
      'gzip',
    );
    expect(
      (await get(`/assets/${BUNDLE}`, 'br;q=0.2, gzip;q=0.8')).headers['content-encoding'],
    ).toBe('gzip');
    expect((await get(`/assets/${BUNDLE}`, 'gzip;q=0.5, br;q=1')).headers['content-encoding']).toBe(
      'br',
    );
    const none = await get(`/assets/${BUNDLE}`, 'br;q=0, gzip;q=0');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload.equals(plain(`assets/${BUNDLE}`))).toBe(true);
  });

  it('answers HEAD with the chosen encoding and its length, and no body', async () => {
    const head = await get(`/assets/${BUNDLE}`, 'br', 'HEAD');
    const body = await get(`/assets/${BUNDLE}`, 'br');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers.vary).toBe('Accept-Encoding');
    expect(head.headers['content-length']).toBe(body.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
  });

  it('compresses index.html at / and admin.html, still revalidated every time', async () => {
    for (const [url, file] of [
      ['/', 'index.html'],
      ['/index.html', 'index.html'],
      ['/admin.html', 'admin.html'],
    ] as const) {
      const br = await get(url, 'br, gzip');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers.vary, url).toBe('Accept-Encoding');
      expect(brotliDecompressSync(br.rawPayload).equals(plain(file)), url).toBe(true);
      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).equals(plain(file)), url).toBe(true);
    }
  });

  it('sends a file the build did not compress as it is, whatever is accepted', async () => {
    const response = await get('/logo.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.rawPayload.equals(plain('logo.svg'))).toBe(true);
  });
});
