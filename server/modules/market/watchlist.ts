import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { WatchlistAddRequest, WatchlistDto, WatchlistRemoveRequest } from '../../../contract';
import { WATCHLIST_MAX } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { LiveSession } from '../../auth/sessions';
import { watchlistItems } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { feedInfo, instrumentOrRefuse } from './feed-info';

/**
 * The customer's watchlist in the spec's shape (`data.data`), newest first, each symbol with its
 * price now. A symbol the feed no longer lists is left out of the answer but kept in the table,
 * so it reappears if the listing comes back.
 */
export async function watchlist(context: AppContext, session: LiveSession): Promise<WatchlistDto> {
  const { feed, db } = context;
  const rows = await db
    .select({ symbol: watchlistItems.symbol, createdAt: watchlistItems.createdAt })
    .from(watchlistItems)
    .where(eq(watchlistItems.customerId, session.customer.id))
    .orderBy(desc(watchlistItems.createdAt), watchlistItems.symbol);
  const data = rows.flatMap(({ symbol, createdAt }) => {
    const instrument = feed.instrument(symbol);
    const quote = feed.quote(symbol);
    if (!instrument || !quote) return [];
    return [
      {
        symbol,
        name: instrument.nameKo,
        nameEn: instrument.nameEn,
        market: instrument.market,
        price: quote.price,
        change: quote.change,
        changeRate: quote.changeRate,
        addedAt: createdAt.toISOString(),
      },
    ];
  });
  return { feed: feedInfo(feed), data };
}

/**
 * Adds a listed stock. Adding one that is already there changes nothing (a double tap is not an
 * error). The count check and the insert share a transaction; on PostgreSQL the customer's rows
 * are locked first so two parallel adds cannot both pass the limit.
 */
export async function addToWatchlist(
  context: AppContext,
  session: LiveSession,
  body: WatchlistAddRequest,
): Promise<WatchlistDto> {
  const { feed, db } = context;
  const instrument = instrumentOrRefuse(feed, body.symbol);
  const customerId = session.customer.id;
  await db.transaction(async (tx) => {
    await tx
      .select({ symbol: watchlistItems.symbol })
      .from(watchlistItems)
      .where(eq(watchlistItems.customerId, customerId))
      .for('update');
    const [existing] = await tx
      .select({ symbol: watchlistItems.symbol })
      .from(watchlistItems)
      .where(
        and(eq(watchlistItems.customerId, customerId), eq(watchlistItems.symbol, instrument.code)),
      );
    if (existing) return;
    const [row] = await tx
      .select({ n: count() })
      .from(watchlistItems)
      .where(eq(watchlistItems.customerId, customerId));
    if ((row?.n ?? 0) >= WATCHLIST_MAX) {
      throw new ApiRefusal('watchlist.full', { max: WATCHLIST_MAX });
    }
    await tx
      .insert(watchlistItems)
      .values({ customerId, symbol: instrument.code })
      .onConflictDoNothing();
  });
  return watchlist(context, session);
}

/** Removes the given symbols; ones not on the list are ignored (removing is idempotent). */
export async function removeFromWatchlist(
  context: AppContext,
  session: LiveSession,
  body: WatchlistRemoveRequest,
): Promise<WatchlistDto> {
  const symbols = [...new Set(body.symbols)];
  await context.db
    .delete(watchlistItems)
    .where(
      and(
        eq(watchlistItems.customerId, session.customer.id),
        inArray(watchlistItems.symbol, symbols),
      ),
    );
  return watchlist(context, session);
}
