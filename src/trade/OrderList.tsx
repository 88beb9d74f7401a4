import { isInState } from '../../machines/state-value';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrdersDto, TradeOrderDto } from '../../contract/schemas/trade';
import { ORDER_TAB_STATES } from '../../contract/trade';
import type { OrderTab } from '../../contract/trade';
import { call } from '../api';
import { PagedListBody, usePagedList } from '../components/PagedList';
import type { Pages } from '../components/PagedList';
import { useQuotes } from '../market/live';
import { onLiveOrder, onLiveReconnect } from '../market/live/account-live';
import { useNow } from './lockClock';
import { OrderCard } from './OrderCard';
import { TotalsCard } from './TotalsCard';
import { isHolding, liveTotals, valuationOf } from './valuation';

export const PAGE_SIZE = 20;

type OrderPages = Pages<TradeOrderDto, OrdersDto>;

/**
 * Puts a newer version of an order into the list: in its place while its state still belongs to
 * the tab, else out of it (`refetch` then brings the first page and the totals anew). An older
 * version than the one shown is ignored. A holding row keeps the prices it was answered with: the
 * tab's totals were summed at those, and the live quote values the row anyway.
 */
export function mergeOrder(
  list: OrderPages,
  order: TradeOrderDto,
  tab: Exclude<OrderTab, 'all'>,
): { list: OrderPages; refetch: boolean } {
  const belongs = ORDER_TAB_STATES[tab].includes(order.state);
  const index = list.items.findIndex((row) => row.id === order.id);
  const current = list.items[index];
  if (!current) return { list, refetch: belongs };
  if (order.version <= current.version) return { list, refetch: false };
  const items = [...list.items];
  if (!belongs) {
    items.splice(index, 1);
    return { list: { ...list, items, total: Math.max(0, list.total - 1) }, refetch: true };
  }
  items[index] =
    isHolding(current) && isHolding(order)
      ? {
          ...order,
          marketPrice: current.marketPrice,
          marketValue: current.marketValue,
          unrealisedPnl: current.unrealisedPnl,
        }
      : order;
  return { list: { ...list, items }, refetch: false };
}

/** One tab's orders, page by page, valued live and kept current by the `/account` socket. */
export function OrderList({ tab }: { tab: Exclude<OrderTab, 'all'> }) {
  const { t } = useTranslation();
  const fetch = useCallback(
    (page: number) => call('tradeOrders', { tab, page, pageSize: PAGE_SIZE }),
    [tab],
  );
  const { list, setList, fetchPage, load, forget } = usePagedList(fetch, rowsOf);

  const apply = useCallback(
    (order: TradeOrderDto) => {
      setList((l) => {
        const { list: next, refetch } = mergeOrder(l, order, tab);
        if (refetch) queueMicrotask(() => fetchPage(1));
        return next;
      });
    },
    [tab, fetchPage, setList],
  );

  useEffect(() => {
    fetchPage(1);
    const stopOrders = onLiveOrder(apply);
    const stopReconnect = onLiveReconnect(() => fetchPage(1));
    return () => {
      forget();
      stopOrders();
      stopReconnect();
    };
  }, [fetchPage, apply, forget]);

  // Holding positions follow their symbols' quotes, one render per display frame.
  const symbols = useMemo(
    () =>
      tab === 'holding' ? [...new Set(list.items.filter(isHolding).map((r) => r.symbol))] : [],
    [tab, list.items],
  );
  const quotes = useQuotes(symbols);
  const prices = quotes.data ?? {};
  const now = useNow(list.items.some((row) => isInState(row.state, 'holding.locked')));

  return (
    <>
      {tab === 'holding' && list.answer && list.items.length > 0 ? (
        <TotalsCard totals={liveTotals(list.answer.totals, list.items, prices)} />
      ) : null}
      <PagedListBody
        list={list}
        load={load}
        testId="positions"
        listProps={{ 'data-tab': tab }}
        texts={{
          more: t('positions.more'),
          loadFailed: t('positions.loadFailed'),
          empty: t(`positions.empty.${tab}`),
        }}
      >
        {list.items.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            valuation={valuationOf(order, prices[order.symbol]?.price)}
            now={now}
            onChanged={apply}
          />
        ))}
      </PagedListBody>
    </>
  );
}

const rowsOf = (answer: OrdersDto) => answer.rows;
