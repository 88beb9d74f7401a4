/**
 * The customer's side of the `/support` socket (contract/support-socket.ts, docs/support.md):
 * opened by the customer-service screen while it is shown, with the session, WebSocket only and
 * the app's reconnect backoff. The screen hears messages, its conversation's changes, read
 * receipts, the agent typing and the number of agents on shift, and sends its own typing.
 * Component tests plug in a silent stand-in (configureSupportLive).
 */
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type {
  SupportConversationDto,
  SupportMessageDto,
  SupportReadPush,
  SupportShiftPush,
  SupportTypingPush,
} from '../../../contract';
import { SUPPORT_EVENTS, SUPPORT_NAMESPACE } from '../../../contract/support-socket';
import { DEFAULT_BACKOFF } from '../../../streams/reconnect';

export type SupportSocket = Pick<Socket, 'on' | 'emit' | 'disconnect'>;
export type SupportConnect = (auth: Record<string, string>) => SupportSocket;

const defaultConnect: SupportConnect = (auth) =>
  io(SUPPORT_NAMESPACE, {
    transports: ['websocket'],
    auth,
    reconnectionDelay: DEFAULT_BACKOFF.initialMs,
    reconnectionDelayMax: DEFAULT_BACKOFF.maxMs,
    randomizationFactor: DEFAULT_BACKOFF.jitter,
  });

let connect: SupportConnect = defaultConnect;

/** Tests: how the socket is opened (a fake); null restores socket.io. */
export function configureSupportLive(next: SupportConnect | null): void {
  connect = next ?? defaultConnect;
}

export interface SupportLiveHandlers {
  message(message: SupportMessageDto): void;
  conversation(conversation: SupportConversationDto): void;
  read(push: SupportReadPush): void;
  typing(push: SupportTypingPush): void;
  shift(push: SupportShiftPush): void;
  /** Connected again after a drop: pushes sent meanwhile are lost, so refetch. */
  reconnected(): void;
}

export interface SupportLive {
  typing(typing: boolean, conversationId?: number): void;
  close(): void;
}

/** Opens the socket with these credentials; `close` ends it. */
export function openSupportLive(
  auth: Record<string, string>,
  handlers: SupportLiveHandlers,
): SupportLive {
  const socket = connect(auth);
  let connectedBefore = false;
  socket.on('connect', () => {
    if (connectedBefore) handlers.reconnected();
    connectedBefore = true;
  });
  socket.on(SUPPORT_EVENTS.message, (m: SupportMessageDto) => {
    if (m && typeof m.id === 'number') handlers.message(m);
  });
  socket.on(SUPPORT_EVENTS.conversation, (c: SupportConversationDto) => {
    if (c && typeof c.id === 'number') handlers.conversation(c);
  });
  socket.on(SUPPORT_EVENTS.read, (r: SupportReadPush) => {
    if (r && typeof r.upTo === 'number') handlers.read(r);
  });
  socket.on(SUPPORT_EVENTS.typing, (p: SupportTypingPush) => {
    if (p && typeof p.typing === 'boolean') handlers.typing(p);
  });
  socket.on(SUPPORT_EVENTS.shift, (p: SupportShiftPush) => {
    if (p && typeof p.agentsOnShift === 'number') handlers.shift(p);
  });
  return {
    typing: (typing, conversationId) =>
      socket.emit(
        SUPPORT_EVENTS.typing,
        conversationId === undefined ? { typing } : { conversationId, typing },
      ),
    close: () => socket.disconnect(),
  };
}
