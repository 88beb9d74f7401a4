import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CannedRepliesDto,
  ErrorCode,
  SupportConversationDetailDto,
  SupportConversationDto,
  SupportHistoryDto,
  SupportImageDataDto,
  SupportMessageDto,
  SupportQueueDto,
  SupportReadPush,
  SupportSendDto,
  SupportStatusDto,
  SupportTypingPush,
} from '../../contract';
import {
  API_BASE,
  ACCOUNT_HEADER,
  SUPPORT_EVENTS,
  SUPPORT_NAMESPACE,
  TOKEN_HEADER,
} from '../../contract';
import {
  auditLog,
  lifecycleTransitions,
  supportConversations,
  supportMessages,
  uploads,
} from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, customerIdOf, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { makeJpeg, signInNewStaff, staffCall } from './identity-helpers';
import { sendAgentImage } from './support-helpers';

/**
 * Customer service (docs/support.md) against the whole server: leaving a message while no agent
 * is on shift, a live chat over HTTP and the `/support` socket in both directions (messages,
 * typing, read receipts), the queue, ownership between customers and between agents, canned
 * replies, the account summary (no secrets), image attachments and bad input in words.
 */
const GRACE_MS = 1_500;

describe.each(databaseKinds)('customer service on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let agent: SignedInStaff;
  let other: SignedInStaff;
  let reviewer: SignedInStaff;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // A short grace, so an agent whose desk closed stops counting within the test.
    t = await buildTestApp(kind, { supportPresenceGraceMs: GRACE_MS });
    agent = await signInNewStaff(t.app, t.db, 'operator');
    other = await signInNewStaff(t.app, t.db, 'admin');
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${SUPPORT_NAMESPACE}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const customerCall = async <T>(session: Session, path: string, body: unknown = {}) =>
    expectSuccess<T>(await call(t.app, path, body, { session }));
  const asStaff = async <T>(who: SignedInStaff, path: string, body: unknown = {}) =>
    expectSuccess<T>(await staffCall(t.app, path, body, who.token));
  const shift = (who: SignedInStaff, onShift: boolean) =>
    asStaff<SupportQueueDto>(who, '/support/shift', { onShift });

  /** A connected socket, with everything it hears recorded. */
  const connect = async (auth: Record<string, unknown>) => {
    const socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth,
    });
    sockets.push(socket);
    const heard = {
      messages: [] as SupportMessageDto[],
      conversations: [] as SupportConversationDto[],
      reads: [] as SupportReadPush[],
      typing: [] as SupportTypingPush[],
      shifts: [] as { agentsOnShift: number }[],
    };
    socket.on(SUPPORT_EVENTS.message, (m: SupportMessageDto) => heard.messages.push(m));
    socket.on(SUPPORT_EVENTS.conversation, (c: SupportConversationDto) =>
      heard.conversations.push(c),
    );
    socket.on(SUPPORT_EVENTS.read, (r: SupportReadPush) => heard.reads.push(r));
    socket.on(SUPPORT_EVENTS.typing, (p: SupportTypingPush) => heard.typing.push(p));
    socket.on(SUPPORT_EVENTS.shift, (p: { agentsOnShift: number }) => heard.shifts.push(p));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, heard };
  };
  const eventually = async (check: () => void, ms = 3000) => {
    const until = Date.now() + ms;
    for (;;) {
      try {
        check();
        return;
      } catch (error) {
        if (Date.now() > until) throw error;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };

  it('takes a left message while no agent is on shift, and refuses a live one', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const before = await customerCall<SupportStatusDto>(session, '/kefu/status');
    expect(before.agentsOnShift).toBe(0);
    expect(before.conversation).toBeNull();
    expect(before.hours).toMatchObject({ opens: 540, closes: 1080, timeZone: 'Asia/Seoul' });

    const refused = expectRefusal(
      await call(
        t.app,
        '/kefu/send',
        { text: 'Anyone there?' },
        { session, headers: { lang: 'en' } },
      ),
      'support.no_agent',
      409,
    );
    expect(refused.msg).toMatch(/No agent is on shift/);
    // Korean is the default language.
    const ko = await call(t.app, '/kefu/send', { text: 'x' }, { session, headers: { lang: 'ko' } });
    expect(ko.json<{ msg: string }>().msg).toMatch(/상담원/);
    expect((await t.db.select({ n: count() }).from(supportMessages))[0]?.n).toBe(0);

    const left = await customerCall<SupportSendDto>(session, '/kefu/leaveMessage', {
      text: '  Please call me back about my deposit.  ',
    });
    expect(left.message).toMatchObject({
      sender: 'customer',
      text: 'Please call me back about my deposit.',
      left: true,
    });
    expect(left.conversation.state).toBe('waiting');

    // It waits in the queue for the first agent on shift.
    const queue = await shift(agent, true);
    expect(queue.onShift).toBe(true);
    const row = queue.waiting.find((r) => r.id === left.conversation.id);
    expect(row).toMatchObject({ preview: 'Please call me back about my deposit.', staffUnread: 1 });
    await shift(agent, false);
  });

  it('chats live both ways over HTTP and the socket, with typing and read receipts', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const customerId = await customerIdOf(t.db, session);
    const agentSocket = await connect({ staffToken: agent.token });
    const customerSocket = await connect({ token: session.token, account: session.account });

    await shift(agent, true);
    await eventually(() =>
      expect(customerSocket.heard.shifts.at(-1)?.agentsOnShift).toBeGreaterThan(0),
    );
    const status = await customerCall<SupportStatusDto>(session, '/kefu/status');
    expect(status.agentsOnShift).toBe(1);

    // The customer writes, then types again: the agents' room hears both.
    const first = await customerCall<SupportSendDto>(session, '/kefu/send', {
      text: 'How do I withdraw?',
    });
    const id = first.conversation.id;
    customerSocket.socket.emit(SUPPORT_EVENTS.typing, { typing: true });
    await eventually(() => {
      expect(agentSocket.heard.messages.map((m) => m.id)).toContain(first.message.id);
      expect(agentSocket.heard.typing).toContainEqual({
        conversationId: id,
        from: 'customer',
        typing: true,
      });
      // Pushed after the message, once its queue row is read: it may land after the typing.
      expect(agentSocket.heard.conversations.some((c) => c.id === id)).toBe(true);
    });

    // The agent takes it: the customer hears the conversation's new state and agent.
    const taken = await asStaff<SupportConversationDetailDto>(agent, '/support/take', {
      id,
      version: first.conversation.version,
    });
    expect(taken.conversation).toMatchObject({ state: 'assigned', agent: agent.account });
    await eventually(() =>
      expect(customerSocket.heard.conversations.at(-1)).toMatchObject({
        state: 'assigned',
        agentId: agent.id,
      }),
    );

    // The agent reads the customer's message: the customer sees the receipt.
    expectSuccess(
      await staffCall(t.app, '/support/read', { id, upTo: first.message.id }, agent.token),
    );
    await eventually(() =>
      expect(customerSocket.heard.reads).toContainEqual({
        conversationId: id,
        by: 'staff',
        upTo: first.message.id,
      }),
    );

    // The agent types and answers: the customer hears both.
    agentSocket.socket.emit(SUPPORT_EVENTS.typing, { conversationId: id, typing: true });
    const answered = await asStaff<SupportConversationDetailDto>(agent, '/support/reply', {
      id,
      text: 'Open Mine, then Withdraw.',
    });
    const reply = answered.messages.at(-1);
    expect(reply).toMatchObject({ sender: 'staff', agent: agent.account });
    await eventually(() => {
      expect(customerSocket.heard.typing).toContainEqual({
        conversationId: id,
        from: 'staff',
        typing: true,
      });
      expect(customerSocket.heard.messages.map((m) => m.text)).toContain(
        'Open Mine, then Withdraw.',
      );
    });
    const unread = await customerCall<SupportStatusDto>(session, '/kefu/status');
    expect(unread.conversation?.unread).toBe(1);

    // The customer reads it: the agent sees the receipt, the unread count clears.
    const read = await customerCall<SupportStatusDto>(session, '/kefu/read', {
      upTo: reply?.id,
    });
    expect(read.conversation).toMatchObject({ unread: 0, customerReadUpTo: reply?.id });
    await eventually(() =>
      expect(agentSocket.heard.reads).toContainEqual({
        conversationId: id,
        by: 'customer',
        upTo: reply?.id,
      }),
    );

    // History keeps everything, oldest first, a page at a time.
    const history = await customerCall<SupportHistoryDto>(session, '/kefu/history', { limit: 1 });
    expect(history.rows.map((m) => m.text)).toEqual(['Open Mine, then Withdraw.']);
    expect(history.hasMore).toBe(true);
    const older = await customerCall<SupportHistoryDto>(session, '/kefu/history', {
      before: history.rows[0]?.id,
    });
    expect(older.rows.map((m) => m.text)).toEqual(['How do I withdraw?']);
    expect(older.hasMore).toBe(false);

    // Every staff action is audited; the lifecycle's transitions name who did them.
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, `conversation:${id}`));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['supportSend', 'supportTake', 'supportReply', 'supportStaffRead']),
    );
    const transitions = await t.db
      .select()
      .from(lifecycleTransitions)
      .where(eq(lifecycleTransitions.entityType, 'conversation'));
    expect(transitions.filter((r) => r.entityId === String(id))).toEqual([
      expect.objectContaining({ event: 'chat.assign', actorKind: 'staff', actorId: agent.id }),
    ]);

    // Closed by the agent; the customer writing again reopens it into the queue.
    const closed = await asStaff<SupportConversationDetailDto>(agent, '/support/close', {
      id,
      version: taken.conversation.version,
    });
    expect(closed.conversation.state).toBe('closed');
    expectRefusal(
      await staffCall(t.app, '/support/reply', { id, text: 'One more thing' }, agent.token),
      'support.closed',
      409,
    );
    const again = await customerCall<SupportSendDto>(session, '/kefu/send', { text: 'Me again' });
    expect(again.conversation).toMatchObject({ id, state: 'reopened', reopenings: 1 });
    const [stored] = await t.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.customerId, customerId));
    expect(stored?.agentId).toBeNull();

    // Going off shift hands the agent's conversations back to the queue.
    await asStaff(agent, '/support/take', { id, version: again.conversation.version });
    const off = await shift(agent, false);
    expect(off.waiting.find((r) => r.id === id)?.state).toBe('waiting');
    expect(off.onShift).toBe(false);
    expectRefusal(
      await staffCall(t.app, '/support/take', { id, version: 0 }, agent.token),
      'support.off_shift',
      409,
    );
    agentSocket.socket.disconnect();
  });

  it('keeps each customer to their own conversation, and each agent to theirs', async () => {
    const desk = await connect({ staffToken: agent.token });
    await shift(agent, true);
    const alice = await registerCustomer(t.app, t.demoCode);
    const bob = await registerCustomer(t.app, t.demoCode);
    const sent = await customerCall<SupportSendDto>(alice, '/kefu/send', { text: 'Private' });
    const image = await customerCall<SupportSendDto>(alice, '/kefu/send', { text: 'More' });

    // Bob sees none of Alice's conversation, and cannot read or mark her messages.
    const bobStatus = await customerCall<SupportStatusDto>(bob, '/kefu/status');
    expect(bobStatus.conversation).toBeNull();
    expect((await customerCall<SupportHistoryDto>(bob, '/kefu/history')).rows).toEqual([]);
    expectRefusal(
      await call(t.app, '/kefu/image', { messageId: sent.message.id }, { session: bob }),
      'support.message_not_found',
      404,
    );
    expectRefusal(
      await call(t.app, '/kefu/read', { upTo: image.message.id }, { session: bob }),
      'support.not_found',
      404,
    );
    // Bob's socket hears nothing of Alice's chat.
    const bobSocket = await connect({ token: bob.token, account: bob.account });
    await asStaff(agent, '/support/take', {
      id: sent.conversation.id,
      version: image.conversation.version,
    });
    await asStaff(agent, '/support/reply', { id: sent.conversation.id, text: 'For Alice only' });
    await new Promise((r) => setTimeout(r, 200));
    expect(bobSocket.heard.messages).toEqual([]);
    expect(bobSocket.heard.conversations).toEqual([]);

    // Another agent may not answer, hand back or close a conversation that is not theirs.
    await shift(other, true);
    for (const path of ['/support/release', '/support/close']) {
      expectRefusal(
        await staffCall(t.app, path, { id: sent.conversation.id, version: 1 }, other.token),
        'support.not_yours',
        409,
      );
    }
    expectRefusal(
      await staffCall(
        t.app,
        '/support/reply',
        { id: sent.conversation.id, text: 'Hi' },
        other.token,
      ),
      'support.not_yours',
      409,
    );
    expectRefusal(
      await staffCall(
        t.app,
        '/support/take',
        { id: sent.conversation.id, version: 1 },
        other.token,
      ),
      'support.already_assigned',
      409,
    );
    expectRefusal(
      await staffCall(t.app, '/support/take', { id: 999_999, version: 0 }, other.token),
      'support.not_found',
      404,
    );
    await shift(other, false);
    await shift(agent, false);
    desk.socket.disconnect();
  });

  it('assigns a waiting conversation to another agent on shift, never to one off shift', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const desk = await connect({ staffToken: agent.token });
    await shift(agent, true);
    const sent = await customerCall<SupportSendDto>(session, '/kefu/send', { text: 'Help?' });
    const id = sent.conversation.id;
    const assignToOther = async () =>
      staffCall(
        t.app,
        '/support/assign',
        { id, version: sent.conversation.version, agentId: other.id },
        agent.token,
      );
    // `other` is off shift: nobody can hand it a conversation.
    expectRefusal(await assignToOther(), 'support.off_shift', 409);
    // On shift without the desk open is not there either: the customer would wait on nobody.
    const away = await shift(other, true);
    expect(away.agents.map((a) => a.account)).toEqual([agent.account]);
    expectRefusal(await assignToOther(), 'support.off_shift', 409);
    const otherDesk = await connect({ staffToken: other.token });
    const queue = await asStaff<SupportQueueDto>(other, '/support/queue');
    expect(queue.agents.map((a) => a.account).sort()).toEqual(
      [agent.account, other.account].sort(),
    );
    const assigned = await asStaff<SupportConversationDetailDto>(agent, '/support/assign', {
      id,
      version: sent.conversation.version,
      agentId: other.id,
    });
    expect(assigned.conversation).toMatchObject({
      state: 'assigned',
      agentId: other.id,
      agent: other.account,
    });
    // The transition names who assigned it; the assignee answers, the assigner may not.
    const [record] = await t.db
      .select()
      .from(lifecycleTransitions)
      .where(
        and(
          eq(lifecycleTransitions.entityType, 'conversation'),
          eq(lifecycleTransitions.entityId, String(id)),
        ),
      );
    expect(record).toMatchObject({ event: 'chat.assign', actorKind: 'staff', actorId: agent.id });
    expectRefusal(
      await staffCall(t.app, '/support/reply', { id, text: 'Mine?' }, agent.token),
      'support.not_yours',
      409,
    );
    await asStaff(other, '/support/reply', { id, text: 'I can help.' });
    await shift(other, false);
    await shift(agent, false);
    desk.socket.disconnect();
    otherDesk.socket.disconnect();
  });

  it("shows the customer's account summary beside the chat, never a secret", async () => {
    const desk = await connect({ staffToken: agent.token });
    await shift(agent, true);
    const session = await registerCustomer(t.app, t.demoCode);
    const sent = await customerCall<SupportSendDto>(session, '/kefu/send', { text: 'Hi' });
    const detail = await asStaff<SupportConversationDetailDto>(agent, '/support/conversation', {
      id: sent.conversation.id,
    });
    expect(detail.summary).toMatchObject({
      account: session.account,
      kycState: 'unverified',
      pendingFundOrders: [],
    });
    const text = JSON.stringify(detail);
    expect(text).not.toMatch(/password|passwordHash|idNumber|argon2/i);
    expect(detail.messages.map((m) => m.text)).toEqual(['Hi']);
    await shift(agent, false);
    desk.socket.disconnect();
  });

  it('sends an image through the upload pipeline, readable by its owner and the agents', async () => {
    const desk = await connect({ staffToken: agent.token });
    await shift(agent, true);
    const session = await registerCustomer(t.app, t.demoCode);
    const upload = (body: Buffer, who: Session | null) =>
      t.app.inject({
        method: 'POST',
        url: `${API_BASE}/kefu/image/send`,
        body,
        headers: {
          'content-type': 'application/octet-stream',
          ...(who ? { [TOKEN_HEADER]: who.token, [ACCOUNT_HEADER]: who.account } : {}),
        },
      });
    expectRefusal(await upload(await makeJpeg(), null), 'auth.required', 401);
    expectRefusal(
      await upload(Buffer.from('not an image'), session),
      'upload.unsupported_type',
      400,
    );
    const sent = expectSuccess<SupportSendDto>(await upload(await makeJpeg(), session));
    expect(sent.message).toMatchObject({ sender: 'customer', text: null });
    expect(sent.message.image?.width).toBeGreaterThan(0);
    const mine = await customerCall<SupportImageDataDto>(session, '/kefu/image', {
      messageId: sent.message.id,
    });
    expect(mine.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
    const staffView = await asStaff<SupportImageDataDto>(agent, '/support/image', {
      messageId: sent.message.id,
    });
    expect(staffView.dataUrl).toBe(mine.dataUrl);
    await shift(agent, false);
    desk.socket.disconnect();
  });

  it('refuses bad chat text in clear words and writes nothing', async () => {
    const desk = await connect({ staffToken: agent.token });
    await shift(agent, true);
    const session = await registerCustomer(t.app, t.demoCode);
    const before = (await t.db.select({ n: count() }).from(supportMessages))[0]?.n;
    const cases = [
      { text: 'a\u0000b', code: 'request.invalid_characters' as const },
      { text: '', code: 'request.required' as const },
      { text: '   ', code: 'request.required' as const },
      { text: 'x'.repeat(2001), code: 'request.too_long' as const },
    ];
    for (const { text, code } of cases) {
      for (const lang of ['ko', 'en', 'zh-TW', 'zh-CN']) {
        const answer = expectRefusal(
          await call(t.app, '/kefu/send', { text }, { session, headers: { lang } }),
          code,
          400,
        );
        expect(answer.msg).not.toMatch(/request\./);
      }
      expectRefusal(await call(t.app, '/kefu/leaveMessage', { text }, { session }), code, 400);
    }
    expect((await t.db.select({ n: count() }).from(supportMessages))[0]?.n).toBe(before);
    await shift(agent, false);
    desk.socket.disconnect();
  });

  it('counts an agent on shift only while their desk is open, past a short grace', async () => {
    const agent2 = await signInNewStaff(t.app, t.db, 'operator');
    const session = await registerCustomer(t.app, t.demoCode);
    const customer = await connect({ token: session.token, account: session.account });
    const counted = async () =>
      (await customerCall<SupportStatusDto>(session, '/kefu/status')).agentsOnShift;
    expect(await counted()).toBe(0);

    // Desk open, then on shift: the customer hears the agent arrive.
    let desk = await connect({ staffToken: agent2.token });
    await shift(agent2, true);
    await eventually(() => expect(customer.heard.shifts.at(-1)?.agentsOnShift).toBe(1));
    expect(await counted()).toBe(1);

    // A reload: the desk closes and opens again within the grace; the agent never stops counting.
    const heardBefore = customer.heard.shifts.length;
    desk.socket.disconnect();
    await new Promise((r) => setTimeout(r, GRACE_MS / 4));
    expect(await counted()).toBe(1);
    desk = await connect({ staffToken: agent2.token });
    await new Promise((r) => setTimeout(r, GRACE_MS * 1.5));
    expect(await counted()).toBe(1);
    expect(customer.heard.shifts.slice(heardBefore).map((p) => p.agentsOnShift)).not.toContain(0);

    // Two tabs: closing one keeps the agent.
    const secondTab = await connect({ staffToken: agent2.token });
    secondTab.socket.disconnect();
    await new Promise((r) => setTimeout(r, GRACE_MS * 1.5));
    expect(await counted()).toBe(1);

    // The last desk closes without going off shift: after the grace nobody counts, and the
    // customer's screen hears it (the hours and the leave-a-message form).
    const closedAt = Date.now();
    desk.socket.disconnect();
    await eventually(
      () => expect(customer.heard.shifts.at(-1)?.agentsOnShift).toBe(0),
      GRACE_MS * 4,
    );
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS - 50);
    expect(await counted()).toBe(0);
    expectRefusal(
      await call(t.app, '/kefu/send', { text: 'Hello?' }, { session }),
      'support.no_agent',
      409,
    );
    // Still on shift by their own choice, but no longer someone customers can reach.
    const queue = await asStaff<SupportQueueDto>(agent2, '/support/queue');
    expect(queue.onShift).toBe(true);
    expect(queue.agentsOnShift).toBe(0);
    expect(queue.agents).toEqual([]);

    // Back at the desk: counted again at once.
    desk = await connect({ staffToken: agent2.token });
    await eventually(() => expect(customer.heard.shifts.at(-1)?.agentsOnShift).toBe(1));
    expect(await counted()).toBe(1);
    await shift(agent2, false);
    await eventually(() => expect(customer.heard.shifts.at(-1)?.agentsOnShift).toBe(0));
    desk.socket.disconnect();
  });

  it("sends an agent's image through the same pipeline, live to its customer only", async () => {
    const desk = await connect({ staffToken: agent.token });
    await shift(agent, true);
    const alice = await registerCustomer(t.app, t.demoCode);
    const bob = await registerCustomer(t.app, t.demoCode);
    const aliceSocket = await connect({ token: alice.token, account: alice.account });
    const sent = await customerCall<SupportSendDto>(alice, '/kefu/send', { text: 'A photo?' });
    const id = sent.conversation.id;
    const rows = async () => ({
      messages: (await t.db.select({ n: count() }).from(supportMessages))[0]?.n,
      uploads: (await t.db.select({ n: count() }).from(uploads))[0]?.n,
    });

    // Not the agent's yet: refused before any image work, nothing stored.
    const before = await rows();
    expectRefusal(
      await sendAgentImage(t.app, agent.token, `id=${id}`, await makeJpeg()),
      'support.not_assigned',
      409,
    );
    await asStaff(agent, '/support/take', { id, version: sent.conversation.version });

    // Refusals, each coded and writing nothing: no session, a customer's session, a bad or
    // unknown conversation, another agent's conversation, bytes that are no image (text, NUL
    // bytes), an image over 10 MB.
    const jpeg = await makeJpeg();
    const refusals: [Awaited<ReturnType<typeof sendAgentImage>>, ErrorCode, number][] = [
      [await sendAgentImage(t.app, null, `id=${id}`, jpeg), 'auth.required', 401],
      [
        await sendAgentImage(t.app, null, `id=${id}`, jpeg, {
          [TOKEN_HEADER]: alice.token,
          [ACCOUNT_HEADER]: alice.account,
        }),
        'auth.required',
        401,
      ],
      [await sendAgentImage(t.app, agent.token, 'id=abc', jpeg), 'request.invalid', 400],
      [await sendAgentImage(t.app, agent.token, '', jpeg), 'request.required', 400],
      [await sendAgentImage(t.app, agent.token, 'id=999999', jpeg), 'support.not_found', 404],
      [await sendAgentImage(t.app, other.token, `id=${id}`, jpeg), 'support.not_yours', 409],
      [
        await sendAgentImage(t.app, agent.token, `id=${id}`, Buffer.from('not an image')),
        'upload.unsupported_type',
        400,
      ],
      [
        await sendAgentImage(t.app, agent.token, `id=${id}`, Buffer.alloc(4096)),
        'upload.unsupported_type',
        400,
      ],
      [
        await sendAgentImage(t.app, agent.token, `id=${id}`, Buffer.alloc(10 * 1024 * 1024 + 1)),
        'upload.too_large',
        413,
      ],
    ];
    for (const [response, code, status] of refusals) {
      const answer = expectRefusal(response, code, status);
      expect(answer.msg).not.toMatch(/upload\.|request\.|support\./);
    }
    expect(await rows()).toEqual(before);

    // The agent's image: stored once, its message pushed to the customer live.
    const detail = expectSuccess<SupportConversationDetailDto>(
      await sendAgentImage(t.app, agent.token, `id=${id}`, await makeJpeg({ gps: true })),
    );
    const image = detail.messages.at(-1);
    expect(image).toMatchObject({ sender: 'staff', agent: agent.account, text: null });
    expect(image?.image?.width).toBeGreaterThan(0);
    expect(await rows()).toEqual({
      messages: Number(before.messages) + 1,
      uploads: Number(before.uploads) + 1,
    });
    await eventually(() =>
      expect(aliceSocket.heard.messages.find((m) => m.id === image?.id)).toMatchObject({
        sender: 'staff',
        image: image?.image,
      }),
    );

    // Alice reads it (re-encoded: a JPEG without the GPS metadata), the agents too; Bob cannot,
    // exactly as for a message that does not exist.
    const hers = await customerCall<SupportImageDataDto>(alice, '/kefu/image', {
      messageId: image?.id,
    });
    expect(hers.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
    expect(Buffer.from(hers.dataUrl.split(',')[1] ?? '', 'base64').includes('GPS')).toBe(false);
    const staffView = await asStaff<SupportImageDataDto>(other, '/support/image', {
      messageId: image?.id,
    });
    expect(staffView.dataUrl).toBe(hers.dataUrl);
    const foreign = await call(t.app, '/kefu/image', { messageId: image?.id }, { session: bob });
    const unknown = await call(t.app, '/kefu/image', { messageId: 1_999_999 }, { session: bob });
    expectRefusal(foreign, 'support.message_not_found', 404);
    expect(foreign.json()).toEqual(unknown.json());

    // Audited like every staff call, with the message it wrote.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'supportImageUpload'), eq(auditLog.entity, `conversation:${id}`)),
      );
    expect(audit).toMatchObject({
      actorKind: 'staff',
      actorId: agent.id,
      detail: { messageId: image?.id },
    });
    await shift(agent, false);
    desk.socket.disconnect();
  });

  it('keeps canned replies: operators write them, every agent reads them', async () => {
    const created = await asStaff<CannedRepliesDto>(agent, '/support/canned/create', {
      title: 'Greeting',
      text: 'Hello, how can we help?',
    });
    const row = created.rows.find((r) => r.title === 'Greeting');
    expect(row?.text).toBe('Hello, how can we help?');
    const listed = await asStaff<CannedRepliesDto>(reviewer, '/support/canned');
    expect(listed.rows).toContainEqual(row);
    expectRefusal(
      await staffCall(
        t.app,
        '/support/canned/create',
        { title: 'No', text: 'Not allowed' },
        reviewer.token,
      ),
      'staff.forbidden',
      403,
    );
    const updated = await asStaff<CannedRepliesDto>(agent, '/support/canned/update', {
      id: row?.id,
      title: 'Greeting',
      text: 'Hello! How can we help today?',
    });
    expect(updated.rows.find((r) => r.id === row?.id)?.text).toBe('Hello! How can we help today?');
    const deleted = await asStaff<CannedRepliesDto>(agent, '/support/canned/delete', {
      id: row?.id,
    });
    expect(deleted.rows.find((r) => r.id === row?.id)).toBeUndefined();
    expectRefusal(
      await staffCall(t.app, '/support/canned/delete', { id: row?.id }, agent.token),
      'support.canned_not_found',
      404,
    );
  });

  it('refuses a socket without a live session', async () => {
    const refused = (auth: Record<string, unknown>) =>
      new Promise<unknown>((resolve, reject) => {
        const socket = io(url, {
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
          auth,
        });
        sockets.push(socket);
        socket.once('connect', () => reject(new Error('connected')));
        socket.once('connect_error', (error: Error & { data?: unknown }) => resolve(error.data));
      });
    expect(await refused({})).toMatchObject({ code: 'auth.required' });
    expect(await refused({ staffToken: 'nope' })).toMatchObject({ code: 'auth.required' });
    expect(await refused({ token: 'nope', account: 'nobody' })).toMatchObject({
      code: 'auth.required',
    });
  });
});
