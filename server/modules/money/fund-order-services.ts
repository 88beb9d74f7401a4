import { exchangeRecords } from './exchange-records';
import { depositOrders, depositRecords } from './deposits/deposit-orders';
import type { FundOrderKindService, FundRecordSource } from './fund-orders';
import { tradeRecords } from './trade-records';
import { withdrawalOrders, withdrawalRecords } from './withdrawals';

/**
 * The fund-order kinds (deposits, withdrawals) and the record tabs' sources. A kind's module adds
 * itself here; the shared calls (cancel, detail, records, the one-open-order rule) ask each.
 */
export const FUND_ORDER_SERVICES: readonly FundOrderKindService[] = [
  depositOrders,
  withdrawalOrders,
];

export const FUND_RECORD_SOURCES: readonly FundRecordSource[] = [
  tradeRecords,
  depositRecords,
  withdrawalRecords,
  exchangeRecords,
];
