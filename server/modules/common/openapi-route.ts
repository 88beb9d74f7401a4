import type { FastifyInstance } from 'fastify';
import {
  API_BASE,
  BINARY_CALLS,
  CUSTOMER_API,
  STAFF_API,
  STAFF_BINARY_CALLS,
} from '../../../contract';
import { buildOpenApiDocument } from '../../http/openapi-document';

export const OPENAPI_PATH = `${API_BASE}/openapi.json`;

/**
 * GET /api/vue/openapi.json: every call of the customer API and the back office, and the binary
 * image uploads, built once from the contract and served as is (no envelope).
 */
export function registerOpenApi(app: FastifyInstance): void {
  const document = buildOpenApiDocument({
    catalogues: [CUSTOMER_API, STAFF_API],
    binary: [
      { base: API_BASE, tag: CUSTOMER_API.tag, calls: BINARY_CALLS },
      {
        base: STAFF_API.base,
        tag: STAFF_API.tag,
        operationPrefix: STAFF_API.operationPrefix,
        calls: STAFF_BINARY_CALLS,
      },
    ],
    documentPath: OPENAPI_PATH,
  });
  app.get(OPENAPI_PATH, () => document);
}
