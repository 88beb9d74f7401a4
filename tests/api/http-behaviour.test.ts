import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../contract';
import { API_BASE, LANGUAGES } from '../../contract';
import { FIELD_LABELS, formatErrorMessage } from '../../locales';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { GOOD_PASSWORD, call, envelope, expectRefusal, registerCustomer } from './api-helpers';

describe.each(databaseKinds)('HTTP behaviour on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    ['POST', `${API_BASE}/user/nothing`],
    ['GET', `${API_BASE}/user/info`],
    ['GET', '/'],
    ['DELETE', '/api/health'],
    ['POST', '/api/vue'],
  ] as const)('answers %s %s with the 404 envelope', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expectRefusal(response, 'request.not_found', 404);
  });

  it('answers a URL it cannot decode with a coded refusal', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).code).toBe('request.malformed');
  });

  it.each(LANGUAGES.map((l) => [l.stored, l.locale] as const))(
    'writes msg in the language of lang: %s',
    async (stored, locale) => {
      const response = await call(t.app, '/common/config', {}, { headers: { lang: stored } });
      const body = expectRefusal(response, 'request.required', 400, 'type');
      expect(body.msg).toBe(formatErrorMessage(locale, 'request.required', { field: 'type' }));
      // The field is named by its label in that language, not by its key.
      expect(body.msg).toContain(FIELD_LABELS[locale].type);
    },
  );

  it('gives each language its own text', async () => {
    const messages = await Promise.all(
      LANGUAGES.map(async (l) => {
        const response = await call(t.app, '/user/info', {}, { headers: { lang: l.stored } });
        return envelope(response).msg;
      }),
    );
    expect(new Set(messages).size).toBe(LANGUAGES.length);
  });

  it.each([
    ['en-US,en;q=0.9', 'en'],
    ['zh-TW,zh;q=0.9', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-CN', 'zh-CN'],
    ['ko-KR', 'ko'],
    ['fr-FR', 'ko'],
  ] as const)('falls back to Accept-Language %s', async (acceptLanguage, locale) => {
    const response = await call(
      t.app,
      '/user/info',
      {},
      { headers: { 'accept-language': acceptLanguage } },
    );
    expect(envelope(response).msg).toBe(formatErrorMessage(locale, 'auth.required'));
  });

  it('prefers the lang header over Accept-Language, and ignores an unknown lang', async () => {
    const both = await call(
      t.app,
      '/user/info',
      {},
      { headers: { lang: 'tw', 'accept-language': 'en' } },
    );
    expect(envelope(both).msg).toBe(formatErrorMessage('zh-TW', 'auth.required'));
    const unknown = await call(
      t.app,
      '/user/info',
      {},
      { headers: { lang: 'xx', 'accept-language': 'en' } },
    );
    expect(envelope(unknown).msg).toBe(formatErrorMessage('en', 'auth.required'));
  });

  it('translates 404, 413 and 415 refusals too', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/nope', headers: { lang: 'en' } });
    expect(envelope(notFound).msg).toBe(formatErrorMessage('en', 'request.not_found'));
    const media = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/common/config`,
      headers: { 'content-type': 'text/plain', lang: 'cn' },
      body: 'type=all',
    });
    expect(envelope(media).msg).toBe(formatErrorMessage('zh-CN', 'request.unsupported_media'));
  });

  it('sends security headers with a CSP fit for the SPA', async () => {
    const response = await call(t.app, '/common/config', { type: 'all' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers health with 200 while the database and the feed answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toEqual({
      status: 1,
      msg: '',
      data: { database: 'up', feed: 'simulator' },
    });
  });
});

describe.each(databaseKinds)('health when the database is gone on %s', (kind) => {
  it('answers 503 with the system.busy envelope', async () => {
    const t = await buildTestApp(kind);
    // Pull the database out from under the app (PGlite instance or pg pool).
    const client = (
      t.db as unknown as { $client: { close?(): Promise<void>; end?(): Promise<void> } }
    ).$client;
    await (client.close ? client.close() : client.end?.());
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expectRefusal(response, 'system.busy', 503);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe.each(databaseKinds)('rate limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { authRateLimit: { max: 3, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  it('refuses the fourth login within the window with 429 request.too_often', async () => {
    const attempts: ErrorCode[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await call(t.app, '/user/login', {
        account: 'someone',
        password: GOOD_PASSWORD,
      });
      attempts.push(envelope(response).code ?? 'system.busy');
    }
    expect(attempts).toEqual(Array(3).fill('account.wrong_credentials'));
    const limited = await call(
      t.app,
      '/user/login',
      { account: 'someone', password: GOOD_PASSWORD },
      { headers: { lang: 'en' } },
    );
    const body = expectRefusal(limited, 'request.too_often', 429);
    expect(body.msg).toBe(formatErrorMessage('en', 'request.too_often'));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits registration too, and leaves other calls alone', async () => {
    for (let i = 0; i < 3; i++) await registerCustomer(t.app, t.demoCode);
    const limited = await call(t.app, '/user/register', {
      account: 'one-too-many',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      code: t.demoCode,
      agree: true,
    });
    expectRefusal(limited, 'request.too_often', 429);
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, '/common/config', { type: 'all' })).statusCode).toBe(200);
    }
  });
});
