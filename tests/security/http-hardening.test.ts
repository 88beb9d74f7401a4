import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, STAFF_API_BASE, STAFF_TOKEN_HEADER } from '../../contract';
import { createStaffAccount } from '../../server/modules/staff/accounts/create-staff-account';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import { envelope, expectSuccess, registerCustomer } from '../api/api-helpers';
import type { Session } from '../api/api-helpers';

/** Issue 8, item 8: headers every answer carries, and rate limits on every secret check. */
describe('HTTP hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { authRateLimit: { max: 2, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  it('limits connections (XHR, WebSocket) to this origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    const connect = /connect-src([^;]*)/.exec(csp)?.[1]?.trim();
    expect(connect).toBe("'self'");
  });

  it('marks every API answer no-store: successes, refusals, not found, health, the document', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` }),
      await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/common/config`,
        payload: { type: 'all' },
      }),
      await t.app.inject({ method: 'POST', url: `${API_BASE}/user/info`, payload: {} }),
      await t.app.inject({ method: 'POST', url: `${API_BASE}/no/such/call`, payload: {} }),
      await t.app.inject({ method: 'POST', url: `${STAFF_API_BASE}/auth/me`, payload: {} }),
      await t.app.inject({ method: 'POST', url: `${STAFF_API_BASE}/no/such`, payload: {} }),
      await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/common/config`,
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 404, 401, 404, 400]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('rate-limits every call that checks a secret, customer and staff alike', async () => {
    const customer: Session = await registerCustomer(t.app, t.demoCode);
    const created = await createStaffAccount(t.db, { account: 'ratelimited', role: 'reviewer' });
    const half = expectSuccess<{ token: string }>(
      await t.app.inject({
        method: 'POST',
        url: `${STAFF_API_BASE}/auth/login`,
        payload: { account: 'ratelimited', password: created.oneTimePassword },
        remoteAddress: '10.20.0.99',
      }),
    );
    const customerHeaders = { token: customer.token, account: customer.account };
    const calls: { url: string; payload: object; headers?: Record<string, string> }[] = [
      { url: `${API_BASE}/user/login`, payload: { account: 'nobody1', password: 'x-x-x-x-x' } },
      { url: `${API_BASE}/user/register`, payload: {} },
      {
        url: `${API_BASE}/user/changePassword`,
        payload: { oldPassword: 'wrong-one-1', password: 'new-pass-123', confirmPassword: 'x' },
        headers: customerHeaders,
      },
      { url: `${API_BASE}/user/fundPassword/set`, payload: {}, headers: customerHeaders },
      { url: `${API_BASE}/user/fundPassword/change`, payload: {}, headers: customerHeaders },
      { url: `${API_BASE}/user/fundPassword/reset`, payload: {}, headers: customerHeaders },
      {
        url: `${STAFF_API_BASE}/auth/login`,
        payload: { account: 'nobody', password: 'x-x-x-x-x' },
      },
      {
        url: `${STAFF_API_BASE}/auth/enrol`,
        payload: { extra: 1 },
        headers: { [STAFF_TOKEN_HEADER]: half.token },
      },
      {
        url: `${STAFF_API_BASE}/auth/verify`,
        payload: { code: 'abc' },
        headers: { [STAFF_TOKEN_HEADER]: half.token },
      },
      {
        url: `${STAFF_API_BASE}/auth/changePassword`,
        payload: {},
        headers: { [STAFF_TOKEN_HEADER]: half.token },
      },
    ];
    for (const [i, c] of calls.entries()) {
      // Each call from its own address: the limit is per address and call.
      const send = () => t.app.inject({ method: 'POST', ...c, remoteAddress: `10.20.${i}.1` });
      const first = [await send(), await send()];
      for (const answer of first)
        expect(answer.statusCode, `${c.url} ${answer.body}`).not.toBe(429);
      const third = await send();
      expect(third.statusCode, c.url).toBe(429);
      expect(envelope(third).code).toBe('request.too_often');
    }
  });
});
