import { act } from '@testing-library/react';
import type { AccountSocketAuth } from '../../contract/account-socket';
import type { AccountSocket } from '../market/live/account-live';

/** A stand-in `/account` socket a test pushes through (configureAccountLive(socket.connect)). */
export function fakeAccountSocket() {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  const opened: AccountSocketAuth[] = [];
  const socket = {
    on(event: string, handler: (payload: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    disconnect() {
      return socket;
    },
  };
  return {
    connect: (auth: AccountSocketAuth) => {
      opened.push(auth);
      handlers.clear();
      return socket as unknown as AccountSocket;
    },
    emit: (event: string, payload?: unknown) =>
      act(() => {
        for (const handler of handlers.get(event) ?? []) handler(payload);
      }),
    opened,
  };
}
