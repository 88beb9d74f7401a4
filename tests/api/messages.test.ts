import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnnouncementDto,
  AnnouncementListDto,
  MessagesPush,
  MsgListDto,
} from '../../contract';
import { ACCOUNT_EVENTS, ACCOUNT_NAMESPACE, LOCALES, MESSAGE_PAGE_SIZE } from '../../contract';
import { renderMessage } from '../../locales/messages';
import { auditLog, messages } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, customerIdOf, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall, submitKyc } from './identity-helpers';
import { langHeader, readMessages } from './message-helpers';

/**
 * The message centre's calls (docs/messages.md): a transition becomes a message the owner reads
 * in their language and nobody else can touch; read one or all, in parallel too; staff
 * announcements to everyone, an institution or listed accounts, audited; the unread count is
 * pushed live on the customer's `/account` socket.
 */
describe.each(databaseKinds)('the message centre on %s', (kind) => {
  let t: TestApp;
  let reviewer: SignedInStaff;
  let operator: SignedInStaff;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    operator = await signInNewStaff(t.app, t.db, 'operator');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${ACCOUNT_NAMESPACE}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const unreadOf = async (session: Session) =>
    expectSuccess<{ unread: number }>(await call(t.app, '/user/msgUnread', {}, { session })).unread;

  /** A customer whose KYC a reviewer has just rejected with `reason`: one message. */
  const rejectedCustomer = async (reason = 'The photo is blurred') => {
    const session = await registerCustomer(t.app, t.demoCode);
    const id = await customerIdOf(t.db, session);
    expectSuccess((await submitKyc(t.app, session)).response);
    expectSuccess(
      await staffCall(t.app, '/kyc/reject', { customerId: id, version: 1, reason }, reviewer.token),
    );
    return { session, id };
  };

  const announce = (body: Record<string, unknown>, token = operator.token) =>
    staffCall(t.app, '/announcement/send', body, token);

  it('tells the customer of a KYC rejection with the reason, in the language they read in', async () => {
    const { session, id } = await rejectedCustomer('이름이 다릅니다');
    for (const locale of LOCALES) {
      const [message, ...rest] = await readMessages(t.app, session, locale);
      expect(rest).toEqual([]);
      expect(message).toMatchObject({
        kind: 'event',
        code: 'kyc.rejected',
        read: false,
        entityType: 'kyc',
        entityId: id,
        ...renderMessage(locale, 'kyc.rejected', { reason: '이름이 다릅니다' }),
      });
      expect(message?.body).toContain('이름이 다릅니다');
    }
    expect(await unreadOf(session)).toBe(1);
  });

  it('marks one read; another customer’s id and an unknown id are not found and change nothing', async () => {
    const alice = await rejectedCustomer();
    const bob = await rejectedCustomer();
    const [aliceMessage] = await readMessages(t.app, alice.session);
    const id = aliceMessage?.id ?? 0;

    expectRefusal(
      await call(t.app, '/user/msgRead', { id }, { session: bob.session }),
      'message.not_found',
      404,
    );
    expectRefusal(
      await call(t.app, '/user/msgRead', { id: 2_000_000_000 }, { session: bob.session }),
      'message.not_found',
      404,
    );
    expect(await unreadOf(alice.session)).toBe(1);
    expect(await unreadOf(bob.session)).toBe(1);

    expect(
      expectSuccess(await call(t.app, '/user/msgRead', { id }, { session: alice.session })),
    ).toEqual({ unread: 0 });
    expect((await readMessages(t.app, alice.session))[0]?.read).toBe(true);
    expect(await unreadOf(bob.session)).toBe(1);
    // Reading it again is fine and changes nothing.
    expect(
      expectSuccess(await call(t.app, '/user/msgRead', { id }, { session: alice.session })),
    ).toEqual({ unread: 0 });
  });

  it('marks one and all read in parallel without losing or doubling anything', async () => {
    const customer = await registerCustomer(t.app, t.demoCode);
    const sent = expectSuccess<AnnouncementDto>(
      await announce({
        audience: 'accounts',
        accounts: [customer.account],
        title: '하나',
        body: '1',
      }),
    );
    expect(sent.recipients).toBe(1);
    for (let i = 0; i < 4; i += 1) {
      expectSuccess(
        await announce({
          audience: 'accounts',
          accounts: [customer.account],
          title: `공지 ${i}`,
          body: 'x',
        }),
      );
    }
    const list = await readMessages(t.app, customer);
    expect(list).toHaveLength(5);
    const answers = await Promise.all([
      ...list.map((m) => call(t.app, '/user/msgRead', { id: m.id }, { session: customer })),
      ...list.map((m) => call(t.app, '/user/msgRead', { id: m.id }, { session: customer })),
      call(t.app, '/user/msgReadAll', {}, { session: customer }),
      call(t.app, '/user/msgReadAll', {}, { session: customer }),
    ]);
    for (const answer of answers) expectSuccess(answer);
    expect(await unreadOf(customer)).toBe(0);
    const customerId = await customerIdOf(t.db, customer);
    const rows = await t.db.select().from(messages).where(eq(messages.customerId, customerId));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.readAt !== null)).toBe(true);
  });

  it('pages by the spec’s list defaults, newest first, with the total and the unread count', async () => {
    const customer = await registerCustomer(t.app, t.demoCode);
    for (let i = 1; i <= 12; i += 1) {
      expectSuccess(
        await announce({
          audience: 'accounts',
          accounts: [customer.account],
          title: `공지 ${i}`,
          body: 'x',
        }),
      );
    }
    const first = expectSuccess<MsgListDto>(
      await call(t.app, '/user/msgList', {}, { session: customer }),
    );
    expect(first).toMatchObject({ page: 1, pageSize: MESSAGE_PAGE_SIZE, total: 12, unread: 12 });
    expect(first.items.map((m) => m.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `공지 ${12 - i}`),
    );
    const second = expectSuccess<MsgListDto>(
      await call(t.app, '/user/msgList', { page: 2 }, { session: customer }),
    );
    expect(second.items.map((m) => m.title)).toEqual(['공지 2', '공지 1']);
    expect(expectSuccess(await call(t.app, '/user/msgReadAll', {}, { session: customer }))).toEqual(
      { unread: 0 },
    );
  });

  it('sends announcements to an institution or listed accounts, in the reader’s language, audited', async () => {
    const institution = expectSuccess<{ id: number; code: string }>(
      await staffCall(
        t.app,
        '/institutions/create',
        { name: 'Branch M', code: `MSG${Math.random().toString(36).slice(2, 6).toUpperCase()}` },
        (await signInNewStaff(t.app, t.db, 'admin')).token,
      ),
    );
    const member = await registerCustomer(t.app, institution.code);
    const outsider = await registerCustomer(t.app, t.demoCode);

    const sent = expectSuccess<AnnouncementDto>(
      await announce({
        audience: 'institution',
        institutionId: institution.id,
        title: '지점 공지',
        body: '내일 점검합니다.',
        titleEn: 'Branch notice',
        bodyEn: 'Maintenance tomorrow.',
      }),
    );
    expect(sent).toMatchObject({ audience: 'institution', recipients: 1, languages: ['en'] });

    const inEnglish = await readMessages(t.app, member, 'en');
    expect(inEnglish[0]).toMatchObject({
      kind: 'announcement',
      code: null,
      title: 'Branch notice',
      body: 'Maintenance tomorrow.',
    });
    // No Traditional Chinese was written: its readers get the Korean.
    expect((await readMessages(t.app, member, 'zh-TW'))[0]).toMatchObject({
      title: '지점 공지',
    });
    expect(await readMessages(t.app, outsider)).toEqual([]);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'announcementSend'),
          eq(auditLog.entity, `announcement:${sent.id}`),
        ),
      );
    expect(audit).toMatchObject({ actorKind: 'staff', actorId: operator.id });

    const listed = expectSuccess<AnnouncementListDto>(
      await staffCall(t.app, '/announcement/list', {}, operator.token),
    );
    expect(listed.items.find((a) => a.id === sent.id)).toMatchObject({
      recipients: 1,
      readCount: 0,
    });

    // An unknown name is refused, and nothing is sent to the others listed.
    const before = await t.db.select().from(messages);
    expectRefusal(
      await announce({
        audience: 'accounts',
        accounts: [member.account, 'nobody_here'],
        title: 'x',
        body: 'y',
      }),
      'account.not_found',
      404,
    );
    // An audience of nobody: an institution without customers.
    const empty = expectSuccess<{ id: number }>(
      await staffCall(
        t.app,
        '/institutions/create',
        { name: 'Empty', code: `EMP${Math.random().toString(36).slice(2, 6).toUpperCase()}` },
        (await signInNewStaff(t.app, t.db, 'admin')).token,
      ),
    );
    expectRefusal(
      await announce({ audience: 'institution', institutionId: empty.id, title: 'x', body: 'y' }),
      'announcement.no_recipients',
      400,
    );
    expect(await t.db.select().from(messages)).toHaveLength(before.length);
    // A reviewer cannot send.
    expectRefusal(
      await announce({ audience: 'all', title: 'x', body: 'y' }, reviewer.token),
      'staff.forbidden',
      403,
    );
  });

  it('reaches every customer when sent to all', async () => {
    const a = await registerCustomer(t.app, t.demoCode);
    const sent = expectSuccess<AnnouncementDto>(
      await announce({ audience: 'all', title: '전체 공지', body: '모두에게' }),
    );
    const customers = await t.db.$count(messages, eq(messages.announcementId, sent.id));
    expect(sent.recipients).toBe(customers);
    expect((await readMessages(t.app, a))[0]?.title).toBe('전체 공지');
  });

  it('pushes the unread count live to the customer’s socket only', async () => {
    const alice = await registerCustomer(t.app, t.demoCode);
    const bob = await registerCustomer(t.app, t.demoCode);
    const listen = async (session: Session) => {
      const socket = io(url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        auth: { token: session.token, account: session.account },
      });
      sockets.push(socket);
      const heard: MessagesPush[] = [];
      socket.on(ACCOUNT_EVENTS.messages, (push: MessagesPush) => heard.push(push));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return heard;
    };
    const aliceHeard = await listen(alice);
    const bobHeard = await listen(bob);
    expectSuccess(
      await announce({ audience: 'accounts', accounts: [alice.account], title: 'a', body: 'b' }),
    );
    await expect.poll(() => aliceHeard).toEqual([{ unread: 1 }]);
    expectSuccess(await call(t.app, '/user/msgReadAll', {}, { session: alice }));
    await expect.poll(() => aliceHeard).toEqual([{ unread: 1 }, { unread: 0 }]);
    expect(bobHeard).toEqual([]);
  });

  it('answers in the request’s language header', async () => {
    const { session } = await rejectedCustomer('x');
    const answer = expectSuccess<MsgListDto>(
      await call(t.app, '/user/msgList', {}, { session, headers: langHeader('zh-CN') }),
    );
    expect(answer.items[0]?.title).toBe(renderMessage('zh-CN', 'kyc.rejected', {}).title);
  });
});
