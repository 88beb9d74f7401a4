import { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadScreenTexts, startI18n, switchLocale } from '../i18n/i18n';
import { translateRefusal } from '../i18n/translateRefusal';
import { sessionStore } from '../session';
import { ApiError } from './ApiError';
import { createApiClient } from './createApiClient';

type Reply = { status: number; data: unknown } | Error;

/** A network stand-in: answers each request with the given reply and records what was sent. */
function fakeNetwork(reply: Reply) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    sent.push(config);
    if (reply instanceof Error) return Promise.reject(reply);
    return Promise.resolve({
      data: reply.data,
      status: reply.status,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
    });
  };
  return { adapter, sent };
}

function clientFor(reply: Reply) {
  const network = fakeNetwork(reply);
  const notify = vi.fn<(text: string) => void>();
  const navigate = vi.fn<(path: string) => void>();
  const client = createApiClient({
    session: () => sessionStore.get(),
    endSession: () => sessionStore.signOut(),
    notify,
    navigate,
    translate: translateRefusal,
    adapter: network.adapter,
  });
  return { client, notify, navigate, sent: network.sent };
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('API client', () => {
  beforeAll(async () => {
    await startI18n('kor');
    await loadScreenTexts();
  });
  beforeEach(async () => {
    localStorage.clear();
    sessionStore.reload();
    await switchLocale('kor');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the session and language headers to /api/vue with a 10 s timeout', async () => {
    sessionStore.signIn('tok-1', 'alice');
    sessionStore.setLanguage('en');
    const { client, sent, notify } = clientFor({
      status: 200,
      data: { status: 1, msg: '', data: 7 },
    });
    const response = await client.post<{ data: number }>('/user/info', {});
    expect(response.data.data).toBe(7);
    const config = sent[0];
    expect(config?.baseURL).toBe('/api/vue');
    expect(config?.timeout).toBe(10_000);
    expect(config?.headers.get('token')).toBe('tok-1');
    expect(config?.headers.get('account')).toBe('alice');
    expect(config?.headers.get('lang')).toBe('en');
    expect(notify).not.toHaveBeenCalled();
  });

  it('toasts the translated refusal and rejects with its code and params', async () => {
    const { client, notify } = clientFor({
      status: 400,
      data: {
        status: 0,
        code: 'account.wrong_credentials',
        params: {},
        msg: 'Wrong account or password.',
      },
    });
    const error = await refusal(client.post('/user/login', {}));
    expect(error.code).toBe('account.wrong_credentials');
    expect(error.httpStatus).toBe(400);
    expect(notify).toHaveBeenCalledWith(
      '계정 또는 비밀번호가 올바르지 않습니다. 여러 번 틀리면 잠시 로그인할 수 없습니다.',
    );
  });

  it('shows the word for error for an unknown refusal in Chinese', async () => {
    const { client, notify } = clientFor({
      status: 200,
      data: { status: 0, code: 'legacy.thing', params: {}, msg: '余额不足' },
    });
    const error = await refusal(client.post('/x', {}));
    expect(error.code).toBe('legacy.thing');
    expect(notify).toHaveBeenCalledWith('오류');
  });

  it('does not toast a silent call', async () => {
    const { client, notify } = clientFor({
      status: 500,
      data: { status: 0, code: 'system.busy', params: {}, msg: '' },
    });
    await refusal(client.post('/user/logout', {}, { silent: true }));
    expect(notify).not.toHaveBeenCalled();
  });

  it('on 401 clears the stored session at once and goes to re-login after 2 s', async () => {
    sessionStore.signIn('dead-token', 'bob');
    vi.useFakeTimers();
    const { client, navigate, notify } = clientFor({
      status: 401,
      data: { status: 0, code: 'auth.required', params: {}, msg: '' },
    });
    const error = await refusal(client.post('/user/info', {}));
    expect(error.code).toBe('auth.required');
    expect(localStorage.getItem('tokend')).toBeNull();
    expect(localStorage.getItem('account')).toBeNull();
    expect(notify).toHaveBeenCalledWith('세션이 만료되었습니다. 다시 로그인하세요.');
    // A second 401 in the same moment must not schedule a second redirect.
    await refusal(client.post('/user/info', {}));
    vi.advanceTimersByTime(1_999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login/reLogin');
  });

  it('sends an Idempotency-Key only when the call passes one', async () => {
    const { client, sent } = clientFor({ status: 200, data: { status: 1, msg: '', data: null } });
    await client.post('/user/addOptional', { symbol: '005930' }, { idempotencyKey: 'tap-1' });
    await client.post('/user/addOptional', { symbol: '005930' });
    expect(sent[0]?.headers.get('idempotency-key')).toBe('tap-1');
    expect(sent[1]?.headers.has('idempotency-key')).toBe(false);
  });

  it('still says why on a 401 of a silent call, since the customer is sent away', async () => {
    sessionStore.signIn('dead-token', 'bob');
    vi.useFakeTimers();
    const { client, notify } = clientFor({
      status: 401,
      data: { status: 0, code: 'auth.required', params: {}, msg: '' },
    });
    await refusal(client.post('/user/Optionallist', {}, { silent: true }));
    expect(notify).toHaveBeenCalledWith('세션이 만료되었습니다. 다시 로그인하세요.');
  });

  it('turns a timeout into "system busy"', async () => {
    const timeout = new AxiosError('timeout of 10000ms exceeded', AxiosError.ECONNABORTED);
    const { client, notify } = clientFor(timeout);
    const error = await refusal(client.post('/common/config', { type: 'all' }));
    expect(error.code).toBe('system.busy');
    expect(error.httpStatus).toBeNull();
    expect(notify).toHaveBeenCalledWith('시스템이 바쁩니다. 잠시 후 다시 시도하세요.');
  });

  it('turns an answer without an envelope (a proxy error page) into "system busy"', async () => {
    const { client, notify } = clientFor({ status: 502, data: '<html>Bad gateway</html>' });
    const error = await refusal(client.post('/user/info', {}));
    expect(error.code).toBe('system.busy');
    expect(notify).toHaveBeenCalledTimes(1);
  });
});
