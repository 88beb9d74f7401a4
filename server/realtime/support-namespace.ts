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
import type { AgentPresence } from '../modules/support/presence';
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
  presence: AgentPresence,
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
          // Present before the client hears "connected": a test (or a reload) that then writes
          // as the customer finds the agent counted.
          return presence.hold([session.staff.id]).then(
            () => next(),
            (error: unknown) => {
              onError(error);
              refuse('system.busy');
            },
          );
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

  const pushes = startSupportPushes(nsp, db, presence, onError);
  const tracker = trackPresence(presence, pushes, onError);

  nsp.on('connection', (socket: Socket) => {
    limitRequests(socket, limits);
    const data = socket.data as SupportSocketData;
    void socket.join(data.kind === 'staff' ? AGENTS_ROOM : supportCustomerRoom(data.customerId));
    socket.on(SUPPORT_EVENTS.typing, (signal: unknown) => {
      void relayTyping(data, signal).catch(onError);
    });
    if (data.kind === 'staff') {
      tracker.connected(data.staffId);
      socket.on('disconnect', () => tracker.disconnected(data.staffId));
    }
  });

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
      tracker.stop();
      pushes.stop();
    },
  };
}

interface SupportPushes {
  /**
   * Tells this process's clients (or, `everywhere`, every process's) the number of agents on
   * shift when it differs from what this process last told them.
   */
  shiftIfChanged(everywhere: boolean): void;
  stop(): void;
}

/**
 * Presence (server/modules/support/presence.ts) of the agents connected here: holds them present
 * while they have a socket and renews the holds a few times per grace period; when an agent's
 * last socket here closes, holds them for one more grace period from then. Every renewal also
 * recounts the agents on shift, so a grace that ran out (here or in a process that died) reaches
 * this process's customers within one renewal.
 */
function trackPresence(
  presence: AgentPresence,
  pushes: SupportPushes,
  onError: (error: unknown) => void,
) {
  const local = new Map<number, number>();
  const renewMs = Math.max(50, Math.floor(presence.graceMs / 3));
  const graceTimers = new Set<ReturnType<typeof setTimeout>>();
  // Closing the server drops every socket after stop(): nothing to schedule then.
  let stopped = false;
  const renew = async () => {
    await presence.hold([...local.keys()]);
    await presence.prune();
  };
  const timer = setInterval(() => {
    void renew()
      .then(() => pushes.shiftIfChanged(false))
      .catch(onError);
  }, renewMs);
  timer.unref();
  return {
    connected(staffId: number) {
      local.set(staffId, (local.get(staffId) ?? 0) + 1);
      // The first socket may make an agent on shift count: everyone hears it at once.
      pushes.shiftIfChanged(true);
    },
    disconnected(staffId: number) {
      if (stopped) return;
      const left = (local.get(staffId) ?? 1) - 1;
      if (left > 0) {
        local.set(staffId, left);
        return;
      }
      local.delete(staffId);
      void presence.hold([staffId]).catch(onError);
      // Just after the grace: if no socket came back anywhere, the agent no longer counts.
      const check = setTimeout(() => {
        graceTimers.delete(check);
        pushes.shiftIfChanged(true);
      }, presence.graceMs + 50);
      check.unref();
      graceTimers.add(check);
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      for (const t of graceTimers) clearTimeout(t);
      graceTimers.clear();
    },
  };
}

/** Turns committed chat notes into pushes, one at a time in commit order. */
function startSupportPushes(
  nsp: Namespace,
  db: Database,
  presence: AgentPresence,
  onError: (error: unknown) => void,
): SupportPushes {
  let chain: Promise<void> = Promise.resolve();
  /** What this process last told its clients (-1: nothing yet). */
  let lastCount = -1;
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
    const push: SupportShiftPush = { agentsOnShift: await agentsOnShift(db, presence) };
    lastCount = push.agentsOnShift;
    nsp.emit(SUPPORT_EVENTS.shift, push);
  };
  const pushShiftIfChanged = async (everywhere: boolean) => {
    const count = await agentsOnShift(db, presence);
    if (count === lastCount) return;
    lastCount = count;
    const push: SupportShiftPush = { agentsOnShift: count };
    (everywhere ? nsp : nsp.local).emit(SUPPORT_EVENTS.shift, push);
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
  const stop = onCommitted(db, (notes) => {
    // Messages first, so a client sees the message before the conversation that counts it.
    const order = ['supportMessage', 'supportRead', 'supportConversation', 'supportShift'];
    const sorted = [...notes].sort((a, b) => order.indexOf(a.topic) - order.indexOf(b.topic));
    for (const note of sorted) handle(note);
  });
  return {
    // In the same chain as the commit pushes, so counts reach clients in the order they were read.
    shiftIfChanged: (everywhere) => later(() => pushShiftIfChanged(everywhere)),
    stop,
  };
}
