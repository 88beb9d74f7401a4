import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, CALLS } from '../../contract';
import { MIN_BYTES, pickEncoding } from '../../server/http/api-compression';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, registerCustomer } from './api-helpers';
import { tradingMarket } from './trade-helpers';

// API answers are compressed per request by Accept-Encoding (server/http/api-compression.ts).
describe('compressed API answers', () => {
  let t: TestApp;
  let session: Session;
  beforeAll(async () => {
    // The market on a clock the test holds: on the wall clock a day's candle can form between
    // two calls, and the answers would differ in length.
    const m = tradingMarket();
    t = await buildTestApp('pglite', {}, { clock: m.clock, market: m.market });
    session = await registerCustomer(t.app, t.demoCode);
  }, 180_000);
  afterAll(() => t.close());

  // A year of daily candles: tens of KB of JSON.
  const candles = (acceptEncoding?: string) =>
    call(
      t.app,
      CALLS.candles.path,
      { symbol: '005930', interval: '1d', range: '1y', adjust: 'none' },
      {
        session,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      },
    );
  const json = (body: Buffer) =>
    JSON.parse(body.toString('utf8')) as { status: number; data?: { candles: unknown[] } };
  /**
   * The same answer as the plain one: two calls are not byte-equal (the forming candle moves with
   * the market), so the history before it is compared.
   */
  const sameCandles = (body: Buffer) => {
    const got = json(body);
    const want = json(plain.rawPayload);
    expect(got.status).toBe(1);
    expect(got.data?.candles.length).toBe(want.data?.candles.length);
    expect(got.data?.candles.slice(0, -1)).toEqual(want.data?.candles.slice(0, -1));
  };

  let plain: LightMyRequestResponse;
  beforeAll(async () => {
    plain = await candles();
  });

  it('sends JSON plain when no encoding is accepted, still saying it varies', () => {
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(10 * 1024);
    expect(json(plain.rawPayload).status).toBe(1);
  });

  it('sends brotli when br is accepted, the same JSON in a fraction of the bytes', async () => {
    const response = await candles('gzip, deflate, br, zstd');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    sameCandles(brotliDecompressSync(response.rawPayload));
  });

  it('sends gzip when only gzip is accepted, or when br is refused', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=0.9, br;q=0.5']) {
      const response = await candles(accept);
      expect(response.headers['content-encoding'], accept).toBe('gzip');
      sameCandles(gunzipSync(response.rawPayload));
    }
  });

  it('sends JSON plain when the accepted encodings are neither br nor gzip', async () => {
    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const response = await candles(accept);
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      sameCandles(response.rawPayload);
    }
  });

  it('leaves a small answer plain: the encoding would cost more than it saves', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.rawPayload.length).toBeLessThan(MIN_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('compresses refusals too, in the same envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/nothing`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(404);
    // Small: plain, and readable as ever.
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(json(response.rawPayload).status).toBe(0);
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.1, gzip;q=0.8', 'gzip'],
    ['br;q=1.0, gzip;q=1.0', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['identity, deflate', null],
  ] as const)('%s → %s', (accept, expected) => {
    expect(pickEncoding(accept)).toBe(expected);
  });
});
