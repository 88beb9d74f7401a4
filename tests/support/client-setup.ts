import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { configureAccountLive } from '../../src/market/live/account-live';
import { configureSupportLive } from '../../src/home/kefu/supportLive';

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

afterEach(() => {
  cleanup();
});
