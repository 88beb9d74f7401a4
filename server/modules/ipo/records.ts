import type { IpoRecordRowDto, IpoRecordTab, IpoRecordsDto } from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
import { subscriptionRecords } from './subscription-view';

/**
 * `/ipo/records` by tab. Each tab has a reader; the subscriptions tab is this module's, the
 * placements, auctions and allotments tabs are read by their own modules (placements and
 * auctions, corporate actions), which put their readers here. A tab without a reader answers
 * an empty page.
 */
export type IpoRecordReader = (
  db: Database | Transaction,
  customerId: number,
  paging: { page: number; pageSize: number },
) => Promise<{ rows: IpoRecordRowDto[]; total: number }>;

export const IPO_RECORD_READERS: Partial<Record<IpoRecordTab, IpoRecordReader>> = {
  subscriptions: subscriptionRecords,
  // placements, auctions, allotments: added by their modules (issue 12).
};

export async function ipoRecords(
  db: Database | Transaction,
  customerId: number,
  request: { tab: IpoRecordTab; page: number; pageSize: number },
): Promise<IpoRecordsDto> {
  const reader = IPO_RECORD_READERS[request.tab];
  const { rows, total } = reader ? await reader(db, customerId, request) : { rows: [], total: 0 };
  return { tab: request.tab, rows, page: request.page, pageSize: request.pageSize, total };
}
