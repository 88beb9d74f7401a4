import type { CallSpec } from '../../contract';
import {
  ACCOUNT_HEADER,
  API_BASE,
  ERROR_CODES,
  LANGUAGE_HEADER,
  LANGUAGES,
  TOKEN_HEADER,
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

const header = (name: string, description: string, required: boolean, schema: JsonSchema) => ({
  name,
  in: 'header',
  required,
  description,
  schema,
});

/** The OpenAPI 3.1 document of the customer API, derived from the contract's call catalogue. */
export function buildOpenApiDocument(calls: Record<string, CallSpec>) {
  const paths = Object.fromEntries(
    Object.entries(calls).map(([name, call]) => {
      const parameters = [
        header(LANGUAGE_HEADER, 'Stored language code; else Accept-Language; else Korean', false, {
          enum: LANGUAGES.map((l) => l.stored),
        }),
        ...(call.auth
          ? [
              header(TOKEN_HEADER, 'Session token from register or login', true, {
                type: 'string',
              }),
              header(ACCOUNT_HEADER, 'Account the session belongs to', true, { type: 'string' }),
            ]
          : []),
      ];
      const data = call.response ? yupToJsonSchema(call.response) : { type: 'null' };
      const operation = {
        operationId: name,
        summary: call.summary,
        parameters,
        requestBody: {
          required: false,
          content: { 'application/json': { schema: yupToJsonSchema(call.request) } },
        },
        responses: {
          '200': {
            description: 'Done',
            content: { 'application/json': { schema: successEnvelope(data) } },
          },
          ...(call.auth ? { '401': refusalResponse('No live session (auth.required)') } : {}),
          default: refusalResponse('Refused, with an error code and a translated message'),
        },
      };
      return [`${API_BASE}${call.path}`, { post: operation }];
    }),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Maru customer API',
      version: '0.1.0',
      description:
        'JSON over POST. Every answer is an envelope: status 1 with data, or status 0 with a code, its params and a translated msg.',
    },
    paths,
    components: { schemas: { Refusal: REFUSAL } },
  };
}
