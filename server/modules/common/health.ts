import type { FastifyInstance } from 'fastify';
import { databaseAnswers } from '../../db/connect';
import type { MarketFeed } from '../../market';
import { success } from '../../http/envelope';
import { sendRefusal } from '../../http/error-handlers';

/** A feed answers when it can say what session it is in and has instruments to quote. */
function feedAnswers(feed: MarketFeed): boolean {
  try {
    return feed.instruments().length > 0 && typeof feed.session().phase === 'string';
  } catch {
    return false;
  }
}

/**
 * GET /api/health for load balancers and the start script: 200 while the database and the market
 * feed answer, 503 (with the system.busy envelope) when either does not.
 */
export function registerHealth(app: FastifyInstance): void {
  app.get('/api/health', async (request, reply) => {
    const feed = app.maru.feed;
    if ((await databaseAnswers(app.maru.db)) && feedAnswers(feed)) {
      return success({ database: 'up', feed: feed.session().source });
    }
    return sendRefusal(request, reply, 'system.busy', {}, 503);
  });
}
