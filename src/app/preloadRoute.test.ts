import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_HEADER, API_BASE, TOKEN_HEADER } from '../../contract/constants';
import { CALL_PATHS } from '../../contract/paths';
import { EARLY_CALL_TTL_MS, startEarlyCall, takeEarlyCall } from '../api/earlyCall';
import { sessionStore } from '../session';
import { startScreenEarly } from './earlyScreen';
import { preloadRoute } from './preloadRoute';
import { SCREENS } from './screens';

const screen = (path: string) => {
  const found = SCREENS.find((s) => s.path === path);
  if (!found) throw new Error(`no screen ${path}`);
  return found.Screen;
};

let fetches: { url: string; init: RequestInit }[];
let answer: () => Promise<Response>;

beforeEach(() => {
  fetches = [];
  answer = () =>
    Promise.resolve(
      new Response(JSON.stringify({ status: 1, msg: '', data: { stock: { code: '005930' } } })),
    );
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    fetches.push({ url, init });
    return answer();
  });
  sessionStore.signIn('tok-1', 'acct-1');
});
afterEach(() => {
  // Drop whatever a test left unused.
  void takeEarlyCall('stockDetail', { code: '005930' });
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  sessionStore.signOut();
});

describe('starting the screen on the address from the entry', () => {
  it('starts the stock detail detail call, with the session', async () => {
    startScreenEarly('#/market/stockDetail?code=005930');
    expect(fetches).toHaveLength(1);
    expect(fetches[0]?.url).toBe(`${API_BASE}${CALL_PATHS.stockDetail}`);
    const headers = fetches[0]?.init.headers as Record<string, string>;
    expect(headers[TOKEN_HEADER]).toBe('tok-1');
    expect(headers[ACCOUNT_HEADER]).toBe('acct-1');
    expect(JSON.parse(fetches[0]?.init.body as string)).toEqual({ code: '005930' });
    // The screen's own call (same name, same body) gets the answer, once.
    await expect(takeEarlyCall('stockDetail', { code: '005930' })).resolves.toEqual({
      stock: { code: '005930' },
    });
    expect(takeEarlyCall('stockDetail', { code: '005930' })).toBeNull();
  });

  it('asks for the code as the screen does (upper case), and nothing without a code', () => {
    startScreenEarly('#/market/stockDetail?code=abc');
    expect(JSON.parse(fetches[0]?.init.body as string)).toEqual({ code: 'ABC' });
    void takeEarlyCall('stockDetail', { code: 'ABC' });
    startScreenEarly('#/market/stockDetail');
    expect(fetches).toHaveLength(1);
  });

  it('starts nothing when signed out (the router sends to the login), or for other screens', () => {
    startScreenEarly('#/market/index');
    sessionStore.signOut();
    startScreenEarly('#/market/stockDetail?code=005930');
    expect(fetches).toHaveLength(0);
  });
});

describe('preloading the screen on the address', () => {
  it('starts the screen (chunk and texts) with the session, and no call of its own', () => {
    const preload = vi.spyOn(screen('/market/stockDetail'), 'preload').mockImplementation(() => {});
    preloadRoute('#/market/stockDetail?code=005930');
    expect(preload).toHaveBeenCalledOnce();
    expect(fetches).toHaveLength(0);
  });

  it('leaves a session screen alone when signed out: the router sends to the login', () => {
    sessionStore.signOut();
    const preload = vi.spyOn(screen('/market/stockDetail'), 'preload');
    preloadRoute('#/market/stockDetail?code=005930');
    expect(preload).not.toHaveBeenCalled();
    expect(fetches).toHaveLength(0);
  });

  it('preloads the start screen for the bare address, and nothing for an unknown one', () => {
    sessionStore.signOut();
    const start = vi.spyOn(screen('/login/start'), 'preload').mockImplementation(() => {});
    preloadRoute('');
    preloadRoute('#/');
    expect(start).toHaveBeenCalledTimes(2);
    preloadRoute('#/no/such/screen');
    expect(start).toHaveBeenCalledTimes(2);
    expect(fetches).toHaveLength(0);
  });
});

describe('early calls', () => {
  it('hands over nothing for another body', () => {
    void startEarlyCall('stockDetail', { code: '005930' });
    expect(takeEarlyCall('stockDetail', { code: '000660' })).toBeNull();
  });

  it('answers undefined for a refusal, a 401 or no network, so the screen calls again', async () => {
    answer = () =>
      Promise.resolve(
        new Response(JSON.stringify({ status: 0, code: 'market.unknown_symbol', msg: 'x' }), {
          status: 400,
        }),
      );
    void startEarlyCall('stockDetail', { code: '005930' });
    await expect(takeEarlyCall('stockDetail', { code: '005930' })).resolves.toBeUndefined();
    answer = () => Promise.resolve(new Response('{"status":0}', { status: 401 }));
    void startEarlyCall('stockDetail', { code: '005930' });
    await expect(takeEarlyCall('stockDetail', { code: '005930' })).resolves.toBeUndefined();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    void startEarlyCall('stockDetail', { code: '005930' });
    await expect(takeEarlyCall('stockDetail', { code: '005930' })).resolves.toBeUndefined();
  });

  it('is not used once it is older than its time to live', () => {
    vi.useFakeTimers();
    void startEarlyCall('stockDetail', { code: '005930' });
    vi.advanceTimersByTime(EARLY_CALL_TTL_MS + 1);
    expect(takeEarlyCall('stockDetail', { code: '005930' })).toBeNull();
  });

  it('is the answer of the API call for the same name and body, without another request', async () => {
    const { call } = await import('../api/calls');
    void startEarlyCall('stockDetail', { code: '005930' });
    await expect(call('stockDetail', { code: '005930' })).resolves.toEqual({
      stock: { code: '005930' },
    });
    expect(fetches).toHaveLength(1);
  });
});
