import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatErrorMessage } from '../../locales';
import { errorHandlersPlugin } from './error-handlers';
import { languagePlugin } from './language';
import { ApiRefusal } from './refusal';

describe('error handlers', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    await app.register(languagePlugin);
    await app.register(errorHandlersPlugin);
    app.get('/bug', () => {
      throw new TypeError('cannot read secret-internal-detail of undefined');
    });
    app.get('/refuse', () => {
      throw new ApiRefusal('account.exists', { field: 'account' });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a genuine bug with 500 system.busy and no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug', headers: { lang: 'en' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 0,
      code: 'system.busy',
      params: {},
      msg: formatErrorMessage('en', 'system.busy'),
    });
    expect(response.body).not.toContain('secret-internal-detail');
  });

  it('answers a thrown refusal with its status, code and params', async () => {
    const response = await app.inject({ method: 'GET', url: '/refuse', headers: { lang: 'kor' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      status: 0,
      code: 'account.exists',
      params: { field: 'account' },
      msg: formatErrorMessage('ko', 'account.exists', { field: 'account' }),
    });
  });
});
