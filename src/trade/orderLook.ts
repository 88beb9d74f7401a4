import { isInState } from '../../machines/state-value';
import type { TFunction } from 'i18next';
import { orderMachine } from '../../machines/order';
import type { TradeOrderDto } from '../../contract/schemas/trade';
import { paletteOf } from '../lifecycle/tones';
import type { LifecycleWords } from '../lifecycle/words';
import { formatChange, formatPrice } from '../market/format';
import { formatRecordTime } from '../information/recordTime';
import type { Valuation } from './valuation';

/** The lifecycle's entity type: its states' words are `order.<path>` in lifecycles.json. */
export const ORDER_ENTITY = 'order';

/** An order's badge: its state's words (the nested ones too: locked or closable) and the machine's tone. */
export function orderBadge(
  words: LifecycleWords,
  state: string,
): { label: string; palette: string } {
  return { label: words.state(ORDER_ENTITY, state), palette: paletteOf(orderMachine, state) };
}

export interface OrderField {
  key: string;
  label: string;
  value: string;
  /** Money that gains or loses: coloured red up, blue down (the Korean convention). */
  signed?: number;
}

const won = (value: number | null) => (value === null ? null : formatPrice(value));
const signedWon = (value: number) => formatChange(value);

/**
 * The buying and the selling leg of an order: a long buys when filled and sells when closed, a
 * short sells first and buys back.
 */
export function legsOf(order: TradeOrderDto) {
  const open = { at: order.filledAt, price: order.fillPrice };
  const close = { at: order.closedAt, price: order.closePrice };
  return order.side === 'long' ? { buy: open, sell: close } : { buy: close, sell: open };
}

/**
 * The spec's fields of an order, in the order a row reads them, leaving out what does not exist
 * yet (a sell price before the close, a market value after it). `full` adds what only the detail
 * shows (times of creation and settlement).
 */
export function orderFields(
  t: TFunction,
  language: string,
  order: TradeOrderDto,
  valuation: Valuation,
  { full = false }: { full?: boolean } = {},
): OrderField[] {
  const fields: OrderField[] = [];
  const add = (key: string, value: string | null, signed?: number) => {
    if (value !== null) fields.push({ key, label: t(`positions.field.${key}`), value, signed });
  };
  const time = (iso: string | null) => (iso === null ? null : formatRecordTime(iso, language));
  const { buy, sell } = legsOf(order);

  add('orderNo', order.orderNo);
  add('product', t(`positions.product.${order.product}`));
  add('side', t(`positions.side.${order.side}`));
  add(
    'type',
    order.type === 'limit' && order.limitPrice !== null
      ? `${t('positions.type.limit')} ${formatPrice(order.limitPrice)}`
      : t(`positions.type.${order.type}`),
  );
  if (full || isInState(order.state, 'pending')) add('createdAt', time(order.createdAt));
  add('buyTime', time(buy.at));
  add('buyPrice', won(buy.price));
  add('sellTime', time(sell.at));
  add('sellPrice', won(sell.price));
  add('quantity', t('positions.quantity', { lots: order.lots, shares: order.shares }));
  add('notional', won(order.notional));
  add('margin', won(order.margin));
  add('leverage', t('positions.leverage', { value: order.leverage }));
  if (isInState(order.state, 'holding.locked') || full) add('unlockAt', time(order.unlockAt));
  if (valuation.price !== null) add('marketPrice', won(valuation.price));
  if (valuation.marketValue !== null) add('marketValue', won(valuation.marketValue));
  if (valuation.unrealisedPnl !== null) {
    add('unrealisedPnl', signedWon(valuation.unrealisedPnl), valuation.unrealisedPnl);
  }
  add('fee', formatPrice(order.fee));
  add('tax', formatPrice(order.tax));
  if (order.realisedPnl !== null) {
    add('realisedPnl', signedWon(order.realisedPnl), order.realisedPnl);
  }
  if (order.closedBy !== null) add('closedBy', t(`positions.closedBy.${order.closedBy}`));
  if (order.cancelledBy !== null) {
    add('cancelledBy', t(`positions.cancelledBy.${order.cancelledBy}`));
  }
  if (full) add('settlesAt', time(order.settlesAt));
  return fields;
}
