import type { TradeProductCode } from '../../../contract/trade';
import type { OrderSide } from '../../../contract/trade';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../market/parts/ListState';
import { useMarketCall } from '../../market/useMarketCall';
import { OrderTicket } from './OrderTicket';
import type { PickedPrice } from './OrderTicket';

/**
 * The ticket for one product, with the product's terms from `/trade/products`: loading, the error
 * with a retry, and "cannot be traded now" when the product is not listed or not enabled.
 */
export function TradeTicket({
  productCode,
  symbol,
  side,
  picked,
}: {
  productCode: TradeProductCode;
  symbol: string;
  side?: OrderSide;
  picked?: PickedPrice | null;
}) {
  const { t } = useTranslation();
  const products = useMarketCall('tradeProducts', {});
  const product = products.data?.products.find((p) => p.code === productCode && p.enabled);
  return (
    <ListState
      testId="ticket"
      loading={products.loading}
      failed={products.failed}
      empty={!product}
      emptyText={t('ticket.unavailable')}
      onRetry={products.reload}
    >
      {product && products.data ? (
        <OrderTicket
          product={product}
          meta={products.data}
          symbol={symbol}
          side={side}
          picked={picked}
        />
      ) : null}
    </ListState>
  );
}
