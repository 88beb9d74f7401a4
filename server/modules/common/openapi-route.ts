import type { FastifyInstance } from 'fastify';
import { API_BASE, CALLS } from '../../../contract';
import { buildOpenApiDocument } from '../../http/openapi-document';

/** GET /api/vue/openapi.json: built once from the contract, served as is (no envelope). */
export function registerOpenApi(app: FastifyInstance): void {
  const document = buildOpenApiDocument(CALLS);
  app.get(`${API_BASE}/openapi.json`, () => document);
}
