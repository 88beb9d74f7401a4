/**
 * The wire protocol of the socket.io namespace `/support`: the live chat of customer service
 * (docs/support.md). Two kinds of client connect:
 * - a customer, with its session (`auth: {token, account}`, as on `/account`), put in its own
 *   room;
 * - a staff member, with a back-office session (`auth: {staffToken}`), put in the agents' room.
 * The server pushes, once the change has committed:
 * - `message`: a {@link SupportMessageDto} of the customer's conversation (to the customer and
 *   the agents);
 * - `conversation`: the conversation's {@link SupportConversationDto} when its state, agent or
 *   read marks moved (to the customer and the agents; compare `version`);
 * - `read`: {@link SupportReadPush}, a read receipt: the other side read up to a message id;
 * - `typing`: {@link SupportTypingPush}, the other side is typing (or stopped);
 * - `shift`: `{agentsOnShift}` whenever an agent goes on or off shift (to everyone connected);
 * - `e`: `{code, params}` before the server closes the connection (the session ended).
 * Clients send only `typing`: a customer `{typing}`, an agent `{conversationId, typing}` (an
 * agent may only type in a conversation assigned to them). A refused handshake fails with
 * `connect_error` whose `data` is `{code, params}`.
 */
import type { SupportSender } from './schemas/support';

export const SUPPORT_NAMESPACE = '/support';

export const SUPPORT_EVENTS = {
  message: 'message',
  conversation: 'conversation',
  read: 'read',
  typing: 'typing',
  shift: 'shift',
  error: 'e',
} as const;

/** How long a typing signal holds when no "stopped" follows (a client that went away). */
export const SUPPORT_TYPING_TTL_MS = 6_000;

export interface SupportReadPush {
  conversationId: number;
  /** Who read. */
  by: SupportSender;
  upTo: number;
}

export interface SupportTypingPush {
  conversationId: number;
  /** Who is typing. */
  from: SupportSender;
  typing: boolean;
}

export interface SupportShiftPush {
  agentsOnShift: number;
}

/** What a customer sends: `{typing}`; an agent: `{conversationId, typing}`. */
export interface SupportTypingSignal {
  conversationId?: number;
  typing: boolean;
}

/** The handshake: a customer's session or a staff member's. */
export type SupportSocketAuth = { token: string; account: string } | { staffToken: string };
