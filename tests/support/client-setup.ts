import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { configureAccountLive } from '../../src/market/live/account-live';
import { configureSupportLive } from '../../src/home/kefu/supportLive';
import { configureAfterPaint } from '../../src/market/parts/useAfterPaint';
import { NEAR_AT_ONCE, configureNearViewport } from '../../src/market/parts/useNearViewport';

// Component tests never reach a server: the live /account socket is a silent stand-in unless a
// test brings its own (configureAccountLive).
const silentSocket = { on: () => silentSocket, disconnect: () => silentSocket };
configureAccountLive(() => silentSocket as never);
// Customer service's /support socket, likewise (src/home/kefu/supportLive.ts).
const silentSupport = {
  on: () => silentSupport,
  emit: () => silentSupport,
  disconnect: () => silentSupport,
};
configureSupportLive(() => silentSupport as never);

// happy-dom has no layout and paints nothing: the stock detail's parts below the fold count as on
// screen, and its work gated on a paint starts at once (their own tests change both).
configureNearViewport(NEAR_AT_ONCE);
configureAfterPaint({ atOnce: true });

// waitFor's and findBy's default wait is 1 s: on the two-core CI machine, with the node files
// beside, a screen's render after a slow answer took longer than that (the screen-state tests).
// A longer wait only delays a failure's report; what each test asserts is unchanged.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
