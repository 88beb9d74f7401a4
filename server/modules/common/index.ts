import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { registerHealth } from './health';
import { registerOpenApi } from './openapi-route';
import { siteConfigFor } from './site-config';

/** Calls anyone may make: site configuration, health, the API description. */
export function registerCommonModule(app: FastifyInstance): void {
  defineCall(app, CUSTOMER_API, 'config', ({ db, request }) => siteConfigFor(db, request.locale));
  registerHealth(app);
  registerOpenApi(app);
}
