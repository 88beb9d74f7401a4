/**
 * The `/support` namespace: the live chat of customer service (contract/support-socket.ts,
 * docs/support.md). A customer connects with its session and joins its own room; a staff member
 * with a full back-office session joins the agents' room. After every commit that noted a chat
 * change (server/db/after-commit.ts) the change is read afresh and pushed: a message and the
 * conversation to the customer and the agents, a read receipt to the other side, the number of
 * agents on shift to everyone. Typing signals are relayed as they come (never stored): a
 * customer's to the agents, an agent's to the customer of a conversation assigned to them.
 */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Namespace, Socket } from 'socket.io';
import type {
  ErrorCode,
  SupportReadPush,
  SupportShiftPush,
  SupportTypingPush,
} from '../../contract';
import { SUPPORT_EVENTS, hasInvalidCharacters } from '../../contract';
import { isInState } from '../../machines/state-value';
import { accessRefusalOf } from '../auth/account-states';
import { findLiveSession } from '../auth/sessions';
import { findStaffSession } from '../auth/staff-sessions';
import type { CommitNote } from '../db/after-commit';
import { onCommitted } from '../db/after-commit';
import type { Database } from '../db/connect';
import {
  customers,
  sessions,
  staffSessions,
  supportConversations,
  supportMessages,
} from '../db/schema';
import { agentsOnShift } from '../modules/support/customer';
import {
  conversationById,
  conversationDto,
  messageDtos,
  queueRowDto,
} from '../modules/support/views';
import type { RequestLimits } from './market-namespace';
import { limitRequests } from './market-namespace';
import { SESSION_SWEEP_MS } from './account-namespace';

const MAX_AUTH_LENGTH = 256;
/** The room of every agent connected. */
export const AGENTS_ROOM = 'agents';
export const supportCustomerRoom = (customerId: number) => `customer:${customerId}`;

type SupportSocketData =
  | { kind: 'customer'; customerId: number; sessionId: number }
  | { kind: 'staff'; staffId: number; sessionId: number };

function authValue(value: unknown): string | null {
  return typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_AUTH_LENGTH &&
    !hasInvalidCharacters(value)
    ? value
    : null;
}

export interface SupportNamespace {
  /** Checks this process's sockets' sessions (the minute sweep; tests call it). */
  sweep(): Promise<void>;
  stop(): void;
}

export function handleSupportNamespace(
  nsp: Namespace,
  db: Database,
  limits: RequestLimits,
  onError: (error: unknown) => void,
): SupportNamespace {
  nsp.use((socket, next) => {
    const auth = socket.handshake.auth as Record<string, unknown> | undefined;
    const refuse = (code: ErrorCode) =>
      next(Object.assign(new Error(code), { data: { code, params: {} } }));
    const staffToken = authValue(auth?.staffToken);
    if (staffToken !== null) {
      findStaffSession(db, staffToken).then(
        (session) => {
          if (session === null || session.stage !== 'full' || session.staff.mustChangePassword) {
            return refuse('auth.required');
          }
          socket.data = {
            kind: 'staff',
            staffId: session.staff.id,
            sessionId: session.sessionId,
          } satisfies SupportSocketData;
          next();
        },
        (error: unknown) => {
          onError(error);
          refuse('system.busy');
        },
      );
      return;
    }
    const token = authValue(auth?.token);
    const account = authValue(auth?.account);
    if (token === null || account === null) return refuse('auth.required');
    findLiveSession(db, token, account).then(
      (session) => {
        if (session === null) return refuse('auth.required');
        const code = accessRefusalOf(session.customer);
        if (code !== null) return refuse(code);
        socket.data = {
          kind: 'customer',
          customerId: session.customer.id,
          sessionId: session.sessionId,
        } satisfies SupportSocketData;
        next();
      },
      (error: unknown) => {
        onError(error);
        refuse('system.busy');
      },
    );
  });

  const relayTyping = async (data: SupportSocketData, signal: unknown) => {
    if (typeof signal !== 'object' || signal === null) return;
    const { typing, conversationId } = signal as { typing?: unknown; conversationId?: unknown };
    if (typeof typing !== 'boolean') return;
    if (data.kind === 'customer') {
      const [row] = await db
        .select({ id: supportConversations.id })
        .from(supportConversations)
        .where(eq(supportConversations.customerId, data.customerId));
      if (!row) return;
      const push: SupportTypingPush = { conversationId: row.id, from: 'customer', typing };
      nsp.to(AGENTS_ROOM).emit(SUPPORT_EVENTS.typing, push);
      return;
    }
    if (typeof conversationId !== 'number' || !Number.isSafeInteger(conversationId)) return;
    const row = await conversationById(db, conversationId);
    // Only the agent who has the conversation types into it.
    if (!row || !isInState(row.state, 'assigned') || row.agentId !== data.staffId) return;
    const push: SupportTypingPush = { conversationId: row.id, from: 'staff', typing };
    nsp.to(supportCustomerRoom(row.customerId)).emit(SUPPORT_EVENTS.typing, push);
    // Other agents watching the conversation see it too.
    nsp.to(AGENTS_ROOM).emit(SUPPORT_EVENTS.typing, push);
  };

  nsp.on('connection', (socket: Socket) => {
    limitRequests(socket, limits);
    const data = socket.data as SupportSocketData;
    void socket.join(data.kind === 'staff' ? AGENTS_ROOM : supportCustomerRoom(data.customerId));
    socket.on(SUPPORT_EVENTS.typing, (signal: unknown) => {
      void relayTyping(data, signal).catch(onError);
    });
  });

  const pushes = startSupportPushes(nsp, db, onError);

  const sweep = async () => {
    const local = [...nsp.sockets.values()];
    const now = new Date();
    const customerIds = local
      .map((s) => s.data as SupportSocketData)
      .filter((d) => d.kind === 'customer')
      .map((d) => d.sessionId);
    const staffIds = local
      .map((s) => s.data as SupportSocketData)
      .filter((d) => d.kind === 'staff')
      .map((d) => d.sessionId);
    const liveCustomer = new Set(
      customerIds.length === 0
        ? []
        : (
            await db
              .select({ id: sessions.id, accountState: customers.accountState })
              .from(sessions)
              .innerJoin(customers, eq(customers.id, sessions.customerId))
              .where(
                and(
                  inArray(sessions.id, customerIds),
                  isNull(sessions.revokedAt),
                  gt(sessions.expiresAt, now),
                ),
              )
          )
            .filter((r) => accessRefusalOf(r) === null)
            .map((r) => r.id),
    );
    const liveStaff = new Set(
      staffIds.length === 0
        ? []
        : (
            await db
              .select({ id: staffSessions.id })
              .from(staffSessions)
              .where(
                and(
                  inArray(staffSessions.id, staffIds),
                  isNull(staffSessions.revokedAt),
                  gt(staffSessions.expiresAt, now),
                ),
              )
          ).map((r) => r.id),
    );
    for (const socket of local) {
      const data = socket.data as SupportSocketData;
      const live = data.kind === 'staff' ? liveStaff : liveCustomer;
      if (live.has(data.sessionId)) continue;
      socket.emit(SUPPORT_EVENTS.error, { code: 'auth.required', params: {} });
      socket.disconnect(true);
    }
  };
  const timer = setInterval(() => void sweep().catch(onError), SESSION_SWEEP_MS);
  timer.unref();

  return {
    sweep,
    stop: () => {
      clearInterval(timer);
      pushes();
    },
  };
}

