import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import type { AppClock } from './clock';
import { systemClock } from './clock';
import type { Config } from './config';
import { openDatabase } from './db/connect';
import { startSecretAttemptSweep } from './auth/secret-attempts';
import { startMarket } from './market/start-market';
import type { MarketFeed } from './market';
import { bodyParsingPlugin } from './http/body-parsing';
import { errorHandlersPlugin, handleError } from './http/error-handlers';
import { startIdempotencySweep } from './http/idempotency';
import { languagePlugin } from './http/language';
import { startJobRunner } from './lifecycle';
import type { JobRunner } from './lifecycle';
import { loggerOptions } from './http/logger';
import { rateLimitPlugin } from './http/rate-limit';
import { securityHeadersPlugin } from './http/security-headers';
import { staticClientPlugin } from './http/static-client';
import { apiCompressionPlugin } from './http/api-compression';
import { registerCommonModule } from './modules/common';
import { registerMarketModule } from './modules/market';
import { registerMoneyModule } from './modules/money';
import { registerTradeModule, startMatcher } from './modules/trade';
// IPO subscriptions (issue 12)
import { registerIpoModule } from './modules/ipo';
// News (issue 13)
import { registerNewsModule, startSystemNews } from './modules/news';
import type { Matcher } from './modules/trade';
import { registerUserModule } from './modules/user';
import { attachRealtime } from './realtime';
import { registerSupportModule } from './modules/support';
import { registerFundPasswordModule } from './modules/fund-password';
import { registerKycModule } from './modules/kyc';
import { registerStaffModule } from './modules/staff';
import { registerServiceModule } from './modules/service';
// Placements and auctions (issue 12)
import { registerPlacementModule } from './modules/placement';
import { registerAuctionModule } from './modules/auction';
import { openUploadStore, startUploadSweep } from './uploads';
import { seedDefaults } from './seed/seed';
// Corporate actions: dividends and rights issues (docs/corporate-actions.md)
import { registerCorporateModule } from './modules/corporate';
// Message centre (docs/messages.md)
import { registerMessagesModule } from './modules/messages';
import { AgentPresence } from './modules/support/presence';

/**
 * Builds the whole server for a configuration: opens (and migrates) the database, seeds the
 * embedded defaults, then registers plugins in a fixed order: external ones (security headers,
 * rate limiting), then the app's own (language, body parsing, error handling), then the routes,
 * and the static client last so API paths always win. Closing the app closes the database.
 */
export async function buildApp(
  config: Config,
  options: {
    pgliteSnapshot?: Blob;
    /** The app's clock (`app.maru.clock`); the system clock unless a test brings its own. */
    clock?: AppClock;
    /** Runs after the plugins, before the modules' routes (tests add hooks and calls here). */
    extend?: (app: FastifyInstance) => void;
    /**
     * The market instead of the configured one (tests: a simulator they advance themselves, so
     * prices, sessions and the app clock move together).
     */
    market?: { feed: MarketFeed; stop(): void };
  } = {},
): Promise<FastifyInstance> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSnapshot: options.pgliteSnapshot,
  });
  try {
    const clock = options.clock ?? systemClock;
    const { demoCode } = await seedDefaults(database.db, config.demoCode, clock.now());
    const market = options.market ?? startMarket(config.market);
    const uploads = openUploadStore({ dataDir: config.dataDir, configuredKey: config.uploadKey });
    const context: AppContext = {
      config,
      db: database.db,
      demoCode,
      feed: market.feed,
      uploads,
      clock,
      // In memory; the realtime layer moves it to Redis when processes share the load.
      supportPresence: new AgentPresence(config.supportPresenceGraceMs),
    };

    const app = Fastify({
      logger: loggerOptions(config.logLevel),
      bodyLimit: config.bodyLimitBytes,
      // Errors Fastify raises before routing (e.g. a URL it cannot decode) get the envelope too.
      frameworkErrors: (error, request, reply) => {
        void handleError(error, request, reply);
      },
    });
    app.decorate('maru', context);
    const stopSweep = startIdempotencySweep(context.db, (error) =>
      app.log.warn({ err: error }, 'idempotency key sweep failed'),
    );
    const stopAttemptSweep = startSecretAttemptSweep(context.db, (error) =>
      app.log.warn({ err: error }, 'secret attempt sweep failed'),
    );
    // Started once the app is ready (below), so a failed start leaves no runner behind.
    let jobs: JobRunner | null = null;
    let matcher: Matcher | null = null;
    let systemNews: { stop(): Promise<void> } | null = null;
    const stopUploadSweep = startUploadSweep(context.db, uploads, (error) =>
      app.log.warn({ err: error }, 'upload sweep failed'),
    );
    app.addHook('onClose', async () => {
      await jobs?.stop();
      await matcher?.stop();
      await systemNews?.stop();
      stopSweep();
      stopAttemptSweep();
      stopUploadSweep();
      market.stop();
      uploads.close();
      await database.close();
    });

    await app.register(securityHeadersPlugin);
    // JSON answers compressed by Accept-Encoding (the client's files are precompressed).
    await app.register(apiCompressionPlugin);
    await app.register(rateLimitPlugin);

    await app.register(languagePlugin);
    await app.register(bodyParsingPlugin);
    await app.register(errorHandlersPlugin);
    options.extend?.(app);

    registerCommonModule(app);
    registerUserModule(app);
    // socket.io /market on app.server, and POST /market/snapshot; stops on app.close().
    await attachRealtime(app);
    registerKycModule(app);
    registerFundPasswordModule(app);
    registerStaffModule(app);
    registerMarketModule(app);
    registerMoneyModule(app);
    registerTradeModule(app);
    // Corporate actions: dividends and rights issues (docs/corporate-actions.md)
    registerCorporateModule(app);
    // IPO subscriptions (issue 12)
    registerIpoModule(app);
    // Service (issue 13): daily check-in, profile, seat accounts
    registerServiceModule(app);
    // Message centre (docs/messages.md)
    registerMessagesModule(app);
    registerNewsModule(app);
    // Placements and auctions (issue 12)
    registerPlacementModule(app);
    registerAuctionModule(app);
    // Customer service (issue 13, docs/support.md)
    registerSupportModule(app);
    if (config.clientDir !== null) {
      await app.register(staticClientPlugin, { root: config.clientDir });
    }

    await app.ready();
    // Clock events of lifecycles (docs/jobs.md): a runner per process, one job at a time overall.
    jobs = startJobRunner(context.db, {
      clock,
      pollMs: config.jobs.pollMs,
      onError: (error) => app.log.error({ err: error }, 'lifecycle job run failed'),
    });
    // The trading engine's sweep: limit fills, forced closes, session-end closes (docs/trading.md).
    matcher = startMatcher(context, {
      pollMs: config.jobs.pollMs,
      onError: (error) => app.log.error({ err: error }, 'order sweep failed'),
    });
    // System market news from the feed (docs/news.md): a look every few job polls is enough.
    systemNews = startSystemNews(context, {
      pollMs: config.jobs.pollMs > 0 ? Math.max(config.jobs.pollMs * 5, 5_000) : 0,
      onError: (error) => app.log.error({ err: error }, 'system news scan failed'),
    });
    return app;
  } catch (error) {
    await database.close();
    throw error;
  }
}
