import type { InferType } from 'yup';
import type {
  BlockOfferingDto,
  TradeOrderDto,
  TradeProductDto,
  blockQueueResponse,
  staffOrderRow,
} from '../../../contract/schemas/trade';
import type { EntityViewDto } from '../../../contract/schemas/staff';

/** Answers of the trading staff calls, typed by the contract, for component tests. */

export function product(over: Partial<TradeProductDto> = {}): TradeProductDto {
  return {
    code: 'stock',
    lotSize: 1,
    leverages: [1, 2, 5],
    minOpenAmount: 100_000,
    lock: { kind: 'days', count: 1 },
    commissionPpm: 150,
    maintenancePct: 30,
    closesAtSessionEnd: false,
    enabled: true,
    openNow: true,
    ...over,
  };
}

export const products = () => ({
  products: [
    product(),
    product({
      code: 'dayTrading',
      lotSize: 10,
      leverages: [1, 5, 10],
      lock: { kind: 'minutes', count: 15 },
      closesAtSessionEnd: true,
      openNow: false,
    }),
    product({ code: 'bulkDayTrading', lotSize: 100, closesAtSessionEnd: true }),
    product({ code: 'block', leverages: [1], lock: { kind: 'days', count: 0 }, enabled: false }),
  ],
});

export function order(over: Partial<TradeOrderDto> = {}): TradeOrderDto {
  return {
    id: 12,
    orderNo: 'T12',
    product: 'stock',
    symbol: '005930',
    name: '삼성전자',
    side: 'long',
    type: 'limit',
    limitPrice: 71_000,
    lots: 10,
    shares: 10,
    leverage: 2,
    state: 'holding.locked',
    version: 2,
    accepts: ['order.forceClose', 'order.settle', 'lock.elapsed'],
    margin: 355_000,
    notional: 710_000,
    fillPrice: 71_000,
    filledAt: '2026-11-25T01:00:00Z',
    unlockAt: '2026-11-26T00:00:00Z',
    closePrice: null,
    closedAt: null,
    closedBy: null,
    cancelledBy: null,
    fee: 107,
    tax: 0,
    realisedPnl: null,
    settlesAt: null,
    marketPrice: 72_000,
    marketValue: 720_000,
    unrealisedPnl: 10_000,
    createdAt: '2026-11-25T00:59:00Z',
    updatedAt: '2026-11-25T01:00:00Z',
    ...over,
  };
}

type StaffOrderRow = InferType<typeof staffOrderRow>;

export function orderRow(over: Partial<StaffOrderRow> = {}): StaffOrderRow {
  return { ...order(), customerId: 7, account: 'hong', ...over };
}

export const orderPage = (rows: StaffOrderRow[], total = rows.length) => ({
  rows,
  page: 1,
  pageSize: 20,
  total,
});

export function orderEntity(over: Partial<EntityViewDto> = {}): EntityViewDto {
  return {
    entityType: 'order',
    entityId: '12',
    state: 'holding.locked',
    version: 2,
    accepts: ['order.forceClose', 'order.settle', 'lock.elapsed'],
    chartSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    transitions: [
      {
        at: '2026-11-25T01:00:00Z',
        event: 'order.fill',
        from: 'pending',
        to: 'holding.locked',
        actor: { kind: 'system', id: null, name: null, role: null },
        reason: null,
        machineVersion: 1,
      },
    ],
    ...over,
  };
}

export function offering(over: Partial<BlockOfferingDto> = {}): BlockOfferingDto {
  return {
    id: 3,
    symbol: '000660',
    name: 'SK하이닉스',
    price: 180_000,
    minShares: 100,
    opensAt: '2026-11-25T00:00:00Z',
    closesAt: '2026-11-27T00:00:00Z',
    open: true,
    demo: true,
    ...over,
  };
}

type BlockQueueDto = InferType<typeof blockQueueResponse>;
type Application = BlockQueueDto['rows'][number];

export function application(over: Partial<Application> = {}): Application {
  return {
    id: 21,
    offeringId: 3,
    customerId: 7,
    account: 'hong',
    symbol: '000660',
    name: 'SK하이닉스',
    price: 180_000,
    shares: 200,
    amount: 36_000_000,
    state: 'pending',
    version: 1,
    accepts: ['review.approve', 'review.reject'],
    createdAt: '2026-11-25T02:00:00Z',
    ...over,
  };
}

export const blockQueue = (over: Partial<BlockQueueDto> = {}): BlockQueueDto => ({
  rows: [application()],
  offerings: [offering()],
  ...over,
});
