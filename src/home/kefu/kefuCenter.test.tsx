import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  SupportConversationDto,
  SupportMessageDto,
  SupportStatusDto,
} from '../../../contract/schemas/support';
import { sessionStore } from '../../session';
import { renderWithApp } from '../../testing/renderWithApp';
import KefuCenterScreen from './KefuCenterScreen';
import { configureSupportLive } from './supportLive';
import type { SupportSocket } from './supportLive';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/calls', () => ({ call: api.call }));

/** A stand-in `/support` socket the test speaks through, recording what the screen sends. */
function fakeSocket() {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  const opened: Record<string, string>[] = [];
  const sent: { event: string; payload: unknown }[] = [];
  let disconnects = 0;
  const socket = {
    on(event: string, handler: (payload: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    emit(event: string, payload: unknown) {
      sent.push({ event, payload });
      return socket;
    },
    disconnect() {
      disconnects += 1;
      return socket;
    },
  };
  return {
    connect: (auth: Record<string, string>) => {
      opened.push(auth);
      handlers.clear();
      return socket as unknown as SupportSocket;
    },
    push: (event: string, payload?: unknown) =>
      act(() => {
        for (const handler of handlers.get(event) ?? []) handler(payload);
      }),
    opened,
    sent,
    disconnects: () => disconnects,
  };
}

const conversation = (over: Partial<SupportConversationDto> = {}): SupportConversationDto => ({
  id: 3,
  state: 'assigned',
  version: 2,
  accepts: ['chat.release', 'chat.close'],
  agent: 'mina',
  agentId: 7,
  reopenings: 0,
  customerReadUpTo: 0,
  staffReadUpTo: 0,
  unread: 0,
  lastMessageAt: '2026-11-20T01:00:00Z',
  ...over,
});
const message = (id: number, over: Partial<SupportMessageDto> = {}): SupportMessageDto => ({
  id,
  conversationId: 3,
  sender: 'customer',
  agent: null,
  text: `message ${id}`,
  image: null,
  left: false,
  createdAt: '2026-11-20T01:00:00Z',
  ...over,
});
const status = (over: Partial<SupportStatusDto> = {}): SupportStatusDto => ({
  agentsOnShift: 1,
  hours: { opens: 540, closes: 1080, timeZone: 'Asia/Seoul', open: true },
  conversation: conversation(),
  ...over,
});

let socket: ReturnType<typeof fakeSocket>;
beforeEach(() => {
  api.call.mockReset();
  sessionStore.signIn('token-1', 'hong');
  socket = fakeSocket();
  configureSupportLive(socket.connect);
});
afterEach(() => {
  configureSupportLive(null);
  sessionStore.signOut();
});

const renderScreen = () =>
  renderWithApp(
    <Routes>
      <Route path="/home/kefuCenter" element={<KefuCenterScreen />} />
    </Routes>,
    { path: '/home/kefuCenter' },
  );

describe('the customer-service chat', () => {
  it('shows pushed messages, the agent typing and read ticks, and marks answers read', async () => {
    api.call.mockImplementation((name: string, body: { upTo?: number }) => {
      if (name === 'supportStatus') return Promise.resolve(status());
      if (name === 'supportHistory') {
        return Promise.resolve({ rows: [message(10)], hasMore: false });
      }
      if (name === 'supportRead') {
        return Promise.resolve(
          status({ conversation: conversation({ customerReadUpTo: body.upTo }) }),
        );
      }
      return Promise.reject(new Error(name));
    });
    await renderScreen();
    await screen.findByTestId('kefu-msg-10');
    expect(socket.opened).toEqual([{ token: 'token-1', account: 'hong' }]);
    // Sent, not read yet.
    expect(screen.getByTestId('kefu-tick-10').getAttribute('data-read')).toBe('false');

    // The agent reads it: the tick turns to read.
    socket.push('read', { conversationId: 3, by: 'staff', upTo: 10 });
    expect(screen.getByTestId('kefu-tick-10').getAttribute('data-read')).toBe('true');
    expect(screen.getByTestId('kefu-tick-10').textContent).toContain('읽음');

    // The agent types, then answers: the dots show, then the answer, which is marked read.
    socket.push('typing', { conversationId: 3, from: 'staff', typing: true });
    expect(screen.getByTestId('kefu-typing')).toBeTruthy();
    socket.push('message', message(11, { sender: 'staff', agent: 'mina', text: 'Hello!' }));
    expect(screen.getByTestId('kefu-msg-11').textContent).toContain('Hello!');
    expect(screen.queryByTestId('kefu-typing')).toBeNull();
    await waitFor(() =>
      expect(api.call.mock.calls.filter(([n]) => n === 'supportRead')).toEqual([
        ['supportRead', { upTo: 11 }, { silent: true }],
      ]),
    );
  });

  it('sends what the customer types, with typing signals, and shows it', async () => {
    api.call.mockImplementation((name: string, body: { text?: string }) => {
      if (name === 'supportStatus') return Promise.resolve(status({ conversation: null }));
      if (name === 'supportHistory') return Promise.resolve({ rows: [], hasMore: false });
      if (name === 'supportSend') {
        return Promise.resolve({
          message: message(20, { text: body.text ?? '' }),
          conversation: conversation({ state: 'waiting', agent: null, agentId: null }),
        });
      }
      return Promise.reject(new Error(name));
    });
    await renderScreen();
    await screen.findByTestId('kefu-empty');
    const input = screen.getByTestId('kefu-input');
    fireEvent.change(input, { target: { value: 'Where is my deposit?' } });
    expect(socket.sent).toContainEqual({ event: 'typing', payload: { typing: true } });
    fireEvent.click(screen.getByTestId('kefu-send'));
    expect((await screen.findByTestId('kefu-msg-20')).textContent).toContain(
      'Where is my deposit?',
    );
    expect(api.call).toHaveBeenCalledWith('supportSend', { text: 'Where is my deposit?' });
    expect(socket.sent.at(-1)).toEqual({ event: 'typing', payload: { typing: false } });
    expect((input as HTMLTextAreaElement).value).toBe('');
  });

  it('offers the leave-a-message form while no agent is on shift, and the chat once one is', async () => {
    api.call.mockImplementation((name: string, body: { text?: string }) => {
      if (name === 'supportStatus') {
        return Promise.resolve(status({ agentsOnShift: 0, conversation: null }));
      }
      if (name === 'supportHistory') return Promise.resolve({ rows: [], hasMore: false });
      if (name === 'supportLeaveMessage') {
        return Promise.resolve({
          message: message(30, { text: body.text ?? '', left: true }),
          conversation: conversation({ state: 'waiting', agent: null, agentId: null }),
        });
      }
      return Promise.reject(new Error(name));
    });
    await renderScreen();
    await screen.findByTestId('kefu-leave');
    expect(screen.getByTestId('kefu-hours').textContent).toContain('09:00–18:00');
    expect(screen.queryByTestId('kefu-composer')).toBeNull();
    fireEvent.change(screen.getByTestId('kefu-leave-input'), {
      target: { value: 'Please call me' },
    });
    fireEvent.click(screen.getByTestId('kefu-leave-send'));
    await screen.findByTestId('kefu-msg-30');
    expect(screen.getByTestId('kefu-leave-done').textContent).not.toBe('');
    expect(api.call).toHaveBeenCalledWith('supportLeaveMessage', { text: 'Please call me' });

    // An agent goes on shift: the chat box replaces the form without a reload.
    socket.push('shift', { agentsOnShift: 1 });
    expect(screen.getByTestId('kefu-composer')).toBeTruthy();
    expect(screen.queryByTestId('kefu-leave')).toBeNull();
  });

  it("shows an agent's image pushed live, and the hours and form once the last agent is gone", async () => {
    const pixel =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    api.call.mockImplementation((name: string, body: { messageId?: number; upTo?: number }) => {
      if (name === 'supportStatus') return Promise.resolve(status());
      if (name === 'supportHistory')
        return Promise.resolve({ rows: [message(10)], hasMore: false });
      if (name === 'supportImage' && body.messageId === 12) {
        return Promise.resolve({ dataUrl: pixel });
      }
      if (name === 'supportRead') {
        return Promise.resolve(
          status({ conversation: conversation({ customerReadUpTo: body.upTo }) }),
        );
      }
      return Promise.reject(new Error(name));
    });
    await renderScreen();
    await screen.findByTestId('kefu-msg-10');
    socket.push(
      'message',
      message(12, { sender: 'staff', agent: 'mina', text: null, image: { width: 64, height: 48 } }),
    );
    const image = await screen.findByAltText('대화 속 이미지');
    expect(image.getAttribute('src')).toBe(pixel);
    expect(screen.getByTestId('kefu-msg-12').getAttribute('data-sender')).toBe('staff');
    expect(screen.getByTestId('kefu-composer')).toBeTruthy();

    // The last agent closed the desk (past the grace): the hours and the form, no reload.
    socket.push('shift', { agentsOnShift: 0 });
    expect(screen.getByTestId('kefu-leave')).toBeTruthy();
    expect(screen.queryByTestId('kefu-composer')).toBeNull();
    expect(screen.getByTestId('kefu-online').textContent).toBe(
      '지금은 근무 중인 상담원이 없습니다',
    );
  });

  it('closes the socket when the screen is left', async () => {
    api.call.mockImplementation((name: string) =>
      name === 'supportStatus'
        ? Promise.resolve(status())
        : Promise.resolve({ rows: [], hasMore: false }),
    );
    const view = await renderScreen();
    await screen.findByTestId('kefu-hours');
    view.unmount();
    expect(socket.disconnects()).toBe(1);
  });
});
