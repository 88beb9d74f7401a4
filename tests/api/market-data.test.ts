import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CandlesDto,
  FeedInfoDto,
  FxRatesDto,
  IndexDetailDto,
  IndicesDto,
  IndustriesDto,
  InvestorTrendsDto,
  RankingsDto,
  SearchDto,
  ShortSellingDto,
  StockDetailDto,
} from '../../contract';
import { CALLS } from '../../contract';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';

/** The market calls answer from the running feed and always say the prices are simulated. */
describe.each(databaseKinds)('market data on %s', (kind) => {
  let t: TestApp;
  let session: Session;
  const ask = async <T>(name: keyof typeof CALLS, body: Record<string, unknown> = {}) =>
    expectSuccess<T>(await call(t.app, CALLS[name].path, body, { session }));

  beforeAll(async () => {
    t = await buildTestApp(kind);
    session = await registerCustomer(t.app, t.demoCode);
  });
  afterAll(async () => {
    await t.close();
  });

  const expectSimulated = (feed: FeedInfoDto) => {
    expect(feed.simulated).toBe(true);
    expect(feed.source).toBe('simulator');
    expect(feed.label.length).toBeGreaterThan(0);
  };

  it('needs a session', async () => {
    expectRefusal(
      await call(t.app, CALLS.stockDetail.path, { code: '005930' }),
      'auth.required',
      401,
    );
  });

  it('gives a stock with its 52-week range, market cap and industry, and no invented P/E', async () => {
    const { feed, stock } = await ask<StockDetailDto>('stockDetail', { code: '005930' });
    expectSimulated(feed);
    expect(stock.nameKo).toBe('삼성전자');
    expect(stock.market).toBe('KOSPI');
    expect(stock.industry.length).toBeGreaterThan(0);
    expect(stock.marketCap).toBe(stock.price * stock.listedShares);
    expect(stock.week52High).toBeGreaterThanOrEqual(stock.price);
    expect(stock.week52Low).toBeLessThanOrEqual(stock.price);
    expect(stock.week52Low).toBeGreaterThan(0);
    expect(stock).not.toHaveProperty('industryPe');
  });

  it('refuses an unknown or malformed stock code', async () => {
    expectRefusal(
      await call(t.app, CALLS.stockDetail.path, { code: '999999' }, { session }),
      'market.unknown_symbol',
      404,
    );
    expectRefusal(
      await call(t.app, CALLS.stockDetail.path, { code: 'samsung' }, { session }),
      'request.invalid',
      400,
      'code',
    );
  });

  it('gives the indices and an index with its 52-week range', async () => {
    const { feed, indices } = await ask<IndicesDto>('indices');
    expectSimulated(feed);
    expect(indices.map((i) => i.name)).toEqual(['KOSPI', 'KOSDAQ', 'KOSPI200']);
    const detail = await ask<IndexDetailDto>('indexDetail', { name: 'KOSPI' });
    expect(detail.index.name).toBe('KOSPI');
    expect(detail.week52High).toBeGreaterThanOrEqual(detail.week52Low);
    expectRefusal(
      await call(t.app, CALLS.indexDetail.path, { name: 'NIKKEI' }, { session }),
      'request.invalid',
      400,
      'name',
    );
  });

  it('gives candle history by interval, range and adjustment, for stocks and indices', async () => {
    const days = await ask<CandlesDto>('candles', {
      symbol: '005930',
      interval: '1d',
      range: '3m',
      adjust: 'forward',
    });
    expectSimulated(days.feed);
    expect(days.adjust).toBe('forward');
    expect(days.candles.length).toBeGreaterThan(40);
    expect(days.candles.length).toBeLessThan(95);
    const starts = days.candles.map((c) => c.start);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    for (const c of days.candles) {
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
    }
    const week = await ask<CandlesDto>('candles', {
      symbol: '005930',
      interval: '1d',
      range: '1w',
      adjust: 'none',
    });
    expect(week.candles.length).toBeLessThanOrEqual(7);
    const months = await ask<CandlesDto>('candles', {
      symbol: '005930',
      interval: '1M',
      range: '1y',
      adjust: 'backward',
    });
    expect(months.candles.length).toBeGreaterThanOrEqual(12);
    expect(months.candles.length).toBeLessThanOrEqual(14);
    const index = await ask<CandlesDto>('candles', {
      symbol: 'KOSPI',
      interval: '1w',
      range: '1y',
      adjust: 'backward',
    });
    expect(index.adjust).toBe('none');
    // The real index history ends on 2026-03-20; the live levels follow from the feed's start.
    expect(index.candles.length).toBeGreaterThan(0);
    // Minute candles exist only since the feed started, but the call answers.
    const minutes = await ask<CandlesDto>('candles', {
      symbol: '005930',
      interval: '1m',
      range: '1w',
      adjust: 'none',
    });
    expect(Array.isArray(minutes.candles)).toBe(true);
  });

  it('refuses bad candle requests with coded refusals', async () => {
    const base = { symbol: '005930', interval: '1d', range: '1m', adjust: 'none' };
    const refuse = async (
      body: object,
      code: 'request.invalid' | 'market.unknown_symbol',
      field?: string,
    ) =>
      expectRefusal(
        await call(t.app, CALLS.candles.path, { ...base, ...body }, { session }),
        code,
        code === 'market.unknown_symbol' ? 404 : 400,
        field,
      );
    await refuse({ interval: '2h' }, 'request.invalid', 'interval');
    await refuse({ range: '5y' }, 'request.invalid', 'range');
    await refuse({ adjust: 'sideways' }, 'request.invalid', 'adjust');
    await refuse({ symbol: 'S&P500' }, 'request.invalid', 'symbol');
    await refuse({ symbol: '000001' }, 'market.unknown_symbol');
  });

  it('ranks gainers, losers, volume and turnover, per market', async () => {
    const gainers = await ask<RankingsDto>('rankings', {
      kind: 'gainers',
      market: 'all',
      limit: 20,
    });
    expectSimulated(gainers.feed);
    expect(gainers.entries).toHaveLength(20);
    const rates = gainers.entries.map((e) => e.changeRate);
    expect([...rates].sort((a, b) => b - a)).toEqual(rates);
    const losers = await ask<RankingsDto>('rankings', {
      kind: 'losers',
      market: 'KOSDAQ',
      limit: 5,
    });
    expect(losers.entries.every((e) => e.market === 'KOSDAQ')).toBe(true);
    const volume = await ask<RankingsDto>('rankings', {
      kind: 'volume',
      market: 'KOSPI',
      limit: 5,
    });
    expect(volume.entries.every((e) => e.market === 'KOSPI')).toBe(true);
    const turnover = await ask<RankingsDto>('rankings', {
      kind: 'turnover',
      market: 'all',
      limit: 5,
    });
    const values = turnover.entries.map((e) => e.turnover);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expectRefusal(
      await call(
        t.app,
        CALLS.rankings.path,
        { kind: 'gainers', market: 'all', limit: 0 },
        { session },
      ),
      'request.invalid',
      400,
      'limit',
    );
    expectRefusal(
      await call(
        t.app,
        CALLS.rankings.path,
        { kind: 'gainers', market: 'NYSE', limit: 5 },
        { session },
      ),
      'request.invalid',
      400,
      'market',
    );
  });

  it('gives industry status with the leader named', async () => {
    const { feed, industries } = await ask<IndustriesDto>('industries', { market: 'KOSPI' });
    expectSimulated(feed);
    expect(industries.length).toBeGreaterThan(20);
    for (const g of industries.slice(0, 5)) {
      expect(g.advancers + g.decliners + g.unchanged).toBe(g.count);
      expect(g.leaderName.length).toBeGreaterThan(0);
    }
  });

  it('gives investor trends for a market and a stock, netting to zero across a market', async () => {
    const market = await ask<InvestorTrendsDto>('investorTrends', { scope: 'KOSPI' });
    expectSimulated(market.feed);
    const net = market.individual.netQty + market.foreign.netQty + market.institution.netQty;
    expect(net).toBe(0);
    const stock = await ask<InvestorTrendsDto>('investorTrends', { scope: '005930' });
    expect(stock.scope).toBe('005930');
    expectRefusal(
      await call(t.app, CALLS.investorTrends.path, { scope: 'Nasdaq' }, { session }),
      'request.invalid',
      400,
      'scope',
    );
    expectRefusal(
      await call(t.app, CALLS.investorTrends.path, { scope: '999999' }, { session }),
      'market.unknown_symbol',
      404,
    );
  });

  it('gives short selling, largest amounts first, and FX rates', async () => {
    const shorts = await ask<ShortSellingDto>('shortSelling', { market: 'all', limit: 10 });
    expectSimulated(shorts.feed);
    const amounts = shorts.entries.map((e) => e.shortAmount);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    for (const e of shorts.entries) expect(e.ratio).toBeLessThanOrEqual(1);
    const fx = await ask<FxRatesDto>('fxRates');
    expectSimulated(fx.feed);
    expect(fx.rates.map((r) => r.currency)).toContain('USD');
    expect(fx.rates.find((r) => r.currency === 'KRW')?.krwPerUnit).toBe(1);
  });

  it('searches by code and by Korean or English name, case-insensitively', async () => {
    const byKo = await ask<SearchDto>('search', { keyword: '삼성전자', limit: 10 });
    expectSimulated(byKo.feed);
    expect(byKo.results[0]?.code).toBe('005930');
    const byEn = await ask<SearchDto>('search', { keyword: 'samsung', limit: 10 });
    expect(byEn.results.map((r) => r.code)).toContain('005930');
    const upper = await ask<SearchDto>('search', { keyword: 'SAMSUNG ELEC', limit: 10 });
    expect(upper.results.map((r) => r.code)).toContain('005930');
    const byCode = await ask<SearchDto>('search', { keyword: '0059', limit: 3 });
    expect(byCode.results[0]?.code).toBe('005930');
    expect(byCode.results.length).toBeLessThanOrEqual(3);
    const none = await ask<SearchDto>('search', { keyword: 'zzzzqqq', limit: 10 });
    expect(none.results).toEqual([]);
    expectRefusal(
      await call(t.app, CALLS.search.path, { keyword: '   ', limit: 10 }, { session }),
      'request.required',
      400,
      'keyword',
    );
    expectRefusal(
      await call(t.app, CALLS.search.path, { keyword: 'x'.repeat(41), limit: 10 }, { session }),
      'request.too_long',
      400,
      'keyword',
    );
  });
});
