import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { inlineSplashLogo } from './build/inline-splash-logo.ts';
import { preloadBoot } from './build/preload-boot.ts';
import { lazyChakraGlobal } from './build/lazy-chakra-global.ts';
import { stagedChakraSystem } from './build/staged-chakra-system.ts';
import { compileHints } from './build/compile-hints.ts';
import { pureAnatomies } from './build/pure-anatomies.ts';
import { adminWithoutManifest, pwaOptions } from './build/pwa.ts';

const apiPort = Number(process.env.PORT ?? 8080);

/** The node-side tests: PGlite and, with DATABASE_URL, PostgreSQL. */
const NODE_TESTS = [
  'contract/**/*.test.ts',
  'machines/**/*.test.ts',
  'streams/**/*.test.ts',
  'server/**/*.test.ts',
  'tests/api/**/*.test.ts',
  'tests/unit/**/*.test.ts',
  'tests/scaleout/**/*.test.ts',
  'tests/security/**/*.test.ts',
];
/** Node test files that mock a module of the server with vi.mock (see the node-isolated project). */
const NODE_TESTS_WITH_MOCKS = [
  'tests/api/account-socket.test.ts',
  'tests/api/fund-password-cache.test.ts',
];

export default defineConfig({
  plugins: [
    react(),
    VitePWA(pwaOptions),
    adminWithoutManifest,
    inlineSplashLogo('public/logo.svg'),
    preloadBoot('src/app/boot.tsx'),
    pureAnatomies(),
    lazyChakraGlobal(),
    stagedChakraSystem(),
    compileHints('index.html', 'src/app/boot.tsx'),
    // Brotli (max quality) and gzip (level 9) beside every file that compresses, written once at
    // build; the server picks one by Accept-Encoding (server/http/static-client.ts). woff2 and
    // images are compressed already. A variant no smaller than its file is not written.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml|ttf|otf|woff|ico)$/,
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    // The manifest lets the bundle-size benchmark find the JS a given route needs.
    manifest: true,
    // Module preloading on: index.html links the entry's chunks, and a lazy screen's import
    // fetches all its chunks at once instead of one round trip per level of imports (each is
    // 150 ms on slow 4G; the stock detail had ~5 levels before its price could show). The map and
    // helper cost ~2 KB, which brotli leaves well inside the start screen's 170 KB transferred.
    // No polyfill: every browser the app supports has modulepreload.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
    // The back office (admin.html) is a second entry: none of it is in the customer app's chunks.
    rollupOptions: {
      input: { main: 'index.html', admin: 'admin.html' },
      output: {
        codeSplitting: {
          // Small modules every start needs (each its own chunk otherwise): one file, so the
          // start screen pays one response's headers for them instead of five.
          groups: [
            {
              name: 'start-parts',
              test: /src[\\/]app[\\/]navigate|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](components[\\/]stack|anatomy|create-anatomy)|@zag-js[\\/]anatomy|react-dom[\\/]cjs[\\/]react-dom\.production|react-dom[\\/]index\.js/,
            },
            // The stock detail's modules otherwise came in ~28 chunks, most under 1 KB: on HTTP/1.1
            // and slow 4G each took one of six connections for a round trip, and each module's
            // arrival a main-thread task, before the price could show. Three files instead, each
            // of modules that are used together, so a screen that needs one part of a group does
            // not pay much for the rest. Only the modules named: what they import stays where it
            // was (Chakra, React and the API client are the start screen's chunks).
            {
              // The socket client and RxJS (with the reconnection they make): every live screen's,
              // the market's, the account's and customer service's.
              name: 'socket-parts',
              includeDependenciesRecursively: false,
              test: /streams[\\/]reconnect\.ts$|node_modules[\\/](rxjs|socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter|tslib)[\\/]/,
            },
            {
              // The live market layer on that socket: its stores and the views built on them alone.
              name: 'live-parts',
              includeDependenciesRecursively: false,
              test: /src[\\/]market[\\/](live[\\/](?!account-live)|parts[\\/]SimulatedBadge|chart[\\/](StockChart|SvgCandleChart|chartOptions))|[\\/]streams[\\/](?!reconnect)/,
            },
            {
              // Market figures and rows: formats, names, cards, the watchlist, news rows.
              name: 'market-parts',
              includeDependenciesRecursively: false,
              test: /src[\\/](market[\\/](parts[\\/](marketIcons|ListState|SkeletonBlock|StatsGrid|useAfterPaint|Card|Segmented|ChangeText)|useMarketCall|names)|components[\\/]PriceFlash|favorite[\\/]watchlistStore|trade[\\/]ticket[\\/]sideTint|home[\\/]news[\\/](NewsRow|NewsLabels)|information[\\/]recordTime|i18n[\\/]seoulDateFormat)\.tsx?$/,
            },
            {
              // The stock detail's first paint (src/market/earlyQuote.ts) and the plain modules it
              // draws with: none imports React or Chakra, so it runs as soon as it arrives, while
              // the app's own chunks are still on their way.
              name: 'quote-parts',
              includeDependenciesRecursively: false,
              test: /src[\\/]market[\\/](earlyQuote|format)\.ts$|contract[\\/]names\.ts$/,
            },
            {
              // What most screens show around their content: the header, load and empty states,
              // an account's restrictions. Nothing the back office (admin.html) imports: a group
              // chunk that does takes the customer entry's preload helper, and so the entry.
              name: 'screen-parts',
              includeDependenciesRecursively: false,
              test: /src[\\/](components[\\/](BackHeader|EmptyData|LoadError)|api[\\/]index|account[\\/](RestrictionPanel|restrictionStore))\.tsx?$/,
            },
            {
              // What the entry (src/main.tsx) imports, in one file rather than two: the entry
              // waits for all of it before the early calls can start either way.
              name: 'entry-parts',
              test: /contract[\\/](languages|constants|paths)\.ts|src[\\/]session[\\/](storage|sessionStore)\.ts/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/socket.io': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: NODE_TESTS,
          exclude: [...configDefaults.exclude, ...NODE_TESTS_WITH_MOCKS],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time (vitest's default on two cores is one): a file spends much of its
          // time in PGlite or waiting for PostgreSQL, and one worker left a core idle. Every file
          // has its own databases, Redis prefix and ports, so two never share state.
          maxWorkers: 2,
          // Each worker keeps its modules from one file to the next: isolated, every API file
          // loaded the server's module graph anew (~4–5 s of ~10 s for a small file). What a file
          // must not leave behind for the next one in its worker: module mocks (those files are
          // in node-isolated), fake timers, changed process.env, registered subscribers (every
          // such test restores them in afterEach / finally).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The node files that replace a server module (vi.mock): in a shared module graph the
          // mock would miss modules already loaded and leak into later files, so each runs alone.
          name: 'node-isolated',
          environment: 'node',
          include: NODE_TESTS_WITH_MOCKS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // As the node project's (one group, one worker count).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./tests/support/client-setup.ts'],
          testTimeout: 30_000,
          // As the node project's (both run in one group, which needs one worker count).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./tests/support/browser-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 300_000,
          // One browser journey at a time: the machine has two cores.
          fileParallelism: false,
          // One worker for all the files, its modules (the server's, playwright's) loaded once:
          // each file starts its own app and Chromium and stops them in afterAll.
          isolate: false,
          // A group of its own (after the node and client files when one vitest process runs
          // everything; `npm test` runs it in a second process beside them: scripts/test.mjs).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
