import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigItem } from '../../contract';
import {
  API_BASE,
  CALLS,
  CONFIG_NAMES,
  BINARY_CALLS,
  STAFF_BINARY_CALLS,
  KYC_UPLOAD,
  LANGUAGES,
  STAFF_API_BASE,
  STAFF_CALLS,
  staffAccessOf,
} from '../../contract';
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

  interface Operation {
    operationId: string;
    summary: string;
    description?: string;
    parameters: { name: string; in: string; required: boolean }[];
    requestBody: { content: Record<string, { schema: unknown }> };
    responses: Record<string, unknown>;
  }
  const openApi = async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` });
    expect(response.statusCode).toBe(200);
    return response.json<{
      openapi: string;
      paths: Record<string, Record<string, Operation | undefined>>;
    }>();
  };
  const required = (op: Operation | undefined) =>
    (op?.parameters.filter((p) => p.required).map((p) => p.name) ?? []).sort();

  it('documents every route the server registers under /api/vue and /api/staff, and no other', async () => {
    const doc = await openApi();
    const registered = t.routes
      .filter((r) => r.url.startsWith(`${API_BASE}/`) || r.url.startsWith(`${STAFF_API_BASE}/`))
      // Fastify adds HEAD for every GET by itself.
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    // Both ways: a route missing from the document, or a documented call nobody registered.
    expect(documented).toEqual(registered);
    expect(registered).toContain(`POST ${API_BASE}${KYC_UPLOAD.path}`);
    expect(registered).toContain(`POST ${STAFF_API_BASE}${STAFF_CALLS.kycApprove.path}`);
    // The document itself and the binary uploads (KYC photo, deposit voucher).
    expect(registered.length).toBe(
      Object.keys(CALLS).length +
        Object.keys(STAFF_CALLS).length +
        1 +
        Object.keys(BINARY_CALLS).length +
        Object.keys(STAFF_BINARY_CALLS).length,
    );
  });

  it('describes each customer call with its schemas and session headers', async () => {
    const doc = await openApi();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [name, spec] of Object.entries(CALLS)) {
      const op = doc.paths[`${API_BASE}${spec.path}`]?.post;
      expect(op?.operationId).toBe(name);
      expect(op?.summary).toBe(spec.summary);
      // A call that cannot run without an Idempotency-Key says so (placing and closing orders).
      const key = 'idempotent' in spec && spec.idempotent === 'required' ? ['idempotency-key'] : [];
      expect(required(op), name).toEqual(
        spec.access === 'customer' ? ['account', ...key, 'token'] : key,
      );
      expect(op?.requestBody.content['application/json']).toBeDefined();
      expect(op?.responses['200']).toBeDefined();
    }
    const register = doc.paths[`${API_BASE}/user/register`]?.post?.requestBody;
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

  it('describes each staff call with the staff-token header and who may make it', async () => {
    const doc = await openApi();
    for (const [name, spec] of Object.entries(STAFF_CALLS)) {
      const op = doc.paths[`${STAFF_API_BASE}${spec.path}`]?.post;
      expect(op?.operationId).toBe(`staff.${name}`);
      expect(op?.summary).toBe(spec.summary);
      const access = staffAccessOf(spec.access);
      expect(required(op), name).toEqual(access === null ? [] : ['staff-token']);
      if (Array.isArray(access)) {
        for (const role of access) expect(op?.description, name).toContain(role);
      }
    }
    expect(doc.paths[`${STAFF_API_BASE}/customers/setState`]?.post?.description).toBe(
      'Staff with the role operator or admin. Audit-logged.',
    );
    expect(doc.paths[`${STAFF_API_BASE}/auth/verify`]?.post?.description).toMatch(/half session/);
  });

  it('describes the photo upload as a binary body with the side in the query', async () => {
    const doc = await openApi();
    const op = doc.paths[`${API_BASE}${KYC_UPLOAD.path}`]?.post;
    expect(op?.requestBody.content).toEqual({
      'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
    });
    expect(op?.parameters).toContainEqual(
      expect.objectContaining({
        name: 'side',
        in: 'query',
        required: true,
        schema: expect.objectContaining({ enum: ['front', 'back'] }) as unknown,
      }),
    );
    expect(required(op)).toEqual(['account', 'side', 'token']);
  });
});