/** Turns committed chat notes into pushes, one at a time in commit order. */
function startSupportPushes(
  nsp: Namespace,
  db: Database,
  onError: (error: unknown) => void,
): () => void {
  let chain: Promise<void> = Promise.resolve();
  const later = (work: () => Promise<void>) => {
    chain = chain.then(work).catch(onError);
  };

  const pushMessage = async (conversationId: number, messageId: number) => {
    const row = await conversationById(db, conversationId);
    const [message] = await db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, messageId));
    if (!row || !message) return;
    const [dto] = await messageDtos(db, [message]);
    nsp.to(supportCustomerRoom(row.customerId)).emit(SUPPORT_EVENTS.message, dto);
    nsp.to(AGENTS_ROOM).emit(SUPPORT_EVENTS.message, dto);
  };
  const pushConversation = async (conversationId: number) => {
    const row = await conversationById(db, conversationId);
    if (!row) return;
    nsp
      .to(supportCustomerRoom(row.customerId))
      .emit(SUPPORT_EVENTS.conversation, await conversationDto(db, row));
    nsp.to(AGENTS_ROOM).emit(SUPPORT_EVENTS.conversation, await queueRowDto(db, row));
  };
  const pushRead = async (conversationId: number, by: 'customer' | 'staff') => {
    const row = await conversationById(db, conversationId);
    if (!row) return;
    const push: SupportReadPush = {
      conversationId,
      by,
      upTo: by === 'customer' ? row.customerReadUpTo : row.staffReadUpTo,
    };
    nsp
      .to(by === 'customer' ? AGENTS_ROOM : supportCustomerRoom(row.customerId))
      .emit(SUPPORT_EVENTS.read, push);
  };
  const pushShift = async () => {
    const push: SupportShiftPush = { agentsOnShift: await agentsOnShift(db) };
    nsp.emit(SUPPORT_EVENTS.shift, push);
  };

  const handle = (note: CommitNote) => {
    switch (note.topic) {
      case 'supportMessage':
        return later(() => pushMessage(note.conversationId, note.messageId));
      case 'supportConversation':
        return later(() => pushConversation(note.conversationId));
      case 'supportRead':
        return later(() => pushRead(note.conversationId, note.by));
      case 'supportShift':
        return later(pushShift);
    }
  };
  return onCommitted(db, (notes) => {
    // Messages first, so a client sees the message before the conversation that counts it.
    const order = ['supportMessage', 'supportRead', 'supportConversation', 'supportShift'];
    const sorted = [...notes].sort((a, b) => order.indexOf(a.topic) - order.indexOf(b.topic));
    for (const note of sorted) handle(note);
  });
}
