import { Box, Button, Stack } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrdersDto, TradeOrderDto } from '../../contract/schemas/trade';
import { ORDER_TAB_STATES } from '../../contract/trade';
import type { OrderTab } from '../../contract/trade';
import { call } from '../api';
import { EmptyData } from '../components/EmptyData';
import { LoadError } from '../components/LoadError';
import { ListLoading } from '../information/LoadState';
import { useQuotes } from '../market/live';
import { onLiveOrder, onLiveReconnect } from '../market/live/account-live';
import { useNow } from './lockClock';
import { OrderCard } from './OrderCard';
import { TotalsCard } from './TotalsCard';
import { isHolding, liveTotals, valuationOf } from './valuation';

export const PAGE_SIZE = 20;

interface OrderPages {
  rows: TradeOrderDto[];
  total: number;
  page: number;
  totals: OrdersDto['totals'] | null;
  loading: boolean;
  failed: boolean;
}

const FIRST: OrderPages = {
  rows: [],
  total: 0,
  page: 0,
  totals: null,
  loading: true,
  failed: false,
};

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
  const index = list.rows.findIndex((row) => row.id === order.id);
  const current = list.rows[index];
  if (!current) return { list, refetch: belongs };
  if (order.version <= current.version) return { list, refetch: false };
  const rows = [...list.rows];
  if (!belongs) {
    rows.splice(index, 1);
    return { list: { ...list, rows, total: Math.max(0, list.total - 1) }, refetch: true };
  }
  rows[index] =
    isHolding(current) && isHolding(order)
      ? {
          ...order,
          marketPrice: current.marketPrice,
          marketValue: current.marketValue,
          unrealisedPnl: current.unrealisedPnl,
        }
      : order;
  return { list: { ...list, rows }, refetch: false };
}

/** One tab's orders, page by page, valued live and kept current by the `/account` socket. */
export function OrderList({ tab }: { tab: Exclude<OrderTab, 'all'> }) {
  const { t } = useTranslation();
  const [list, setList] = useState<OrderPages>(FIRST);
  // Only the latest request's answer is kept; none once the tab has gone.
  const request = useRef(0);

  const fetchPage = useCallback(
    (page: number) => {
      const ticket = ++request.current;
      call('tradeOrders', { tab, page, pageSize: PAGE_SIZE }).then(
        (answer) => {
          if (ticket !== request.current) return;
          setList((l) => ({
            rows: page === 1 ? answer.rows : [...l.rows, ...answer.rows],
            total: answer.total,
            page,
            totals: answer.totals,
            loading: false,
            failed: false,
          }));
        },
        () => {
          if (ticket === request.current) setList((l) => ({ ...l, loading: false, failed: true }));
        },
      );
    },
    [tab],
  );
  const load = (page: number) => {
    setList((l) => ({ ...l, loading: true, failed: false }));
    fetchPage(page);
  };

  const apply = useCallback(
    (order: TradeOrderDto) => {
      setList((l) => {
        const { list: next, refetch } = mergeOrder(l, order, tab);
        if (refetch) queueMicrotask(() => fetchPage(1));
        return next;
      });
    },
    [tab, fetchPage],
  );

  useEffect(() => {
    fetchPage(1);
    const stopOrders = onLiveOrder(apply);
    const stopReconnect = onLiveReconnect(() => fetchPage(1));
    return () => {
      request.current += 1;
      stopOrders();
      stopReconnect();
    };
  }, [fetchPage, apply]);

  // Holding positions follow their symbols' quotes, one render per display frame.
  const symbols = useMemo(
    () => (tab === 'holding' ? [...new Set(list.rows.filter(isHolding).map((r) => r.symbol))] : []),
    [tab, list.rows],
  );
  const quotes = useQuotes(symbols);
  const prices = quotes.data ?? {};
  const now = useNow(list.rows.some((row) => row.state === 'holding.locked'));

  let body;
  if (list.rows.length > 0) {
    body = (
      <Stack gap="3" data-testid="positions-list" data-tab={tab}>
        {list.rows.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            valuation={valuationOf(order, prices[order.symbol]?.price)}
            now={now}
            onChanged={apply}
          />
        ))}
        {list.rows.length < list.total ? (
          <Button
            variant="outline"
            loading={list.loading}
            onClick={() => load(list.page + 1)}
            data-testid="positions-more"
          >
            {t('positions.more')}
          </Button>
        ) : null}
        {list.failed ? (
          <LoadError testId="positions-more-error" onRetry={() => load(list.page + 1)} />
        ) : null}
      </Stack>
    );
  } else if (list.failed) {
    body = (
      <LoadError
        card
        testId="positions-error"
        text={t('positions.loadFailed')}
        onRetry={() => load(1)}
      />
    );
  } else if (list.loading) {
    body = <ListLoading testId="positions-loading" />;
  } else {
    body = (
      <Box bg="bg" borderRadius="xl" data-testid="positions-empty">
        <EmptyData text={t(`positions.empty.${tab}`)} />
      </Box>
    );
  }
  return (
    <>
      {tab === 'holding' && list.totals && list.rows.length > 0 ? (
        <TotalsCard totals={liveTotals(list.totals, list.rows, prices)} />
      ) : null}
      {body}
    </>
  );
}
