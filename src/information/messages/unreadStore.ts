/**
 * The message centre's unread count, for the badges on the tab bar and on Mine: asked once when
 * a badge first shows with a session, then kept by the `/account` socket's `messages` pushes
 * (and asked again after a reconnect, when pushes may have been missed). The socket layer is
 * imported lazily, so socket.io stays out of the routes that only draw the tab bar.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { call } from '../../api';
import { sessionStore } from '../../session/sessionStore';

type Listener = () => void;

let unread = 0;
/** The session the count belongs to: another one starts from zero. */
let countedFor: string | null = null;
const listeners = new Set<Listener>();
let watchers = 0;
let stopLive: (() => void) | null = null;

function set(next: number): void {
  if (next === unread) return;
  unread = next;
  for (const listener of listeners) listener();
}

const sessionKey = () => {
  const { token, account } = sessionStore.get();
  return token && account ? `${account}\n${token}` : null;
};

function refresh(): void {
  const key = sessionKey();
  if (key === null) return;
  // Silent: a badge that cannot be read is simply not drawn; the screens say what failed.
  call('msgUnread', {}, { silent: true }).then(
    (answer) => {
      if (sessionKey() === key) set(answer.unread);
    },
    () => undefined,
  );
}

function start(): void {
  const key = sessionKey();
  if (key !== countedFor) {
    countedFor = key;
    set(0);
  }
  if (key === null) return;
  refresh();
  let stopped = false;
  const stops: (() => void)[] = [];
  void import('../../market/live/account-live').then((live) => {
    if (stopped) return;
    stops.push(live.onLiveMessages((push) => set(push.unread)));
    stops.push(live.onLiveReconnect(refresh));
  });
  stopLive = () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}

function stop(): void {
  stopLive?.();
  stopLive = null;
}

export const unreadStore = {
  get: (): number => unread,
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** What a mark-read call answered. */
  set,
};

/** The unread count, live while the calling view is shown with a session. */
export function useUnreadMessages(): number {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionKey, sessionKey);
  useEffect(() => {
    if (session === null) return undefined;
    watchers += 1;
    if (watchers === 1) start();
    return () => {
      watchers -= 1;
      if (watchers === 0) stop();
    };
  }, [session]);
  const count = useSyncExternalStore(unreadStore.subscribe, unreadStore.get, unreadStore.get);
  return session === null ? 0 : count;
}
