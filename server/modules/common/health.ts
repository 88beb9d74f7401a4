import type { FastifyInstance } from 'fastify';
import { databaseAnswers } from '../../db/connect';
import { success } from '../../http/envelope';
import { sendRefusal } from '../../http/error-handlers';

/**
 * GET /api/health for load balancers and the start script: 200 while the database answers, 503
 * (with the system.busy envelope) when it does not. The market feed joins this check when it exists.
 */
export function registerHealth(app: FastifyInstance): void {
  app.get('/api/health', async (request, reply) => {
    if (await databaseAnswers(app.maru.db)) return success({ database: 'up' });
    return sendRefusal(request, reply, 'system.busy', {}, 503);
  });
}
