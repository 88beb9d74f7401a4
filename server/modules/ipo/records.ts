import type { IpoRecordRowDto, IpoRecordTab, IpoRecordsDto } from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
import { allotmentRecords, auctionRecords, placementRecords } from './other-records';
import { subscriptionRecords } from './subscription-view';

/** A stock's names in the records (the feed's listing), for rows whose module keeps only one. */
export type RecordNames = (symbol: string) => { name: string; nameEn: string };

/**
 * `/ipo/records` by tab. Each tab has a reader; the subscriptions tab is this module's, the
 * placements, auctions and allotments tabs are read by their own modules (placements and
 * auctions, corporate actions) through other-records.ts.
 */
export type IpoRecordReader = (
  db: Database | Transaction,
  customerId: number,
  paging: { page: number; pageSize: number },
  names: RecordNames,
) => Promise<{ rows: IpoRecordRowDto[]; total: number }>;

export const IPO_RECORD_READERS: Record<IpoRecordTab, IpoRecordReader> = {
  subscriptions: subscriptionRecords,
  placements: placementRecords,
  auctions: auctionRecords,
  allotments: allotmentRecords,
};

export async function ipoRecords(
  db: Database | Transaction,
  customerId: number,
  request: { tab: IpoRecordTab; page: number; pageSize: number },
  names: RecordNames,
): Promise<IpoRecordsDto> {
  const { rows, total } = await IPO_RECORD_READERS[request.tab](db, customerId, request, names);
  return { tab: request.tab, rows, page: request.page, pageSize: request.pageSize, total };
}
