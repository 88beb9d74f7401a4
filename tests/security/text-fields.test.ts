import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import type { AnySchema } from 'yup';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import { documentCalls, validBody } from './document-calls';

/**
 * Issue 8, item 5, at the source: every string field of every request schema in the contract
 * (the client's forms use the same ones) refuses a NUL and a lone surrogate itself, with the
 * field's path and request.invalid_characters. (The server's backstop in validateBody would
 * answer the same code for a schema that forgot: this test reads the schemas alone.)
 */
const BAD = ['\u0000', '\ud800', '\udfff'];

/** A field whose allowed values are another field's (`oneOf([ref('password')])`). */
function mustEqualAnotherField(schema: AnySchema, field: string): boolean {
  const description = schema.describe() as { fields?: Record<string, { oneOf?: unknown[] }> };
  return (description.fields?.[field]?.oneOf ?? []).some(
    (v) => typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'ref',
  );
}

describe('string fields of every request schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  it('refuse a NUL and lone surrogates with request.invalid_characters', async () => {
    const calls = await documentCalls(t.app);
    let checked = 0;
    for (const call of calls) {
      const valid = await validBody(call);
      for (const [field, schema] of Object.entries(call.schema.properties ?? {})) {
        const types = [schema.type ?? []].flat();
        const itemTypes = [schema.items?.type ?? []].flat();
        const choice = schema.enum !== undefined;
        for (const bad of BAD) {
          let body: Record<string, unknown>;
          let path: string;
          if (types.includes('string') || (choice && types.length === 0)) {
            body = {
              ...valid,
              [field]: `${typeof valid[field] === 'string' ? valid[field] : 'a'}${bad}`,
            };
            path = field;
          } else if (types.includes('array') && itemTypes.includes('string')) {
            body = { ...valid, [field]: [`A${bad}`] };
            path = `${field}[0]`;
          } else {
            continue;
          }
          const errors = await call.request
            .validate(body, { strict: true, abortEarly: false })
            .then(
              () => [],
              (error: unknown) =>
                error instanceof ValidationError
                  ? (error.inner.length > 0 ? error.inner : [error]).map((e) => ({
                      path: e.path,
                      code: e.message,
                    }))
                  : [{ path: 'thrown', code: String(error) }],
            );
          const at = errors.filter((e) => e.path === path).map((e) => e.code);
          const what = `${call.operationId}.${path} with ${JSON.stringify(bad)}`;
          // A choice among fixed words refuses anything else as invalid, and a confirmation
          // anything but the field it confirms; free text names the characters.
          if (choice || mustEqualAnotherField(call.request, field)) {
            expect(at.length, what).toBeGreaterThan(0);
          } else {
            expect(at, what).toContain('request.invalid_characters');
          }
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
