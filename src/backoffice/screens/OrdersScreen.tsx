import { Alert, Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useLifecycleWords } from '../../lifecycle/words';
import { staffCall } from '../api';
import { PageTitle, Panel, ReloadButton, formatTime, useLoad } from '../parts/common';
import { PagedTable } from '../parts/PagedTable';
import { StateBadges } from '../parts/StateBadges';
import { ORDER_STATES, signedWon, won } from '../parts/trade';

const PAGE_SIZE = 20;
/** The filter's value for "every state" (the call then leaves `state` out). */
const ALL = 'all';

/**
 * Customers' orders and positions by account, order number or symbol, filtered by state, newest
 * first; each opens its read-only detail. Staff never act on an order, so no row has an action.
 */
export default function OrdersScreen() {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const stateParam = params.get('state') ?? ALL;
  const state = ORDER_STATES.includes(stateParam) ? stateParam : ALL;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(query);
  const { data, failed, loading, reload } = useLoad(
    () =>
      staffCall('ordersSearch', {
        ...(query ? { query } : {}),
        ...(state === ALL ? {} : { state }),
        page,
        pageSize: PAGE_SIZE,
      }).then((answer) => ({ ...answer, items: answer.rows })),
    `${query}:${state}:${page}`,
  );
  const go = (next: { q?: string; state?: string; page?: number }) =>
    setParams({
      q: next.q ?? query,
      state: next.state ?? state,
      page: String(next.page ?? 1),
    });
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim() });
  };

  return (
    <>
      <PageTitle actions={<ReloadButton onClick={reload} />}>{t('orders.title')}</PageTitle>
      <Stack gap="5">
        <Alert.Root status="info" data-testid="orders-read-only">
          <Alert.Indicator />
          <Alert.Description>{t('orders.readOnly')}</Alert.Description>
        </Alert.Root>
        <Panel>
          <form onSubmit={search}>
            <HStack mb="4" gap="2" wrap="wrap">
              <Input
                name="query"
                data-testid="order-query"
                aria-label={t('orders.searchPlaceholder')}
                placeholder={t('orders.searchPlaceholder')}
                value={draft}
                maxLength={64}
                maxW="md"
                size="sm"
                onChange={(e) => setDraft(e.currentTarget.value)}
              />
              <Button type="submit" size="sm" data-testid="order-search">
                {t('common.search')}
              </Button>
              <NativeSelect.Root size="sm" width="44">
                <NativeSelect.Field
                  data-testid="order-state-filter"
                  aria-label={t('orders.stateFilter')}
                  value={state}
                  onChange={(e) => go({ state: e.currentTarget.value })}
                >
                  <option value={ALL}>{t('orders.allStates')}</option>
                  {ORDER_STATES.map((path) => (
                    <option key={path} value={path}>
                      {'\u00a0\u00a0'.repeat(path.split('.').length - 1)}
                      {words.state('order', path)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </HStack>
          </form>
          <PagedTable
            testId="order-table"
            interactive
            state={{ loading, failed, data, reload }}
            rowKey={(o) => o.id}
            rowTestId={(o) => `order-row-${o.orderNo}`}
            onPage={(p) => go({ page: p })}
            columns={[
              {
                key: 'orderNo',
                header: t('orders.orderNo'),
                width: '6rem',
                cell: (o) => o.orderNo,
              },
              {
                key: 'account',
                header: t('orders.account'),
                width: '8rem',
                cell: (o) => o.account,
              },
              {
                key: 'symbol',
                header: t('orders.symbol'),
                full: (o) => `${o.name} ${o.symbol}`,
                cell: (o) => (
                  <>
                    {o.name}{' '}
                    <Text as="span" color="fg.muted">
                      {o.symbol}
                    </Text>
                  </>
                ),
              },
              {
                key: 'product',
                header: t('orders.product'),
                width: '8rem',
                cell: (o) => t(`trade.products.${o.product}`),
              },
              {
                key: 'side',
                header: t('orders.side'),
                width: '7rem',
                cell: (o) => `${t(`trade.sides.${o.side}`)} · ${t(`trade.types.${o.type}`)}`,
              },
              {
                key: 'lots',
                header: t('orders.lotsLeverage'),
                width: '6rem',
                align: 'end',
                cell: (o) => `${o.lots} · ${o.leverage}×`,
              },
              {
                key: 'margin',
                header: t('orders.margin'),
                width: '8rem',
                align: 'end',
                cell: (o) => won(o.margin),
              },
              {
                key: 'pnl',
                header: t('orders.pnl'),
                width: '8rem',
                align: 'end',
                cell: (o) => signedWon(o.realisedPnl ?? o.unrealisedPnl),
              },
              {
                key: 'state',
                header: t('orders.state'),
                width: '8rem',
                cell: (o) => <StateBadges entityType="order" state={o.state} />,
              },
              {
                key: 'createdAt',
                header: t('orders.createdAt'),
                width: '8rem',
                cell: (o) => formatTime(o.createdAt, i18n.language),
              },
              {
                key: 'open',
                header: null,
                width: '5rem',
                align: 'end',
                cell: (o) => (
                  <Button asChild size="xs" variant="outline">
                    <Link to={`/orders/detail?id=${o.id}`} data-testid={`order-open-${o.orderNo}`}>
                      {t('orders.open')}
                    </Link>
                  </Button>
                ),
              },
            ]}
          />
        </Panel>
      </Stack>
    </>
  );
}
