import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigItem } from '../../contract';
import { API_BASE, CALLS, CONFIG_NAMES, LANGUAGES } from '../../contract';
import { siteConfig } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, expectSuccess } from './api-helpers';

describe.each(databaseKinds)('site configuration and API description on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const configIn = async (lang: string) =>
    expectSuccess<ConfigItem[]>(
      await call(t.app, '/common/config', { type: 'all' }, { headers: { lang } }),
    );

  it.each(LANGUAGES.map((l) => l.stored))('lists every config name for lang %s', async (lang) => {
    const items = await configIn(lang);
    expect(items.map((i) => i.name)).toEqual([...CONFIG_NAMES]);
    for (const item of items) expect(item.value.length, item.name).toBeGreaterThan(0);
    const byName = Object.fromEntries(items.map((i) => [i.name, i.value]));
    expect(byName.logo).toBe('/logo.svg');
    // Support links are mail addresses: the app fetches nothing from other sites.
    expect(byName.kefu_url_1).toMatch(/^mailto:/);
    expect(byName.kefu_url_2).toMatch(/^mailto:/);
    // Retention periods and the under-14 rule, whatever the language.
    expect(byName.privacy_policy).toMatch(/5/);
    expect(byName.privacy_policy).toMatch(/10/);
    expect(byName.privacy_policy).toMatch(/14/);
  });

  it('answers in the request language', async () => {
    const titles = await Promise.all(
      LANGUAGES.map(async (l) => (await configIn(l.stored)).find((i) => i.name === 'title')?.value),
    );
    expect(titles).toEqual(['마루 증권', 'Maru Securities', 'Maru 證券', 'Maru 证券']);
  });

  it('keeps an edited text across a re-seed and falls back to Korean for a missing locale', async () => {
    const { seedDefaults } = await import('../../server/seed/seed');
    await t.db
      .insert(siteConfig)
      .values({ name: 'title', locale: 'en', value: 'Edited title' })
      .onConflictDoUpdate({
        target: [siteConfig.name, siteConfig.locale],
        set: { value: 'Edited title' },
      });
    await t.db.insert(siteConfig).values({ name: 'notice', locale: 'ko', value: '점검 안내' });
    await seedDefaults(t.db, null);
    const items = await configIn('en');
    expect(items.find((i) => i.name === 'title')?.value).toBe('Edited title');
    expect(items.at(-1)).toEqual({ name: 'notice', value: '점검 안내' });
  });

  it('publishes an OpenAPI document with every call of the catalogue', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      openapi: string;
      paths: Record<
        string,
        {
          post: {
            summary: string;
            parameters: { name: string; required: boolean }[];
            requestBody: unknown;
            responses: Record<string, unknown>;
          };
        }
      >;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual(
      Object.values(CALLS)
        .map((c) => `${API_BASE}${c.path}`)
        .sort(),
    );
    for (const spec of Object.values(CALLS)) {
      const op = doc.paths[`${API_BASE}${spec.path}`]?.post;
      expect(op?.summary).toBe(spec.summary);
      const required = op?.parameters.filter((p) => p.required).map((p) => p.name) ?? [];
      expect(required.sort()).toEqual(spec.auth ? ['account', 'token'] : []);
      expect(op?.requestBody).toBeDefined();
      expect(op?.responses['200']).toBeDefined();
    }
    const register = doc.paths[`${API_BASE}/user/register`]?.post.requestBody;
    expect(register).toMatchObject({
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['account', 'password', 'confirmPassword', 'code', 'agree'],
            additionalProperties: false,
            properties: { account: { type: 'string', minLength: 4, maxLength: 32 } },
          },
        },
      },
    });
  });
});
