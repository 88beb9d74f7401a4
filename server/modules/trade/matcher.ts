import { inArray } from 'drizzle-orm';
import { atMaintenance, positionPnl } from '../../../contract';
import type { AppContext } from '../../app-context';
import { tradeOrders } from '../../db/schema';
import { Refusal } from '../../refusal';
import { closePosition } from './close-order';
import { fillRestingOrder } from './fill-order';
import type { OrderRow } from './order-ledger';
import { HOLDING_STATES } from './order-view';
import { tradedThrough } from './pricing';
import { tradingOpen } from './trading-time';

/**
 * The trading engine's sweep (docs/trading.md "The engine"): what the market does to open orders.
 * - a resting limit order whose price the market's last trade reached fills at its limit;
 * - a position whose equity fell to its product's maintenance margin is closed at the market;
 * - a day-trading position still open at the session's end is closed at the last price.
 * Each runs in its own transaction through the order machine; two processes sweeping at once
 * cannot both apply one (the second is refused as a conflict and skipped). Unlocks and expiries
 * are clock jobs (server/lifecycle/jobs), not the sweep's.
 */

export interface SweepSummary {
  filled: number;
  forced: number;
  settled: number;
  skipped: number;
}

type Action = 'fill' | 'margin' | 'sessionEnd' | null;

/** What the market asks of one open order now, if anything. */
export function dueAction(maru: AppContext, row: OrderRow, now: Date): Action {
  const quote = maru.feed.quote(row.symbol);
  if (!quote) return null;
  const session = maru.feed.session();
  const open = tradingOpen(session, quote.market);
  const side = row.side;
  if (row.state === 'pending') {
    // An order rests until the session's end: one whose expiry job has not run yet (the job
    // runner was down overnight, or lags behind a sweep) is not filled on a later session.
    if (!open || row.limitPrice === null || now.getTime() >= row.expiresAt.getTime()) return null;
    return tradedThrough(side, row.limitPrice, quote.price) ? 'fill' : null;
  }
  if (row.terms.closesAtSessionEnd && now.getTime() >= row.expiresAt.getTime()) {
    return 'sessionEnd';
  }
  const fill = row.context.fillPrice;
  if (!open || fill === null || row.terms.maintenancePct <= 0) return null;
  const pnl = positionPnl(side, fill, quote.price, row.shares);
  return atMaintenance(row.margin, pnl, row.terms.maintenancePct) ? 'margin' : null;
}

/**
 * One sweep as of `now` (default: the app's clock), one time for every row it looks at. Tests pass
 * a `now` to run the sweep at a session's end without simulating the market up to it, as they run
 * due jobs at their due time.
 */
export async function sweepOrders(
  maru: AppContext,
  onError: (error: unknown) => void = () => {},
  now: Date = maru.clock.now(),
): Promise<SweepSummary> {
  const summary: SweepSummary = { filled: 0, forced: 0, settled: 0, skipped: 0 };
  const rows = await maru.db
    .select()
    .from(tradeOrders)
    .where(inArray(tradeOrders.state, ['pending', ...HOLDING_STATES]));
  const system = { kind: 'system' as const, id: null };
  for (const row of rows) {
    const action = dueAction(maru, row, now);
    if (action === null) continue;
    try {
      if (action === 'fill') {
        await fillRestingOrder(maru, row, now);
        summary.filled += 1;
      } else {
        await closePosition(maru, row, action, system, now);
        if (action === 'margin') summary.forced += 1;
        else summary.settled += 1;
      }
    } catch (error) {
      // Another process (or the customer) got there first, or the price went away: next sweep.
      if (error instanceof Refusal) summary.skipped += 1;
      else onError(error);
    }
  }
  return summary;
}

export interface Matcher {
  stop(): Promise<void>;
}

/** Sweeps every `pollMs` (0: never; tests call sweepOrders themselves). */
export function startMatcher(
  maru: AppContext,
  options: { pollMs: number; onError: (error: unknown) => void },
): Matcher {
  if (options.pollMs <= 0) return { stop: () => Promise.resolve() };
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    // One sweep at a time: a slow one delays the next rather than overlapping it.
    running = running
      .then(() => (stopped ? null : sweepOrders(maru, options.onError)))
      .catch(options.onError);
  }, options.pollMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
