import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { candleHistory } from './candles';
import { fxRates, indices } from './indices';
import { industries } from './industries';
import { investorTrends } from './investor-trends';
import { rankings } from './rankings';
import { searchInstruments } from './search';
import { shortSelling } from './short-selling';
import { indexDetail, stockDetail } from './stock-detail';
import { addToWatchlist, removeFromWatchlist, watchlist } from './watchlist';

/** Runs a synchronous read as the promise defineCall expects; a refusal it throws rejects it. */
const answer = <T>(read: () => T): Promise<T> => new Promise((resolve) => resolve(read()));

/**
 * Market data and the watchlist. Prices come from `app.maru.feed` only (ARCHITECTURE rule 4);
 * every answer says whether they are simulated. All calls need a signed-in customer.
 */
export function registerMarketModule(app: FastifyInstance): void {
  const context = app.maru;
  defineCall(app, CALLS.stockDetail, ({ body }) => answer(() => stockDetail(context, body)));
  defineCall(app, CALLS.indexDetail, ({ body }) => answer(() => indexDetail(context, body)));
  defineCall(app, CALLS.candles, ({ body }) => answer(() => candleHistory(context, body)));
  defineCall(app, CALLS.indices, () => answer(() => indices(context)));
  defineCall(app, CALLS.rankings, ({ body }) => answer(() => rankings(context, body)));
  defineCall(app, CALLS.industries, ({ body }) => answer(() => industries(context, body)));
  defineCall(app, CALLS.investorTrends, ({ body }) => answer(() => investorTrends(context, body)));
  defineCall(app, CALLS.shortSelling, ({ body }) => answer(() => shortSelling(context, body)));
  defineCall(app, CALLS.fxRates, () => answer(() => fxRates(context)));
  defineCall(app, CALLS.search, ({ body }) => answer(() => searchInstruments(context, body)));
  defineCall(app, CALLS.watchlist, ({ session }) => watchlist(context, session));
  defineCall(app, CALLS.watchlistAdd, ({ session, body }) =>
    addToWatchlist(context, session, body),
  );
  defineCall(app, CALLS.watchlistRemove, ({ session, body }) =>
    removeFromWatchlist(context, session, body),
  );
}
