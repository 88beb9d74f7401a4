import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../contract/constants';
import { CALL_PATHS } from '../../contract/paths';
import { fetchConfigItems } from './fetchConfigItems';
import { startConfigEarly } from './requestConfig';

let fetches: string[];

beforeEach(() => {
  fetches = [];
  vi.stubGlobal('fetch', (url: string) => {
    fetches.push(url);
    return Promise.resolve(
      new Response(JSON.stringify({ status: 1, msg: '', data: [{ name: 'title', value: 'M' }] })),
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the start-up config sent from the entry', () => {
  it('is the answer start-up reads, once; a later read (a retry) asks again', async () => {
    startConfigEarly();
    expect(fetches).toEqual([`${API_BASE}${CALL_PATHS.config}`]);
    await expect(fetchConfigItems()).resolves.toEqual([{ name: 'title', value: 'M' }]);
    expect(fetches).toHaveLength(1);
    await fetchConfigItems();
    expect(fetches).toHaveLength(2);
  });

  it("fails as the app's own request would when there is no network", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    startConfigEarly();
    await expect(fetchConfigItems()).rejects.toMatchObject({
      code: 'system.busy',
      httpStatus: null,
    });
  });
});
