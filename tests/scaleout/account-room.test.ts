import { io } from 'socket.io-client';
import { expect, it } from 'vitest';
import type { AccountSocketError } from '../../contract/account-socket';
import { ACCOUNT_EVENTS, ACCOUNT_NAMESPACE } from '../../contract/account-socket';
import { scaleOutMissing, scaleOutSuite, until, useScaleOutCluster } from '../support/scaleout';

/**
 * Scale-out of the `/account` room: two server processes on one PostgreSQL database and one
 * Redis. A customer's socket is on one process; the customer logs out through the other. The
 * committing process finds the socket through the Redis adapter (fetchSockets), checks its
 * session and closes it with the reason, across processes.
 */

/** The institution code each process seeds, from the suite's id. */
const demoCodeOf = (id: string) => 'LIVE' + id.slice(0, 2).toUpperCase();

interface Session {
  token: string;
  account: string;
}

scaleOutSuite(
  scaleOutMissing.length > 0
    ? `scale-out /account (skipped: ${scaleOutMissing.join(' and ')} not set)`
    : 'scale-out: the /account room across two processes',
  () => {
    const { id, sockets, startServer } = useScaleOutCluster({
      databasePrefix: 'maru_acct_',
      env: (suiteId) => ({ MARU_DEMO_CODE: demoCodeOf(suiteId) }),
      // Slow on a busy machine: tsx compiles the server first.
      startTimeoutMs: 90_000,
    });
    const code = demoCodeOf(id);

    const post = async (port: number, path: string, body: unknown, session?: Session) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/vue${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(session ? { token: session.token, account: session.account } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { status: number; data: unknown };
    };

    it('closes a socket on one process when its session ends on the other', async () => {
      const [first, second] = await Promise.all([startServer(), startServer()]);
      const account = `live${id}`;
      const registered = await post(first.port, '/user/register', {
        account,
        password: 'blue-harbour-42',
        confirmPassword: 'blue-harbour-42',
        code,
        agree: true,
      });
      expect(registered.status).toBe(1);
      const session = registered.data as Session;

      const socket = io(`http://127.0.0.1:${second.port}${ACCOUNT_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: session.token, account: session.account },
      });
      sockets.push(socket);
      const errors: AccountSocketError[] = [];
      let reason: string | null = null;
      socket.on(ACCOUNT_EVENTS.error, (e: AccountSocketError) => errors.push(e));
      socket.on('disconnect', (r) => (reason = r));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });

      expect((await post(first.port, '/user/logout', {}, session)).status).toBe(1);
      await until(() => reason !== null, 10_000, 'the socket on the other process to close');
      expect(errors).toEqual([{ code: 'auth.required', params: {} }]);
      expect(reason).toBe('io server disconnect');
    }, 240_000);
  },
);
