import type { AppClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/connect';
import type { MarketFeed } from './market';
import type { AgentPresence } from './modules/support/presence';
import type { UploadStore } from './uploads';

/** What routes need from the running app, reachable as `app.maru`. */
export interface AppContext {
  config: Config;
  db: Database;
  /** The institution code printed at start-up for registration. */
  demoCode: string;
  /** The market feed every quote, book and candle comes from (ARCHITECTURE rule 4). */
  feed: MarketFeed;
  /** Encrypted ID photos (server/uploads). */
  uploads: UploadStore;
  /**
   * The time of every transition services apply and of the job runner's ticks: the system
   * clock unless the app was built with another (tests move a fake one).
   */
  clock: AppClock;
  /** Which agents have the support desk open (docs/support.md): they alone count as on shift. */
  supportPresence: AgentPresence;
}

declare module 'fastify' {
  interface FastifyInstance {
    maru: AppContext;
  }
}
