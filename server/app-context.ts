import type { Config } from './config';
import type { Database } from './db/connect';

/** What routes need from the running app, reachable as `app.maru`. */
export interface AppContext {
  config: Config;
  db: Database;
  /** The institution code printed at start-up for registration. */
  demoCode: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    maru: AppContext;
  }
}
