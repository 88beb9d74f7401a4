import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchlistDto } from '../../contract';
import { CALLS, WATCHLIST_MAX } from '../../contract';
import { watchlistItems } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, customerIdOf, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';

/** The watchlist belongs to the signed-in customer: /user/Optionallist, add and remove. */
describe.each(databaseKinds)('watchlist on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;

  const list = async (who: Session) =>
    expectSuccess<WatchlistDto>(
      await call(t.app, CALLS.watchlist.path, { type: 'krw' }, { session: who }),
    );
  const add = async (who: Session, symbol: string) =>
    expectSuccess<WatchlistDto>(
      await call(t.app, CALLS.watchlistAdd.path, { symbol }, { session: who }),
    );
  const remove = async (who: Session, symbols: string[]) =>
    expectSuccess<WatchlistDto>(
      await call(t.app, CALLS.watchlistRemove.path, { symbols }, { session: who }),
    );

  beforeAll(async () => {
    t = await buildTestApp(kind);
    [alice, bob] = await Promise.all([
      registerCustomer(t.app, t.demoCode),
      registerCustomer(t.app, t.demoCode),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts empty, in the spec shape data.data, saying the feed is simulated', async () => {
    const answer = await list(alice);
    expect(answer.data).toEqual([]);
    expect(answer.feed.simulated).toBe(true);
  });

  it('adds symbols (twice is once), newest first, with prices', async () => {
    await add(alice, '005930');
    await add(alice, '000660');
    const answer = await add(alice, '005930');
    expect(answer.data.map((i) => i.symbol).sort()).toEqual(['000660', '005930']);
    const samsung = answer.data.find((i) => i.symbol === '005930');
    expect(samsung?.name).toBe('삼성전자');
    expect(samsung?.price).toBeGreaterThan(0);
    expect((await list(alice)).data).toHaveLength(2);
  });

  it("keeps one customer's list apart from another's", async () => {
    await add(bob, '035420');
    expect((await list(bob)).data.map((i) => i.symbol)).toEqual(['035420']);
    await remove(bob, ['005930', '035420']);
    expect((await list(bob)).data).toEqual([]);
    expect((await list(alice)).data.map((i) => i.symbol).sort()).toEqual(['000660', '005930']);
  });

  it('removes several at once and ignores symbols not on the list', async () => {
    await add(alice, '035720');
    const answer = await remove(alice, ['005930', '035720', '373220']);
    expect(answer.data.map((i) => i.symbol)).toEqual(['000660']);
  });

  it('refuses unknown or malformed symbols and bad types', async () => {
    expectRefusal(
      await call(t.app, CALLS.watchlistAdd.path, { symbol: '999999' }, { session: alice }),
      'market.unknown_symbol',
      404,
    );
    expectRefusal(
      await call(t.app, CALLS.watchlistAdd.path, { symbol: '5930' }, { session: alice }),
      'request.invalid',
      400,
      'symbol',
    );
    expectRefusal(
      await call(t.app, CALLS.watchlistRemove.path, { symbols: [] }, { session: alice }),
      'request.required',
      400,
      'symbols',
    );
    expectRefusal(
      await call(t.app, CALLS.watchlistRemove.path, { symbols: '005930' }, { session: alice }),
      'request.wrong_type',
      400,
      'symbols',
    );
    expectRefusal(
      await call(t.app, CALLS.watchlist.path, { type: 'usd' }, { session: alice }),
      'request.invalid',
      400,
      'type',
    );
    expectRefusal(await call(t.app, CALLS.watchlist.path, { type: 'krw' }), 'auth.required', 401);
    expect((await list(alice)).data.map((i) => i.symbol)).toEqual(['000660']);
  });

  it('refuses to grow past the limit', async () => {
    const carol = await registerCustomer(t.app, t.demoCode);
    const codes = t.app.maru.feed
      .instruments()
      .slice(0, WATCHLIST_MAX + 1)
      .map((x) => x.code);
    const info = await list(carol);
    expect(info.data).toEqual([]);
    // Fill through the table (a hundred calls would only slow the test), then ask for one more.
    const carolId = await customerIdOf(t.db, carol);
    await t.db
      .insert(watchlistItems)
      .values(codes.slice(0, WATCHLIST_MAX).map((symbol) => ({ customerId: carolId, symbol })));
    const refusal = expectRefusal(
      await call(
        t.app,
        CALLS.watchlistAdd.path,
        { symbol: codes[WATCHLIST_MAX] },
        { session: carol },
      ),
      'watchlist.full',
      400,
    );
    expect(refusal.params?.max).toBe(WATCHLIST_MAX);
  });
});
