import { AxiosHeaders } from 'axios';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import { createEnvelopeClient } from './createEnvelopeClient';

/** The factory as the back office configures it: its own base, header and 401 rule. */
function staffStyleClient(reply: { status: number; data: unknown }) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    sent.push(config);
    return Promise.resolve({ ...reply, statusText: '', headers: new AxiosHeaders(), config });
  };
  const notify = vi.fn<(text: string) => void>();
  const onUnauthorized = vi.fn<() => void>();
  const translate = vi.fn((code: string, _params: unknown, msg: string | undefined) =>
    msg ? `${code}: ${msg}` : code,
  );
  let token: string | null = 'staff-tok';
  const client = createEnvelopeClient({
    baseURL: '/api/staff',
    headers: () => ({ 'staff-token': token, lang: 'en' }),
    onUnauthorized,
    toastUnauthorizedWhenSilent: false,
    notify,
    translate,
    adapter,
  });
  return { client, sent, notify, onUnauthorized, signOut: () => (token = null) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('createEnvelopeClient', () => {
  it('sends the given headers, leaving out empty ones, and the idempotency key', async () => {
    const net = staffStyleClient({ status: 200, data: { status: 1, msg: '', data: 1 } });
    await net.client.post('/x', {}, { idempotencyKey: 'k' });
    net.signOut();
    await net.client.post('/x', {});
    expect(net.sent[0]?.baseURL).toBe('/api/staff');
    expect(net.sent[0]?.headers.get('staff-token')).toBe('staff-tok');
    expect(net.sent[0]?.headers.get('idempotency-key')).toBe('k');
    expect(net.sent[1]?.headers.has('staff-token')).toBe(false);
    expect(net.sent[1]?.headers.get('lang')).toBe('en');
  });

  it('hands a 401 to onUnauthorized and keeps a silent call quiet when told to', async () => {
    const net = staffStyleClient({
      status: 401,
      data: { status: 0, code: 'auth.required', params: {}, msg: 'Sign in again' },
    });
    const quiet = await failure(net.client.post('/x', {}, { silent: true }));
    expect(quiet.code).toBe('auth.required');
    expect(net.notify).not.toHaveBeenCalled();
    await failure(net.client.post('/x', {}));
    expect(net.notify).toHaveBeenCalledWith('auth.required: Sign in again');
    expect(net.onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('rejects a refusal with its code, params and status, toasting the translated text', async () => {
    const net = staffStyleClient({
      status: 422,
      data: { status: 0, code: 'request.idempotency_mismatch', params: { a: 1 }, msg: 'no' },
    });
    const error = await failure(net.client.post('/x', {}));
    expect([error.code, error.params, error.httpStatus]).toEqual([
      'request.idempotency_mismatch',
      { a: 1 },
      422,
    ]);
    expect(net.notify).toHaveBeenCalledWith('request.idempotency_mismatch: no');
  });
});
