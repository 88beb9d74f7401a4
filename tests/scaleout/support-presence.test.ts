import { generate } from 'otplib';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { expect, it } from 'vitest';
import { SUPPORT_EVENTS, SUPPORT_NAMESPACE } from '../../contract/support-socket';
import type { SupportShiftPush } from '../../contract/support-socket';
import { staffCreate } from '../../scripts/staff-create';
import { openDatabase } from '../../server/db/connect';
import { STAFF_PASSWORD, secretOf } from '../api/identity-helpers';
import { scaleOutMissing, scaleOutSuite, until, useScaleOutCluster } from '../support/scaleout';

/**
 * Scale-out of the agents' presence (docs/support.md): two server processes on one PostgreSQL
 * database and one Redis. The agent's desk is open on one process, the customer on the other:
 * the customer's process counts the agent (the holds are in Redis); the desk moving to the other
 * process within the grace keeps them; the last desk closing makes the customer hear nobody on
 * shift after the grace.
 */
const GRACE_MS = 1_500;
const demoCodeOf = (id: string) => 'KEFU' + id.slice(0, 2).toUpperCase();

interface Session {
  token: string;
  account: string;
}

scaleOutSuite(
  scaleOutMissing.length > 0
    ? `scale-out support presence (skipped: ${scaleOutMissing.join(' and ')} not set)`
    : 'scale-out: agents present on one process count on the other',
  () => {
    const { id, sockets, startServer, databaseUrl } = useScaleOutCluster({
      databasePrefix: 'maru_kefu_',
      env: (suiteId) => ({
        MARU_DEMO_CODE: demoCodeOf(suiteId),
        MARU_SUPPORT_GRACE_MS: String(GRACE_MS),
      }),
      startTimeoutMs: 90_000,
    });

    const post = async <T>(
      port: number,
      path: string,
      body: unknown,
      headers: Record<string, string> = {},
    ): Promise<T> => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { status: number; data: T; code?: string };
      if (answer.status !== 1) throw new Error(`${path}: ${answer.code ?? response.status}`);
      return answer.data;
    };
    const connect = async (port: number, auth: Record<string, string>) => {
      const socket = io(`http://127.0.0.1:${port}${SUPPORT_NAMESPACE}`, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        auth,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    it('counts a desk open on either process, and drops the agent after the grace', async () => {
      const [first, second] = await Promise.all([startServer(), startServer()]);
      // A staff account as the staff-create script makes it, then its first sign-in over HTTP.
      const database = await openDatabase({ databaseUrl: databaseUrl(), dataDir: null });
      const account = `agent${id}`;
      const created = await staffCreate(database.db, { account, role: 'operator' }).finally(() =>
        database.close(),
      );
      const staff = (path: string, body: unknown, token?: string) =>
        post<Record<string, string>>(
          first.port,
          `/api/staff${path}`,
          body,
          token ? { 'staff-token': token } : {},
        );
      const login = await staff('/auth/login', { account, password: created.oneTimePassword });
      const token = login.token ?? '';
      const enrol = await staff('/auth/enrol', {}, token);
      const secret = secretOf(enrol.otpauthUri ?? '');
      await staff('/auth/verify', { code: await generate({ secret }) }, token);
      await staff(
        '/auth/changePassword',
        {
          oldPassword: created.oneTimePassword,
          password: STAFF_PASSWORD,
          confirmPassword: STAFF_PASSWORD,
        },
        token,
      );

      // The customer is on the second process.
      const customer = await post<Session>(second.port, '/api/vue/user/register', {
        account: `kefu${id}`,
        password: 'blue-harbour-42',
        confirmPassword: 'blue-harbour-42',
        code: demoCodeOf(id),
        agree: true,
      });
      const counted = async () =>
        (
          await post<{ agentsOnShift: number }>(
            second.port,
            '/api/vue/kefu/status',
            {},
            { token: customer.token, account: customer.account },
          )
        ).agentsOnShift;
      const heard: number[] = [];
      const customerSocket: Socket = await connect(second.port, {
        token: customer.token,
        account: customer.account,
      });
      customerSocket.on(SUPPORT_EVENTS.shift, (p: SupportShiftPush) => heard.push(p.agentsOnShift));

      // The desk on the first process, on shift: counted on the second.
      let desk = await connect(first.port, { staffToken: token });
      await staff('/support/shift', { onShift: true }, token);
      expect(await counted()).toBe(1);
      await until(() => heard.at(-1) === 1, 10_000, 'the customer to hear the agent arrive');

      // The desk moves to the second process within the grace: the agent never stops counting.
      desk.disconnect();
      desk = await connect(second.port, { staffToken: token });
      await sleep(GRACE_MS * 2);
      expect(await counted()).toBe(1);
      expect(heard.at(-1)).toBe(1);

      // The last desk closes: after the grace nobody counts, and the customer hears it.
      desk.disconnect();
      await until(() => heard.at(-1) === 0, GRACE_MS * 6, 'the customer to hear nobody on shift');
      expect(await counted()).toBe(0);
    }, 240_000);
  },
);
