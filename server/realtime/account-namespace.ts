/**
 * The `/account` namespace: a signed-in customer's own live updates (contract/account-socket.ts).
 * The handshake is checked like an HTTP call's session headers (a live session for the account;
 * a frozen, disabled or login-banned account is refused with that code), and the socket joins
 * its customer's room only. Clients send nothing; any message still takes from the request
 * limits, as on `/market`.
 *
 * A socket lives no longer than its session: when a session is revoked (logout, a password
 * change) or the account's state changes, every socket of that customer, on any process, is
 * checked again at once (`recheckCustomer`), and a sweep every minute checks this process's
 * sockets (an expired session). A socket that fails is told why (event `e`) and disconnected
 * by the server, which socket.io-client does not reconnect.
 */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Namespace, RemoteSocket, Socket } from 'socket.io';
import type { AccountSocketError, ErrorCode } from '../../contract';
import { ACCOUNT_EVENTS, hasInvalidCharacters } from '../../contract';
import { accessRefusalOf } from '../auth/account-states';
import { findLiveSession } from '../auth/sessions';
import type { Database } from '../db/connect';
import { customers, sessions } from '../db/schema';
import type { RequestLimits } from './market-namespace';
import { limitRequests } from './market-namespace';

/** How often this process checks its sockets' sessions (expiry needs no other signal). */
export const SESSION_SWEEP_MS = 60_000;
/** Like the HTTP session headers: a token is 43 characters; longer is not worth hashing. */
const MAX_AUTH_LENGTH = 256;

/** What the server keeps on each socket (serialisable: remote processes read it too). */
export interface AccountSocketData {
  customerId: number;
  sessionId: number;
}

export const customerRoom = (customerId: number) => `customer:${customerId}`;

const refusal = (code: ErrorCode): AccountSocketError => ({ code, params: {} });

function authValue(value: unknown): string | null {
  return typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_AUTH_LENGTH &&
    !hasInvalidCharacters(value)
    ? value
    : null;
}

/** A local socket, or one on another process (fetchSockets through the adapter). */
interface AnySocket {
  data: Partial<AccountSocketData>;
  emit(event: string, payload: AccountSocketError): unknown;
  disconnect(close: boolean): unknown;
}
const asAnySocket = (socket: Socket | RemoteSocket<Record<string, never>, unknown>): AnySocket =>
  socket as unknown as AnySocket;

/**
 * Which of these sessions may still be used, and if not why: a missing, revoked or expired
 * session is `auth.required`; a restricted account its state's code. One query for all.
 */
async function sessionRefusals(
  db: Database,
  sessionIds: readonly number[],
  now = new Date(),
): Promise<Map<number, ErrorCode | null>> {
  const rows =
    sessionIds.length === 0
      ? []
      : await db
          .select({ id: sessions.id, accountState: customers.accountState })
          .from(sessions)
          .innerJoin(customers, eq(customers.id, sessions.customerId))
          .where(
            and(
              inArray(sessions.id, [...sessionIds]),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, now),
            ),
          );
  const live = new Map(rows.map((r) => [r.id, accessRefusalOf(r)]));
  return new Map(
    sessionIds.map((id) => [id, live.has(id) ? (live.get(id) ?? null) : 'auth.required']),
  );
}

async function closeDeadSockets(db: Database, sockets: readonly AnySocket[]): Promise<void> {
  const ids = sockets.map((s) => s.data.sessionId).filter((id): id is number => id !== undefined);
  const refusals = await sessionRefusals(db, [...new Set(ids)]);
  for (const socket of sockets) {
    const code =
      socket.data.sessionId === undefined ? 'auth.required' : refusals.get(socket.data.sessionId);
    if (!code) continue;
    socket.emit(ACCOUNT_EVENTS.error, refusal(code));
    socket.disconnect(true);
  }
}

export interface AccountNamespace {
  /** Checks every socket of the customer, on every process, and closes those no longer allowed. */
  recheckCustomer(customerId: number): Promise<void>;
  /** Checks this process's sockets (the minute sweep; tests call it). */
  sweep(): Promise<void>;
  stop(): void;
}

export function handleAccountNamespace(
  nsp: Namespace,
  db: Database,
  limits: RequestLimits,
  onError: (error: unknown) => void,
): AccountNamespace {
  nsp.use((socket, next) => {
    const auth = socket.handshake.auth as Record<string, unknown> | undefined;
    const token = authValue(auth?.token);
    const account = authValue(auth?.account);
    const refuse = (code: ErrorCode) =>
      next(Object.assign(new Error(code), { data: refusal(code) }));
    if (token === null || account === null) return refuse('auth.required');
    findLiveSession(db, token, account).then(
      (session) => {
        if (session === null) return refuse('auth.required');
        const code = accessRefusalOf(session.customer);
        if (code !== null) return refuse(code);
        const data: AccountSocketData = {
          customerId: session.customer.id,
          sessionId: session.sessionId,
        };
        socket.data = data;
        next();
      },
      (error: unknown) => {
        onError(error);
        refuse('system.busy');
      },
    );
  });

  nsp.on('connection', (socket: Socket) => {
    limitRequests(socket, limits);
    const { customerId } = socket.data as AccountSocketData;
    void socket.join(customerRoom(customerId));
  });

  const sweep = async () => {
    const local = [...nsp.sockets.values()].map(asAnySocket);
    await closeDeadSockets(db, local);
  };
  const timer = setInterval(() => void sweep().catch(onError), SESSION_SWEEP_MS);
  timer.unref();

  return {
    async recheckCustomer(customerId) {
      // With the Redis adapter this finds the customer's sockets on every process.
      const sockets = await nsp.in(customerRoom(customerId)).fetchSockets();
      await closeDeadSockets(db, sockets.map(asAnySocket));
    },
    sweep,
    stop: () => clearInterval(timer),
  };
}
