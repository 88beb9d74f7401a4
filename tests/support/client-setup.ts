import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { configureAccountLive } from '../../src/market/live/account-live';

// Component tests never reach a server: the live /account socket is a silent stand-in unless a
// test brings its own (configureAccountLive).
const silentSocket = { on: () => silentSocket, disconnect: () => silentSocket };
configureAccountLive(() => silentSocket as never);

afterEach(() => {
  cleanup();
});
