import { array, boolean, mixed, number, object, ref, string } from 'yup';
import { describe, expect, it } from 'vitest';
import type { BinaryCallSpec, CallCatalogue } from '../../contract';
import { yupToJsonSchema } from './openapi';
import { buildOpenApiDocument } from './openapi-document';

describe('yupToJsonSchema', () => {
  it('converts strings with lengths and patterns', () => {
    expect(
      yupToJsonSchema(
        string()
          .required()
          .min(2)
          .max(9)
          .matches(/^[a-z]+$/),
      ),
    ).toEqual({
      type: 'string',
      minLength: 2,
      maxLength: 9,
      pattern: '^[a-z]+$',
    });
  });

  it('converts integers and bounded numbers', () => {
    expect(yupToJsonSchema(number().integer().min(0).max(100))).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 100,
    });
    expect(yupToJsonSchema(number().moreThan(0))).toEqual({ type: 'number', exclusiveMinimum: 0 });
  });

  it('converts objects with required fields, nullable values and no unknown keys', () => {
    const schema = object({
      a: string().required(),
      b: string().nullable().defined(),
      c: boolean(),
    }).noUnknown();
    expect(yupToJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: ['string', 'null'] },
        c: { type: 'boolean' },
      },
      required: ['a', 'b'],
      additionalProperties: false,
    });
  });

  it('converts arrays, mixed oneOf enums and leaves references out', () => {
    expect(
      yupToJsonSchema(
        array(mixed().oneOf(['A', 'B']).required())
          .min(1)
          .max(3),
      ),
    ).toEqual({
      type: 'array',
      items: { enum: ['A', 'B'] },
      minItems: 1,
      maxItems: 3,
    });
    const withRef = object({ p: string(), q: string().oneOf([ref('p')]) });
    expect(yupToJsonSchema(withRef).properties?.q).toEqual({ type: 'string' });
    expect(yupToJsonSchema(mixed().oneOf(['x']).nullable())).toEqual({ enum: ['x', null] });
  });
});

describe('buildOpenApiDocument', () => {
  const body = object({ n: number().required() });
  const customer = {
    base: '/api/c',
    tag: 'customer',
    operationPrefix: '',
    calls: {
      open: { path: '/open', access: 'public', summary: 'Open', request: body, response: null },
      pay: {
        path: '/pay',
        access: 'customer',
        summary: 'Pay',
        request: body,
        response: body,
        idempotent: 'required',
      },
      note: {
        path: '/note',
        access: 'customer',
        summary: 'Note',
        request: body,
        response: null,
        idempotent: true,
        audit: true,
      },
    },
  } as const satisfies CallCatalogue;
  const staff = {
    base: '/api/s',
    tag: 'staff',
    operationPrefix: 'staff.',
    calls: {
      open: { path: '/open', access: 'public', summary: 'Sign in', request: body, response: null },
      review: {
        path: '/review',
        access: { staff: ['reviewer', 'admin'] },
        summary: 'Review',
        request: body,
        response: null,
      },
      code: {
        path: '/code',
        access: { staff: 'pending' },
        summary: 'Code',
        request: body,
        response: null,
      },
    },
  } as const satisfies CallCatalogue;
  const upload: BinaryCallSpec = {
    path: '/upload',
    access: 'customer',
    summary: 'Upload',
    bodyKind: 'binary',
    query: object({ side: mixed().oneOf(['a', 'b']).required() }),
    response: body,
  };
  const doc = buildOpenApiDocument({
    catalogues: [customer, staff],
    binary: [{ base: '/api/c', tag: 'customer', calls: { upload } }],
    documentPath: '/api/c/doc.json',
  });
  type Op = {
    operationId: string;
    description: string;
    parameters: { name: string; in: string; required: boolean }[];
    responses: Record<string, unknown>;
    requestBody: { content: Record<string, unknown> };
  };
  const op = (path: string, method = 'post') =>
    (doc.paths[path] as Record<string, Op | undefined> | undefined)?.[method];
  const params = (path: string) =>
    op(path)?.parameters.map((p) => `${p.in}:${p.name}${p.required ? '!' : ''}`);

  it('lists the calls of every catalogue under its base, the binary call and the document', () => {
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/c/doc.json',
      '/api/c/note',
      '/api/c/open',
      '/api/c/pay',
      '/api/c/upload',
      '/api/s/code',
      '/api/s/open',
      '/api/s/review',
    ]);
    expect(op('/api/s/open')?.operationId).toBe('staff.open');
    expect(op('/api/c/open')?.operationId).toBe('open');
    expect(op('/api/c/doc.json', 'get')).toBeDefined();
  });

  it('documents session headers by access, and staff roles in the description', () => {
    expect(params('/api/c/open')).toEqual(['header:lang']);
    expect(params('/api/s/open')).toEqual(['header:lang']);
    expect(params('/api/s/review')).toEqual(['header:lang', 'header:staff-token!']);
    expect(op('/api/s/review')?.description).toBe(
      'Staff with the role reviewer or admin. Audit-logged.',
    );
    expect(op('/api/s/code')?.description).toMatch(/half session/);
    expect(op('/api/s/review')?.responses).toHaveProperty('403');
  });

  it('documents the Idempotency-Key header on idempotent calls only, required when it is', () => {
    expect(params('/api/c/pay')).toEqual([
      'header:lang',
      'header:token!',
      'header:account!',
      'header:idempotency-key!',
    ]);
    expect(params('/api/c/note')).toContain('header:idempotency-key');
    expect(op('/api/c/note')?.description).toBe('A signed-in customer. Audit-logged. Idempotent.');
    expect(op('/api/c/pay')?.responses).toHaveProperty('422');
    expect(params('/api/s/review')?.some((p) => p.includes('idempotency'))).toBe(false);
  });

  it('documents a binary call as raw bytes with its query parameters', () => {
    expect(op('/api/c/upload')?.requestBody.content).toEqual({
      'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
    });
    expect(params('/api/c/upload')).toEqual([
      'header:lang',
      'header:token!',
      'header:account!',
      'query:side!',
    ]);
  });
});
