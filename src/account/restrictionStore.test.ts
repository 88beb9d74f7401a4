import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/calls';
import { apiClient } from '../api/client';
import { sessionStore } from '../session';
import { refreshAccountStatus, resetAccountStatus } from './restrictionStore';

/**
 * The API client reports a restriction refusal (403 account.*) to the store, which then reads
 * /account/status; other refusals do not.
 */
const FROZEN = {
  restrictions: [{ name: 'frozen', reason: 'Court order' }],
  blocked: ['signIn', 'useAccount', 'trade', 'deposit', 'withdraw'],
};
const paths: string[] = [];

function answer(config: InternalAxiosRequestConfig, status: number, data: unknown) {
  return Promise.resolve({ data, status, statusText: '', headers: {}, config });
}

const adapter: AxiosAdapter = (config) => {
  paths.push(config.url ?? '');
  if (config.url === '/account/status') return answer(config, 200, { status: 1, data: FROZEN });
  if (config.url === '/user/info')
    return answer(config, 403, { status: 0, code: 'account.frozen', params: {} });
  return answer(config, 400, { status: 0, code: 'request.invalid', params: {} });
};

describe('the restriction store', () => {
  beforeEach(() => {
    paths.length = 0;
    apiClient.defaults.adapter = adapter;
    localStorage.clear();
    sessionStore.reload();
    sessionStore.signIn('tok', 'alice');
    resetAccountStatus();
  });

  it('reads the account status when a call is refused for a restriction', async () => {
    const store = await import('./restrictionStore');
    await expect(call('info', {}, { silent: true })).rejects.toMatchObject({
      code: 'account.frozen',
    });
    await vi.waitFor(() => expect(paths).toContain('/account/status'));
    await refreshAccountStatus(); // joins the read already under way
    // The status belongs to the signed-in account; another account sees none of it.
    const { renderHook } = await import('@testing-library/react');
    const { result } = renderHook(() => store.useKnownAccountStatus());
    expect(result.current).toEqual(FROZEN);
    sessionStore.signIn('tok2', 'bob');
    const other = renderHook(() => store.useKnownAccountStatus());
    expect(other.result.current).toBeNull();
  });

  it('leaves other refusals alone', async () => {
    await expect(call('kycStatus', {}, { silent: true })).rejects.toMatchObject({
      code: 'request.invalid',
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(paths).toEqual(['/kyc/status']);
  });
});
