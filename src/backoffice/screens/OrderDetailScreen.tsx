import { Alert, Button, DataList, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TradeOrderDto } from '../../../contract/schemas/trade';
import { staffCall } from '../api';
import { BackToList, DetailOfId } from '../parts/DetailOfId';
import {
  LoadFailed,
  Loading,
  PageTitle,
  Panel,
  ReloadButton,
  formatTime,
  useLoad,
} from '../parts/common';
import { EntityLifecycle } from '../parts/EntityLifecycle';
import { StateBadges } from '../parts/StateBadges';
import { signedWon, won } from '../parts/trade';

/**
 * One customer's order, read-only: every field, and its lifecycle (the chart and history the
 * entity screen draws). Staff cannot fill, cancel or re-price an order (ARCHITECTURE, "Deliberate
 * differences"), so the screen has no action on it and says so.
 */
export default function OrderDetailScreen() {
  const { t } = useTranslation();
  return (
    <DetailOfId
      title={t('orders.detailTitle', { orderNo: '' })}
      missing={t('orders.noOrder')}
      missingTestId="order-none"
      listPath="/orders"
    >
      {(id) => <OrderDetail key={id} id={id} />}
    </DetailOfId>
  );
}

function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('ordersDetail', { id }),
    String(id),
  );
  if (loading && !data) return <Loading />;
  if (!data) return failed ? <LoadFailed onRetry={reload} /> : null;
  const { order } = data;
  return (
    <>
      <PageTitle
        actions={
          <>
            <BackToList to="/orders" />
            <Button asChild size="sm" variant="outline">
              <Link to={`/entities/order/${order.id}`} data-testid="order-open-entity">
                {t('entity.open.order')}
              </Link>
            </Button>
            <ReloadButton onClick={reload} />
          </>
        }
      >
        {t('orders.detailTitle', { orderNo: order.orderNo })}
      </PageTitle>
      <Stack gap="5">
        <Alert.Root status="info" data-testid="order-read-only">
          <Alert.Indicator />
          <Alert.Description>{t('orders.readOnly')}</Alert.Description>
        </Alert.Root>
        <Panel title={t('orders.fields')}>
          <OrderFields order={order} />
        </Panel>
        {/* Keyed by the version: a reload that finds the order changed reads its lifecycle again. */}
        <EntityLifecycle key={order.version} entityType="order" entityId={String(order.id)} />
      </Stack>
    </>
  );
}

function Row({ label, field, children }: { label: string; field: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={`order-field-${field}`}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** Every field of the order, in the order a position is read: what, how much, what it became. */
function OrderFields({ order }: { order: TradeOrderDto }) {
  const { t, i18n } = useTranslation();
  const time = (iso: string | null) => formatTime(iso, i18n.language);
  const f = (key: string) => t(`orders.f.${key}`);
  return (
    <DataList.Root orientation="horizontal" size="md" data-testid="order-fields">
      <Row label={f('orderNo')} field="orderNo">
        {order.orderNo}
      </Row>
      <Row label={f('symbol')} field="symbol">
        {`${order.name} (${order.symbol})`}
      </Row>
      <Row label={f('product')} field="product">
        {t(`trade.products.${order.product}`)}
      </Row>
      <Row label={f('side')} field="side">
        {t(`trade.sides.${order.side}`)}
      </Row>
      <Row label={f('type')} field="type">
        {t(`trade.types.${order.type}`)}
      </Row>
      <Row label={f('limitPrice')} field="limitPrice">
        {won(order.limitPrice)}
      </Row>
      <Row label={f('lots')} field="lots">
        {t('orders.lotsShares', { lots: order.lots, shares: order.shares })}
      </Row>
      <Row label={f('leverage')} field="leverage">
        {`${order.leverage}×`}
      </Row>
      <Row label={f('state')} field="state">
        <StateBadges entityType="order" state={order.state} />
      </Row>
      <Row label={f('version')} field="version">
        {order.version}
      </Row>
      <Row label={f('margin')} field="margin">
        {won(order.margin)}
      </Row>
      <Row label={f('notional')} field="notional">
        {won(order.notional)}
      </Row>
      <Row label={f('fillPrice')} field="fillPrice">
        {won(order.fillPrice)}
      </Row>
      <Row label={f('filledAt')} field="filledAt">
        {time(order.filledAt)}
      </Row>
      <Row label={f('unlockAt')} field="unlockAt">
        {time(order.unlockAt)}
      </Row>
      <Row label={f('marketPrice')} field="marketPrice">
        {won(order.marketPrice)}
      </Row>
      <Row label={f('marketValue')} field="marketValue">
        {won(order.marketValue)}
      </Row>
      <Row label={f('unrealisedPnl')} field="unrealisedPnl">
        {signedWon(order.unrealisedPnl)}
      </Row>
      <Row label={f('closePrice')} field="closePrice">
        {won(order.closePrice)}
      </Row>
      <Row label={f('closedAt')} field="closedAt">
        {time(order.closedAt)}
      </Row>
      <Row label={f('closedBy')} field="closedBy">
        {order.closedBy ? t(`orders.closedBy.${order.closedBy}`) : '—'}
      </Row>
      <Row label={f('cancelledBy')} field="cancelledBy">
        {order.cancelledBy ? t(`orders.cancelledBy.${order.cancelledBy}`) : '—'}
      </Row>
      <Row label={f('fee')} field="fee">
        {won(order.fee)}
      </Row>
      <Row label={f('tax')} field="tax">
        {won(order.tax)}
      </Row>
      <Row label={f('realisedPnl')} field="realisedPnl">
        {signedWon(order.realisedPnl)}
      </Row>
      <Row label={f('settlesAt')} field="settlesAt">
        {time(order.settlesAt)}
      </Row>
      <Row label={f('createdAt')} field="createdAt">
        {time(order.createdAt)}
      </Row>
      <Row label={f('updatedAt')} field="updatedAt">
        {time(order.updatedAt)}
      </Row>
    </DataList.Root>
  );
}
