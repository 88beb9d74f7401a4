import type { IpoRecordRowDto } from '../../../contract';
import { auctionRecordsPage } from '../auction/bids';
import { rightsAllotmentRecords } from '../corporate/rights';
import { placementRecordsPage } from '../placement/applications';
import type { IpoRecordReader } from './records';

/**
 * The records tabs that other modules own, read through their own readers and put in the
 * records' one row shape: placements (applications), auctions (bids) and allotments (rights-issue
 * applications). What each row's `allotted` and `amount` mean follows the spec's records: the
 * winning quantity, and what is paid up (or held while it is not).
 */
const recordNo = (prefix: string, id: number) => `${prefix}${String(id).padStart(8, '0')}`;

export const placementRecords: IpoRecordReader = async (db, customerId, paging, names) => {
  const { items, total } = await placementRecordsPage(db, customerId, paging.page, paging.pageSize);
  const rows = items.map((a): IpoRecordRowDto => ({
    id: a.id,
    kind: 'placements',
    recordNo: recordNo('PL', a.id),
    symbol: a.symbol,
    name: a.name,
    nameEn: names(a.symbol).nameEn,
    price: a.price,
    shares: a.shares,
    allotted: a.allotted,
    amount: a.paidUp > 0 ? a.paidUp : a.deposit,
    state: a.state,
    createdAt: a.createdAt,
  }));
  return { rows, total };
};

export const auctionRecords: IpoRecordReader = async (db, customerId, paging, names) => {
  const { items, total } = await auctionRecordsPage(db, customerId, paging.page, paging.pageSize);
  const rows = items.map((b): IpoRecordRowDto => ({
    id: b.id,
    kind: 'auctions',
    recordNo: recordNo('AU', b.id),
    symbol: b.symbol,
    name: b.name,
    nameEn: names(b.symbol).nameEn,
    price: b.price,
    shares: b.shares,
    allotted: b.won,
    amount: b.wonAmount ?? b.held,
    state: b.state,
    createdAt: b.createdAt,
  }));
  return { rows, total };
};

export const allotmentRecords: IpoRecordReader = async (db, customerId, paging, names) => {
  const page = await rightsAllotmentRecords(db, customerId, paging.page, paging.pageSize);
  const rows = page.rows.map((r): IpoRecordRowDto => ({
    id: r.id,
    kind: 'allotments',
    recordNo: recordNo('RT', r.id),
    symbol: r.symbol,
    ...names(r.symbol),
    price: r.price,
    shares: r.shares,
    allotted: r.shares,
    amount: r.amount,
    state: r.state,
    createdAt: r.createdAt,
  }));
  return { rows, total: page.total };
};
