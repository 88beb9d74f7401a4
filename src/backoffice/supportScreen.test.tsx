import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  SupportConversationDetailDto,
  SupportMessageDto,
  SupportQueueDto,
  SupportQueueRowDto,
} from '../../contract/schemas/support';
import { configureSupportLive } from '../home/kefu/supportLive';
import type { SupportSocket } from '../home/kefu/supportLive';
import {
  backend,
  ok,
  renderAt,
  resetBackoffice,
  sentTo,
  signIn,
  startBackoffice,
} from './testing/harness';

beforeAll(startBackoffice);
beforeEach(() => {
  resetBackoffice();
  // A silent stand-in for the `/support` socket: these tests drive the desk over HTTP.
  const silent = {
    on: () => silent,
    emit: () => silent,
    disconnect: () => silent,
  };
  configureSupportLive(() => silent as unknown as SupportSocket);
});
afterEach(() => configureSupportLive(null));

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const row = (over: Partial<SupportQueueRowDto> = {}): SupportQueueRowDto => ({
  id: 4,
  state: 'assigned',
  version: 1,
  accepts: ['chat.release', 'chat.close'],
  agent: 'operator1',
  agentId: 1,
  reopenings: 0,
  customerReadUpTo: 0,
  staffReadUpTo: 10,
  unread: 0,
  lastMessageAt: '2026-01-01T00:00:00Z',
  customerId: 9,
  account: 'kim',
  preview: 'A photo of the error?',
  staffUnread: 0,
  ...over,
});
const message = (id: number, over: Partial<SupportMessageDto> = {}): SupportMessageDto => ({
  id,
  conversationId: 4,
  sender: 'customer',
  agent: null,
  text: `message ${id}`,
  image: null,
  left: false,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});
const detail = (messages: SupportMessageDto[]): SupportConversationDetailDto => ({
  conversation: row(),
  messages,
  hasMore: false,
  summary: {
    customerId: 9,
    account: 'kim',
    accountId: '10000009',
    nickname: null,
    kycState: 'passed',
    accountState: 'active',
    pendingFundOrders: [],
  },
});
const queue: SupportQueueDto = {
  onShift: true,
  agentsOnShift: 1,
  agents: [{ id: 1, account: 'operator1' }],
  waiting: [],
  mine: [row()],
  others: [],
  closed: [],
};

describe("the agents' desk", () => {
  it('sends an image the agent picks through the upload call, and shows it', async () => {
    signIn('operator');
    const image = message(11, {
      sender: 'staff',
      agent: 'operator1',
      text: null,
      image: { width: 64, height: 48 },
    });
    backend.handlers['/support/queue'] = () => ok(queue);
    backend.handlers['/support/canned'] = () => ok({ rows: [] });
    backend.handlers['/support/conversation'] = () => ok(detail([message(10)]));
    backend.handlers['/support/image/send'] = () => ok(detail([message(10), image]));
    backend.handlers['/support/image'] = () => ok({ dataUrl: PIXEL });
    renderAt('/support?id=4');
    await screen.findByTestId('support-msg-10');
    // The composer the customer's screen uses, with its image button.
    expect(screen.getByTestId('support-attach').textContent).toBe('Attach image');

    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'error.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.change(screen.getByTestId('support-attach-input'), { target: { files: [file] } });
    await screen.findByTestId('support-msg-11');
    const upload = backend.sent.find((s) => s.path === '/support/image/send');
    expect(upload?.params).toEqual({ id: '4' });
    expect(upload?.raw).toBe(file);
    expect(upload?.token).toBe('tok');
    // The agent's own image, fetched through the staff image call, with its own words.
    const shown = await screen.findByAltText('Image sent by an agent');
    expect(shown.getAttribute('src')).toBe(PIXEL);
    expect(sentTo('/support/image')).toEqual([{ messageId: 11 }]);
  });

  it('fills the shared box from a canned reply and sends it as text', async () => {
    signIn('operator');
    backend.handlers['/support/queue'] = () => ok(queue);
    backend.handlers['/support/canned'] = () =>
      ok({ rows: [{ id: 1, title: 'Greeting', text: 'Hello! How can we help?' }] });
    backend.handlers['/support/conversation'] = () => ok(detail([message(10)]));
    backend.handlers['/support/reply'] = (body) =>
      ok(
        detail([
          message(10),
          message(12, { sender: 'staff', agent: 'operator1', text: String(body.text) }),
        ]),
      );
    renderAt('/support?id=4');
    const pick = await screen.findByTestId('support-canned-pick');
    fireEvent.change(pick, { target: { value: '1' } });
    const input = screen.getByTestId<HTMLTextAreaElement>('support-reply-input');
    expect(input.value).toBe('Hello! How can we help?');
    fireEvent.click(screen.getByTestId('support-reply-send'));
    expect((await screen.findByTestId('support-msg-12')).textContent).toContain(
      'Hello! How can we help?',
    );
    expect(sentTo('/support/reply')).toEqual([{ id: 4, text: 'Hello! How can we help?' }]);
    await waitFor(() => expect(input.value).toBe(''));
  });
});
