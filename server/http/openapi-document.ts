import type { BinaryCallSpec, CallAccess, CallCatalogue, CallSpec } from '../../contract';
import {
  ACCOUNT_HEADER,
  ERROR_CODES,
  IDEMPOTENCY_KEY_HEADER,
  LANGUAGE_HEADER,
  LANGUAGES,
  STAFF_TOKEN_HEADER,
  TOKEN_HEADER,
  staffAccessOf,
} from '../../contract';
import type { JsonSchema } from './openapi';
import { yupToJsonSchema } from './openapi';

const REFUSAL: JsonSchema = {
  type: 'object',
  required: ['status', 'code', 'params', 'msg'],
  properties: {
    status: { const: 0 },
    code: { enum: [...ERROR_CODES] },
    params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
    msg: { type: 'string', description: 'The refusal in the request language' },
  },
};

function successEnvelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['status', 'msg', 'data'],
    properties: { status: { const: 1 }, msg: { type: 'string' }, data },
  };
}

const refusalResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
});

interface Parameter {
  name: string;
  in: 'header' | 'query';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

const header = (
  name: string,
  description: string,
  required: boolean,
  schema: JsonSchema,
): Parameter => ({ name, in: 'header', required, description, schema });

const LANGUAGE = header(
  LANGUAGE_HEADER,
  'Stored language code; else Accept-Language; else Korean',
  false,
  { enum: LANGUAGES.map((l) => l.stored) },
);

/** The headers a call's access needs and a sentence saying who may make it. */
function accessOf(access: CallAccess): { parameters: Parameter[]; who: string } {
  if (access === 'public') return { parameters: [], who: 'Anyone.' };
  if (access === 'customer') {
    return {
      parameters: [
        header(TOKEN_HEADER, 'Session token from register or login', true, { type: 'string' }),
        header(ACCOUNT_HEADER, 'Account the session belongs to', true, { type: 'string' }),
      ],
      who: 'A signed-in customer.',
    };
  }
  const staff = staffAccessOf(access);
  const who =
    staff === 'pending'
      ? 'Staff with a half session (after the password, before the TOTP code).'
      : staff === 'any'
        ? 'Any signed-in staff member.'
        : `Staff with the role ${(staff ?? []).join(' or ')}.`;
  return {
    parameters: [
      header(STAFF_TOKEN_HEADER, 'Staff session token from /auth/login', true, { type: 'string' }),
    ],
    who,
  };
}

function accessResponses(access: CallAccess) {
  if (access === 'public') return {};
  return {
    '401': refusalResponse('No live session of the right kind (auth.required)'),
    '403': refusalResponse(
      access === 'customer'
        ? 'The account is frozen, disabled or banned from login'
        : 'The role may not make this call, or the one-time password must be changed first',
    ),
  };
}

const done = (data: JsonSchema) => ({
  description: 'Done',
  content: { 'application/json': { schema: successEnvelope(data) } },
});

function callOperation(operationId: string, tag: string, call: CallSpec) {
  const { parameters, who } = accessOf(call.access);
  const audited = call.audit !== undefined || staffAccessOf(call.access) !== null;
  const idempotency = call.idempotent
    ? [
        header(
          IDEMPOTENCY_KEY_HEADER,
          '1 to 128 printable ASCII characters. A repeat with the same key and body answers the first success again without repeating it; the same key with another body is refused (422 request.idempotency_mismatch). Keys are per caller and kept at least 24 hours.',
          call.idempotent === 'required',
          { type: 'string', minLength: 1, maxLength: 128 },
        ),
      ]
    : [];
  return {
    operationId,
    tags: [tag],
    summary: call.summary,
    description: [who, audited ? 'Audit-logged.' : '', call.idempotent ? 'Idempotent.' : '']
      .filter((s) => s.length > 0)
      .join(' '),
    // Who may call, as the contract says it (tools and the security tests read it).
    'x-maru-access': call.access,
    parameters: [LANGUAGE, ...parameters, ...idempotency],
    requestBody: {
      required: false,
      content: { 'application/json': { schema: yupToJsonSchema(call.request) } },
    },
    responses: {
      '200': done(call.response ? yupToJsonSchema(call.response) : { type: 'null' }),
      ...accessResponses(call.access),
      ...(call.idempotent
        ? { '422': refusalResponse('The key was used with another request') }
        : {}),
      default: refusalResponse('Refused, with an error code and a translated message'),
    },
  };
}

function binaryOperation(operationId: string, tag: string, call: BinaryCallSpec) {
  const { parameters, who } = accessOf(call.access);
  const query = yupToJsonSchema(call.query);
  const queryParameters = Object.entries(query.properties ?? {}).map(
    ([name, schema]): Parameter => ({
      name,
      in: 'query',
      required: query.required?.includes(name) ?? false,
      description: name,
      schema,
    }),
  );
  return {
    operationId,
    tags: [tag],
    summary: call.summary,
    description: `${who} The body is the raw bytes, not JSON.`,
    'x-maru-access': call.access,
    parameters: [LANGUAGE, ...parameters, ...queryParameters],
    requestBody: {
      required: true,
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    responses: {
      '200': done(yupToJsonSchema(call.response)),
      ...accessResponses(call.access),
      '413': refusalResponse('The body is larger than allowed (upload.too_large)'),
      default: refusalResponse('Refused, with an error code and a translated message'),
    },
  };
}

export interface OpenApiSources {
  /** The JSON call catalogues (customer API, back office). */
  catalogues: readonly CallCatalogue[];
  /** Calls with a binary body, each under its base. */
  binary: readonly {
    base: string;
    tag: string;
    /** Prefix of the operation ids ('staff.' for the back office's), as for the catalogues. */
    operationPrefix?: string;
    calls: Record<string, BinaryCallSpec>;
  }[];
  /** Where the document itself is served (GET). */
  documentPath: string;
}

/** The OpenAPI 3.1 document of every call, derived from the contract's catalogues. */
export function buildOpenApiDocument(sources: OpenApiSources) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const catalogue of sources.catalogues) {
    for (const [name, call] of Object.entries(catalogue.calls)) {
      paths[`${catalogue.base}${call.path}`] = {
        post: callOperation(`${catalogue.operationPrefix}${name}`, catalogue.tag, call),
      };
    }
  }
  for (const group of sources.binary) {
    for (const [name, call] of Object.entries(group.calls)) {
      paths[`${group.base}${call.path}`] = {
        post: binaryOperation(`${group.operationPrefix ?? ''}${name}`, group.tag, call),
      };
    }
  }
  paths[sources.documentPath] = {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      responses: { '200': { description: 'The OpenAPI document (no envelope)' } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Maru API',
      version: '0.1.0',
      description:
        'The customer API under /api/vue and the back office under /api/staff. JSON over POST (the photo upload takes raw bytes). Every answer is an envelope: status 1 with data, or status 0 with a code, its params and a translated msg.',
    },
    tags: [
      ...sources.catalogues.map((c) => ({ name: c.tag })),
      ...sources.binary
        .map((b) => ({ name: b.tag }))
        .filter((t) => !sources.catalogues.some((c) => c.tag === t.name)),
    ],
    paths,
    components: { schemas: { Refusal: REFUSAL } },
  };
}
