import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API } from '../../../contract';
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
  defineCall(app, CUSTOMER_API, 'stockDetail', ({ maru, body }) =>
    answer(() => stockDetail(maru, body)),
  );
  defineCall(app, CUSTOMER_API, 'indexDetail', ({ maru, body }) =>
    answer(() => indexDetail(maru, body)),
  );
  defineCall(app, CUSTOMER_API, 'candles', ({ maru, body }) =>
    answer(() => candleHistory(maru, body)),
  );
  defineCall(app, CUSTOMER_API, 'indices', ({ maru }) => answer(() => indices(maru)));
  defineCall(app, CUSTOMER_API, 'rankings', ({ maru, body }) => answer(() => rankings(maru, body)));
  defineCall(app, CUSTOMER_API, 'industries', ({ maru, body }) =>
    answer(() => industries(maru, body)),
  );
  defineCall(app, CUSTOMER_API, 'investorTrends', ({ maru, body }) =>
    answer(() => investorTrends(maru, body)),
  );
  defineCall(app, CUSTOMER_API, 'shortSelling', ({ maru, body }) =>
    answer(() => shortSelling(maru, body)),
  );
  defineCall(app, CUSTOMER_API, 'fxRates', ({ maru }) => answer(() => fxRates(maru)));
  defineCall(app, CUSTOMER_API, 'search', ({ maru, body }) =>
    answer(() => searchInstruments(maru, body)),
  );
  defineCall(app, CUSTOMER_API, 'watchlist', ({ maru, session }) => watchlist(maru, session));
  defineCall(app, CUSTOMER_API, 'watchlistAdd', ({ maru, session, body }) =>
    addToWatchlist(maru, session, body),
  );
  defineCall(app, CUSTOMER_API, 'watchlistRemove', ({ maru, session, body }) =>
    removeFromWatchlist(maru, session, body),
  );
}
