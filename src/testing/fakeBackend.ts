/**
 * A fake customer backend for component tests of whole screens: the REST calls (through the real
 * envelope client, so a 500 envelope and a dropped connection fail as they do in the app) and the
 * live market hooks answer according to one switchable mode. `screenStates.test.tsx` renders every
 * screen under every mode.
 */
import { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosAdapter } from 'axios';
import { useEffect, useSyncExternalStore } from 'react';
import { CALL_PATHS } from '../../contract/paths';
import type {
  Candle,
  FeedSessionState,
  FxRate,
  IndexQuote,
  OrderBookSnapshot,
  Quote,
  RankingEntry,
  RankingKind,
  Trade,
} from '../../contract/market';
import type { CallName } from '../../contract/calls';
import type { DataOf } from '../api';
import type { Currency } from '../../contract/money';
import type { LiveValue } from '../market/live';
import {
  WORKED_SEED,
  drawnOffering,
  ipoDetail,
  ipoOffering,
  ipoRecords,
  ipoSubscription,
  ipoSubscriptionDetail,
  workedDraw,
} from './ipoFixtures';

/**
 * hang: nothing ever answers. empty: empty lists and nulls. fail500: a 500 with the error
 * envelope (and live channels in error). network: no connection. slow: the data after a delay.
 * data: the data at once.
 */
export type BackendMode = 'hang' | 'empty' | 'fail500' | 'network' | 'slow' | 'data';

/**
 * Slow answers (REST and live) wait until the test has seen the loading state and calls
 * `backend.answerSlow()`: a fixed delay was shorter than a screen's first render on a slow, busy
 * machine, and the data then arrived before the loading state could be seen. This is only the
 * limit, for a test that never calls it.
 */
export const SLOW_LIMIT_MS = 5_000;

let openSlowGate: () => void = () => undefined;
let slowGate: Promise<void> = Promise.resolve();

/** Closes the gate for a new slow period (and lets through what waited at the last one). */
function closeSlowGate(): void {
  openSlowGate();
  slowGate = new Promise((resolve) => {
    openSlowGate = resolve;
    setTimeout(resolve, SLOW_LIMIT_MS);
  });
}

const NAME_BY_PATH = new Map<string, CallName>(
  Object.entries(CALL_PATHS).map(([name, path]) => [path, name as CallName]),
);

const FEED = { simulated: true, source: 'simulator', demo: true, label: 'Demo' } as const;
const NOW = Date.UTC(2026, 10, 20, 1, 0, 0);
const side = (netAmount: number) => ({
  buyQty: 10,
  sellQty: 5,
  netQty: 5,
  buyAmount: 2_000_000_000,
  sellAmount: 2_000_000_000 - netAmount,
  netAmount,
});
const quoteOf = (code: string, name: string, price: number): Quote => ({
  code,
  name,
  nameEn: name,
  market: 'KOSPI',
  time: NOW,
  price,
  prevClose: price - 400,
  change: 400,
  changeRate: 0.012,
  open: price - 200,
  high: price + 600,
  low: price - 500,
  volume: 12_345,
  turnover: 2_460_000_000,
  marketCap: 1_180_000_000_000_000,
  upperLimit: 258_500,
  lowerLimit: 139_300,
  bid: price - 100,
  ask: price,
  vi: false,
  halted: false,
  afterHoursPrice: null,
  simulated: true,
});
const indexOf = (name: IndexQuote['name'], value: number): IndexQuote => ({
  name,
  time: NOW,
  value,
  prevClose: value - 10,
  change: 10,
  changeRate: 0.004,
  open: value - 5,
  high: value + 8,
  low: value - 12,
  simulated: true,
});
const candles: Candle[] = Array.from({ length: 5 }, (_, i) => ({
  start: NOW - (5 - i) * 86_400_000,
  open: 100 + i,
  high: 104 + i,
  low: 98 + i,
  close: 102 + i,
  volume: 1000,
  turnover: 100_000,
}));
const balance = (currency: Currency, total: number) => ({
  currency,
  total,
  available: total,
  held: 0,
});
/** Samsung Electronics' KRX industry, with the translations of scripts/industry-names.csv. */
const TELECOM_EQUIPMENT = {
  ko: '통신 및 방송 장비 제조업',
  en: 'Telecom and broadcasting equipment',
  'zh-CN': '通信及广播设备制造业',
  'zh-TW': '通訊及廣播設備製造業',
};

/** A registered card as the customer sees it: the number masked. */
const CARD = {
  id: 7,
  holder: '홍길동',
  bank: 'KB국민은행',
  branch: '여의도지점',
  bankCode: '004',
  masked: '1234 **** **** 5678',
  createdAt: '2026-11-02T03:00:00Z',
};

/** A registered USDT wallet (a real TRC20 address) with its payment QR. */
const WALLET = {
  id: 3,
  currency: 'USDT',
  type: 'TRC20' as const,
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  qr: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
  createdAt: '2026-11-02T03:00:00Z',
};

const NO_RESTRICTIONS = { restrictions: [], blocked: [] };

/** Demo mode: deposits and withdrawals around the clock. */
const DEMO_WINDOW = {
  opens: '00:00',
  closes: '23:59',
  businessDaysOnly: false,
  openNow: true,
  demo: true,
};

/** A deposit just made, pending review: the customer may still cancel it. */
const DEPOSIT = {
  id: 41,
  kind: 'deposit' as const,
  orderNo: 'D41',
  currency: 'KRW' as const,
  amount: 500_000,
  state: 'pending.waiting',
  version: 1,
  accepts: ['deposit.cancel'],
  reason: null,
  expectedArrival: null,
  destination: null,
  reference: null,
  createdAt: '2026-11-20T01:00:00Z',
  updatedAt: '2026-11-20T01:00:00Z',
};

/** A KRW to USD quote, valid for 30 seconds from the fixtures' clock. */
const QUOTE = {
  quoteId: 'q-1',
  from: 'KRW' as const,
  to: 'USD' as const,
  amount: 1_000_000,
  rate: '0.00072',
  receive: 72_000,
  fee: 150,
  expiresAt: new Date(NOW + 30_000).toISOString(),
};
const EXCHANGE = {
  id: 9,
  orderNo: 'X9',
  rate: '0.00072',
  fee: 150,
  sold: { entryId: 1, currency: 'KRW' as const, amount: -1_000_000 },
  bought: { entryId: 2, currency: 'USD' as const, amount: 72_000 },
  createdAt: '2026-11-20T01:00:00Z',
};

/** A pending deposit as the records and its detail show it. */
const FUND_ORDER: DataOf<'fundOrderCancel'> = {
  ...DEPOSIT,
  createdAt: '2026-11-20T01:02:03Z',
  updatedAt: '2026-11-20T01:02:03Z',
};
const RECORD_ROW: DataOf<'fundRecord'>['items'][number] = {
  id: 41,
  type: 'recharge',
  orderNo: 'D41',
  time: '2026-11-20T01:02:03Z',
  state: 'pending.waiting',
  amount: 500_000,
  currency: 'KRW',
  counterAmount: null,
  counterCurrency: null,
  reason: null,
};

/** A long position held and closable, valued at the fixtures' quote (tests vary it). */
export const POSITION: DataOf<'tradeClose'> = {
  id: 7,
  orderNo: 'T7',
  product: 'stock',
  symbol: '005930',
  name: '삼성전자',
  nameEn: 'SAMSUNG ELECTRONICS',
  side: 'long',
  type: 'market',
  limitPrice: null,
  lots: 1,
  shares: 10,
  leverage: 2,
  state: 'holding.closable',
  version: 3,
  accepts: ['order.close', 'order.forceClose', 'order.settle'],
  margin: 995_000,
  notional: 1_990_000,
  fillPrice: 199_000,
  filledAt: '2026-11-20T00:30:00Z',
  unlockAt: '2026-11-20T00:45:00Z',
  closePrice: null,
  closedAt: null,
  closedBy: null,
  cancelledBy: null,
  fee: 299,
  tax: 0,
  realisedPnl: null,
  settlesAt: null,
  marketPrice: 199_400,
  marketValue: 1_994_000,
  unrealisedPnl: 4_000,
  createdAt: '2026-11-20T00:30:00Z',
  updatedAt: '2026-11-20T00:45:00Z',
};
const NO_TOTALS = { margin: 0, marketValue: 0, unrealisedPnl: 0 };

/** A product as `/trade/products` lists it, open now; component tests build theirs with it too. */
export const product = (
  code: DataOf<'tradeProducts'>['products'][number]['code'],
  over: Partial<DataOf<'tradeProducts'>['products'][number]>,
): DataOf<'tradeProducts'>['products'][number] => ({
  code,
  lotSize: 1,
  leverages: [1],
  minOpenAmount: 0,
  lock: { kind: 'minutes', count: 0 },
  commissionPpm: 150,
  maintenancePct: 50,
  closesAtSessionEnd: false,
  enabled: true,
  openNow: true,
  ...over,
});

/** A demo offering of Samsung below the live price, and the customer's approved application. */
// Service (issue 13)
const WEEK = [
  '2026-11-14',
  '2026-11-15',
  '2026-11-16',
  '2026-11-17',
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
];
const CHECK_IN: DataOf<'checkInStatus'> = {
  today: '2026-11-20',
  checkedInToday: false,
  streak: 3,
  total: 5,
  unspent: 2,
  points: 80,
  week: WEEK.map((date, i) => ({ date, checkedIn: i >= 4 })),
  rewards: [{ id: 4, title: 'Fee-free order', kind: 'commission_coupon', checkInsRequired: 3 }],
  coupons: 1,
  redemptions: [
    {
      id: 9,
      title: 'Fee-free order',
      kind: 'commission_coupon',
      checkInsSpent: 3,
      usedOrderId: null,
      createdAt: '2026-11-19T01:00:00Z',
    },
  ],
};
const CHECK_IN_EMPTY: DataOf<'checkInStatus'> = {
  ...CHECK_IN,
  streak: 0,
  total: 0,
  unspent: 0,
  points: 0,
  week: WEEK.map((date) => ({ date, checkedIn: false })),
  rewards: [],
  coupons: 0,
  redemptions: [],
};
// Customer service (issue 13): a conversation with an agent, and one message each way.
const SUPPORT_CONVERSATION: NonNullable<DataOf<'supportStatus'>['conversation']> = {
  id: 3,
  state: 'assigned',
  version: 1,
  accepts: ['chat.release', 'chat.close'],
  agent: 'mina',
  agentId: 2,
  reopenings: 0,
  customerReadUpTo: 11,
  staffReadUpTo: 10,
  unread: 0,
  lastMessageAt: '2026-11-20T01:01:00Z',
};
const SUPPORT_MESSAGES: DataOf<'supportHistory'>['rows'] = [
  {
    id: 10,
    conversationId: 3,
    sender: 'customer',
    agent: null,
    text: 'How do I withdraw?',
    image: null,
    left: false,
    createdAt: '2026-11-20T01:00:00Z',
  },
  {
    id: 11,
    conversationId: 3,
    sender: 'staff',
    agent: 'mina',
    text: 'Open Mine, then Withdraw.',
    image: null,
    left: false,
    createdAt: '2026-11-20T01:01:00Z',
  },
];
const SUPPORT_HOURS = { opens: 540, closes: 1080, timeZone: 'Asia/Seoul', open: true };
const SUPPORT_STATUS: DataOf<'supportStatus'> = {
  agentsOnShift: 1,
  hours: SUPPORT_HOURS,
  conversation: SUPPORT_CONVERSATION,
};
const SUPPORT_STATUS_EMPTY: DataOf<'supportStatus'> = {
  agentsOnShift: 0,
  hours: SUPPORT_HOURS,
  conversation: null,
};
const SUPPORT_SENT: DataOf<'supportSend'> = {
  message: SUPPORT_MESSAGES[0] as DataOf<'supportSend'>['message'],
  conversation: SUPPORT_CONVERSATION,
};
const PROFILE: DataOf<'profile'> = {
  account: 'hong',
  accountMasked: 'h***',
  accountId: '10000001',
  nickname: '바다',
  avatar: null,
  kycState: 'passed',
  institution: 'Demo',
  seat: {
    state: 'rejected',
    version: 2,
    accepts: ['seat.apply'],
    rejectionReason: 'Trading history too short',
    commissionPpm: 100,
  },
};
const PROFILE_EMPTY: DataOf<'profile'> = {
  ...PROFILE,
  nickname: null,
  kycState: 'unverified',
  seat: {
    state: 'none',
    version: 0,
    accepts: ['seat.apply'],
    rejectionReason: null,
    commissionPpm: 100,
  },
};

const MESSAGES: DataOf<'msgList'>['items'] = [
  {
    id: 7,
    kind: 'event',
    code: 'kyc.rejected',
    title: '실명 인증 반려',
    body: '실명 인증이 반려되었습니다. 사유: 사진이 흐립니다. 다시 제출해 주세요.',
    read: false,
    createdAt: '2026-11-20T01:00:00Z',
    entityType: 'kyc',
    entityId: 1,
  },
  {
    id: 6,
    kind: 'announcement',
    code: null,
    title: '점검 안내',
    body: '내일 새벽 점검이 있습니다.',
    read: true,
    createdAt: '2026-11-19T01:00:00Z',
    entityType: null,
    entityId: null,
  },
];

const BLOCK_LIST: DataOf<'blockList'> = {
  offerings: [
    {
      id: 3,
      symbol: '005930',
      name: '삼성전자',
      price: 189_400,
      minShares: 100,
      opensAt: '2026-11-20T00:00:00Z',
      closesAt: '2026-12-20T00:00:00Z',
      open: true,
      demo: true,
    },
  ],
  applications: [
    {
      id: 21,
      offeringId: 3,
      symbol: '005930',
      name: '삼성전자',
      price: 189_400,
      shares: 100,
      amount: 18_940_000,
      state: 'approved',
      version: 1,
      accepts: [],
      reason: null,
      orderId: 7,
      createdAt: '2026-11-20T01:00:00Z',
    },
  ],
};

/**
 * Corporate actions (docs/corporate-actions.md): a coming demo dividend, a rights issue offered to
 * the customer (open, 4 of 5 shares left), a dividend paid net of 15.4 %, and one application.
 */
const CORPORATE_LIST: DataOf<'corporateList'> = {
  upcoming: [
    {
      id: 1,
      kind: 'dividend',
      symbol: '005930',
      name: '삼성전자',
      recordAt: '2026-11-28T02:00:00Z',
      payAt: '2026-12-05T02:00:00Z',
      windowClosesAt: null,
      perShare: 361,
      issuePrice: null,
      ratioPpm: null,
      demo: true,
    },
  ],
  rights: [
    {
      id: 4,
      symbol: '000660',
      name: 'SK하이닉스',
      recordAt: '2026-11-24T02:00:00Z',
      windowClosesAt: '2026-12-20T02:00:00Z',
      listingAt: '2026-12-24T02:00:00Z',
      issuePrice: 805_600,
      ratioPpm: 200_000,
      sharesHeld: 25,
      entitled: 5,
      applied: 1,
      open: true,
      state: 'recorded',
      demo: true,
    },
  ],
  dividends: [
    {
      actionId: 3,
      symbol: '005930',
      name: '삼성전자',
      recordAt: '2026-11-10T02:00:00Z',
      payAt: '2026-11-20T02:00:00Z',
      sharesHeld: 25,
      perShare: 361,
      gross: 9_025,
      tax: 1_389,
      net: 7_636,
      paidAt: '2026-11-20T02:00:00Z',
      state: 'paid',
      demo: false,
    },
  ],
  applications: [
    {
      id: 9,
      actionId: 4,
      symbol: '000660',
      name: 'SK하이닉스',
      price: 805_600,
      shares: 1,
      amount: 805_600,
      state: 'applied',
      version: 0,
      accepts: ['rights.pay', 'rights.refuse', 'rights.lapse'],
      reason: null,
      orderId: null,
      createdAt: '2026-11-24T03:00:00Z',
    },
  ],
};

/** Placements and auctions (issue 12): a demo placement in progress and an allotment to pay up. */
const PLACEMENT_LIST: DataOf<'placementList'> = {
  placements: [
    {
      id: 4,
      symbol: '000660',
      name: 'SK하이닉스',
      price: 180_000,
      sharesOffered: 100_000,
      tiers: [
        { minShares: 10, allotPct: 50 },
        { minShares: 100, allotPct: 80 },
      ],
      minShares: 10,
      depositPct: 50,
      opensAt: '2026-11-20T00:00:00Z',
      closesAt: '2026-12-20T00:00:00Z',
      paymentHours: 48,
      state: 'inProgress',
      demo: true,
    },
  ],
  applications: [
    {
      id: 31,
      placementId: 4,
      symbol: '000660',
      name: 'SK하이닉스',
      price: 180_000,
      shares: 20,
      deposit: 1_800_000,
      allotted: 10,
      allottedAmount: 1_800_000,
      paidUp: 0,
      payBy: '2026-12-22T00:00:00Z',
      orderId: null,
      state: 'allotted.pendingPayment',
      version: 1,
      accepts: ['placement.pay', 'payment.deadline'],
      createdAt: '2026-11-20T01:00:00Z',
    },
  ],
};

/** A demo auction in progress and a winning bid that became a position. */
const AUCTION_LIST: DataOf<'auctionList'> = {
  auctions: [
    {
      id: 5,
      symbol: '035420',
      name: 'NAVER',
      sharesOffered: 5_000,
      reservePrice: 180_000,
      minShares: 10,
      opensAt: '2026-11-20T00:00:00Z',
      closesAt: '2026-12-20T00:00:00Z',
      state: 'inProgress',
      demo: true,
      lowestWinningPrice: null,
    },
  ],
  bids: [
    {
      id: 41,
      auctionId: 5,
      symbol: '035420',
      name: 'NAVER',
      price: 190_000,
      shares: 10,
      held: 1_900_285,
      won: 10,
      wonAmount: 1_900_000,
      orderId: 7,
      state: 'won',
      version: 1,
      accepts: [],
      createdAt: '2026-11-20T01:00:00Z',
    },
  ],
};

const PLACEMENT_APPLICATION = PLACEMENT_LIST.applications[0] as DataOf<'placementApply'>;
const AUCTION_BID = AUCTION_LIST.bids[0] as DataOf<'auctionBid'>;

/** Two shares of Samsung at 199,400 with 5× leverage: margin, fee and what it takes. */
const TRADE_PREVIEW: DataOf<'tradePreview'> = {
  price: 199_400,
  shares: 2,
  notional: 398_800,
  margin: 79_760,
  fee: 60,
  tax: 0,
  total: 79_820,
  available: 1_234_500,
  lowerLimit: 139_300,
  upperLimit: 258_500,
  unlockAt: '2026-11-21T00:00:00Z',
  refusal: null,
};

/** That order placed and resting at its limit. */
const TRADE_ORDER: DataOf<'tradePlace'> = {
  id: 77,
  orderNo: 'T77',
  product: 'stock',
  symbol: '005930',
  name: '삼성전자',
  nameEn: 'SAMSUNG ELECTRONICS',
  side: 'long',
  type: 'limit',
  limitPrice: 199_400,
  lots: 2,
  shares: 2,
  leverage: 5,
  state: 'pending',
  version: 1,
  accepts: ['order.cancel'],
  margin: 79_760,
  notional: 398_800,
  fillPrice: null,
  filledAt: null,
  unlockAt: null,
  closePrice: null,
  closedAt: null,
  closedBy: null,
  cancelledBy: null,
  fee: 60,
  tax: 0,
  realisedPnl: null,
  settlesAt: null,
  marketPrice: null,
  marketValue: null,
  unrealisedPnl: null,
  createdAt: '2026-11-20T01:00:00Z',
  updatedAt: '2026-11-20T01:00:00Z',
};

/** News (issue 13): what the list, a stock's panel and the detail show with data. */
const NEWS_ITEM_LIMIT: DataOf<'newsDetail'> = {
  id: 42,
  lang: 'en',
  title: 'Samsung Electronics hits its upper limit',
  summary: 'Samsung Electronics (005930) rose 30.00% to its daily upper price limit.',
  coverUrl: null,
  tags: ['market', 'stocks'],
  stockCodes: ['005930'],
  hot: false,
  source: 'system',
  kind: 'limit_up',
  simulated: true,
  publishedAt: '2026-11-20T00:50:00Z',
  body: '',
};
const NEWS_ITEMS: DataOf<'newsList'>['items'] = [
  {
    id: 41,
    lang: 'en',
    title: '[Sample] Welcome to Maru News',
    summary: 'Market news, IPO dates and service notices in one place.',
    coverUrl: null,
    tags: ['notice'],
    stockCodes: [],
    hot: true,
    source: 'sample',
    kind: null,
    simulated: false,
    publishedAt: '2026-11-20T00:40:00Z',
  },
  (({ body: _body, ...item }) => item)(NEWS_ITEM_LIMIT),
];

/**
 * What each REST call answers with data, and empty. Every call a screen makes must be here. Typed
 * by the contract's response schemas, so a fixture that falls behind the contract fails tsc.
 */
export const REST: { [N in CallName]?: { data: DataOf<N>; empty: DataOf<N> } } = {
  info: {
    data: {
      account: 'hong',
      accountId: '10000001',
      kycState: 'passed',
      creditScore: 100,
      avatar: null,
      institution: 'MARU',
      fundPasswordSet: true,
      balances: [balance('KRW', 1_234_500), balance('USD', 1000)],
      states: {
        frozen: false,
        disabled: false,
        loginBanned: false,
        tradingBarred: false,
        withdrawalBarred: false,
      },
      createdAt: '2026-01-01T00:00:00Z',
    },
    empty: {
      account: 'hong',
      accountId: '10000001',
      kycState: 'unverified',
      creditScore: 0,
      avatar: null,
      institution: '',
      fundPasswordSet: false,
      balances: [],
      states: {
        frozen: false,
        disabled: false,
        loginBanned: false,
        tradingBarred: false,
        withdrawalBarred: false,
      },
      createdAt: '2026-01-01T00:00:00Z',
    },
  },
  kycStatus: {
    data: {
      state: 'passed',
      version: 3,
      accepts: [],
      rejectionReason: null,
      submissions: 1,
      realName: '홍길동',
      idNumber: '900101-1******',
      frontPhotoId: 'f',
      backPhotoId: 'b',
    },
    empty: {
      state: 'unverified',
      version: 0,
      accepts: ['kyc.submit'],
      rejectionReason: null,
      submissions: 0,
      realName: null,
      idNumber: null,
      frontPhotoId: null,
      backPhotoId: null,
    },
  },
  stockDetail: {
    data: {
      feed: FEED,
      stock: {
        code: '005930',
        nameKo: '삼성전자',
        nameEn: 'SAMSUNG ELECTRONICS',
        market: 'KOSPI',
        industry: TELECOM_EQUIPMENT.ko,
        industryNames: TELECOM_EQUIPMENT,
        listedShares: 5_919_637_922,
        price: 199_400,
        prevClose: 199_000,
        change: 400,
        changeRate: 0.002,
        open: 199_000,
        high: 200_000,
        low: 198_500,
        volume: 12_345,
        turnover: 2_460_000_000,
        marketCap: 1_180_000_000_000_000,
        upperLimit: 258_500,
        lowerLimit: 139_300,
        week52High: 251_000,
        week52Low: 148_200,
        vi: false,
        halted: false,
        time: NOW,
      },
    },
    // A stock with no trade yet today: no open/high/low.
    empty: {
      feed: FEED,
      stock: {
        code: '005930',
        nameKo: '삼성전자',
        nameEn: 'SAMSUNG ELECTRONICS',
        market: 'KOSPI',
        industry: '',
        industryNames: { ko: '', en: '', 'zh-CN': '', 'zh-TW': '' },
        listedShares: 0,
        price: 0,
        prevClose: 0,
        change: 0,
        changeRate: 0,
        open: null,
        high: null,
        low: null,
        volume: 0,
        turnover: 0,
        marketCap: 0,
        upperLimit: 0,
        lowerLimit: 0,
        week52High: 0,
        week52Low: 0,
        vi: false,
        halted: false,
        time: 0,
      },
    },
  },
  indexDetail: {
    data: { feed: FEED, index: indexOf('KOSPI', 2650.12), week52High: 2900, week52Low: 2300 },
    empty: {
      feed: FEED,
      index: { ...indexOf('KOSPI', 0), open: null, high: null, low: null },
      week52High: 0,
      week52Low: 0,
    },
  },
  candles: {
    data: { feed: FEED, symbol: '005930', interval: '1d', adjust: 'none', candles },
    empty: { feed: FEED, symbol: '005930', interval: '1d', adjust: 'none', candles: [] },
  },
  industries: {
    data: {
      feed: FEED,
      industries: [
        {
          industry: TELECOM_EQUIPMENT.ko,
          industryNames: TELECOM_EQUIPMENT,
          count: 12,
          changeRate: 0.01,
          advancers: 8,
          decliners: 3,
          unchanged: 1,
          turnover: 1_000_000_000,
          leaderCode: '005930',
          leaderName: '삼성전자',
          leaderNameEn: 'SAMSUNG ELECTRONICS',
          leaderChangeRate: 0.02,
        },
      ],
    },
    empty: { feed: FEED, industries: [] },
  },
  investorTrends: {
    data: {
      feed: FEED,
      scope: 'KOSPI',
      date: '2026-11-20',
      individual: side(-1_200_000_000),
      foreign: side(900_000_000),
      institution: side(300_000_000),
    },
    // A day without flows yet.
    empty: {
      feed: FEED,
      scope: 'KOSPI',
      date: '2026-11-20',
      individual: side(0),
      foreign: side(0),
      institution: side(0),
    },
  },
  shortSelling: {
    data: {
      feed: FEED,
      entries: [
        {
          code: '005930',
          name: '삼성전자',
          nameEn: 'SAMSUNG ELECTRONICS',
          market: 'KOSPI',
          date: '2026-11-20',
          shortQty: 100,
          shortAmount: 19_940_000,
          volume: 12_345,
          ratio: 0.008,
        },
      ],
    },
    empty: { feed: FEED, entries: [] },
  },
  search: {
    data: {
      feed: FEED,
      results: [
        {
          code: '005930',
          nameKo: '삼성전자',
          nameEn: 'SAMSUNG ELECTRONICS',
          market: 'KOSPI',
          price: 199_400,
          changeRate: 0.012,
        },
      ],
    },
    empty: { feed: FEED, results: [] },
  },
  watchlist: {
    data: {
      feed: FEED,
      data: [
        {
          symbol: '005930',
          name: '삼성전자',
          nameEn: 'SAMSUNG ELECTRONICS',
          market: 'KOSPI',
          price: 199_400,
          change: 400,
          changeRate: 0.002,
          addedAt: '2026-11-01T00:00:00Z',
        },
      ],
    },
    empty: { feed: FEED, data: [] },
  },
  accountStatus: {
    // Nothing restricted: the restriction panel's own states are RestrictionPanel's tests.
    data: NO_RESTRICTIONS,
    empty: NO_RESTRICTIONS,
  },
  balances: {
    // Minor units: KRW has none, USD and USDT cents.
    data: [
      {
        currency: 'KRW',
        total: 1_234_500,
        available: 1_200_000,
        held: 34_500,
        withdrawable: 1_200_000,
      },
      { currency: 'USD', total: 100_000, available: 100_000, held: 0, withdrawable: 100_000 },
    ],
    empty: [],
  },
  bankList: {
    data: [CARD],
    empty: [],
  },
  // Opening a screen changes nothing; these answer a test that submits (the made card or wallet).
  addBankCard: { data: CARD, empty: CARD },
  delBankCard: { data: null, empty: null },
  addWallet: { data: WALLET, empty: WALLET },
  delWallet: { data: null, empty: null },
  walletList: {
    data: [WALLET],
    empty: [],
  },
  rechargeChannel: {
    data: {
      currency: 'KRW',
      channels: [
        {
          id: 1,
          currency: 'KRW',
          kind: 'bank',
          bankName: 'KB국민은행',
          accountName: '마루증권(주)',
          accountNumber: '004-123456-01-001',
          qr: null,
          demo: true,
        },
      ],
      min: 10_000,
      max: 50_000_000,
      window: DEMO_WINDOW,
    },
    // No receiving account yet for the currency.
    empty: { currency: 'KRW', channels: [], min: 10_000, max: 50_000_000, window: DEMO_WINDOW },
  },
  cashOutInfo: {
    data: {
      currency: 'KRW',
      min: 100_000,
      max: 50_000_000,
      withdrawable: 1_200_000,
      window: DEMO_WINDOW,
      pendingOrderId: null,
    },
    empty: {
      currency: 'KRW',
      min: 100_000,
      max: 50_000_000,
      withdrawable: 0,
      window: DEMO_WINDOW,
      pendingOrderId: null,
    },
  },
  // Opening a money screen moves nothing; these answer a test that submits.
  recharge: { data: DEPOSIT, empty: DEPOSIT },
  cashOut: {
    data: {
      ...DEPOSIT,
      id: 42,
      kind: 'withdrawal',
      orderNo: 'W42',
      accepts: ['withdrawal.cancel'],
    },
    empty: {
      ...DEPOSIT,
      id: 42,
      kind: 'withdrawal',
      orderNo: 'W42',
      accepts: ['withdrawal.cancel'],
    },
  },
  exchangeQuote: { data: QUOTE, empty: QUOTE },
  exchange: { data: EXCHANGE, empty: EXCHANGE },
  fundRecord: {
    data: { items: [RECORD_ROW], page: 1, pageSize: 20, total: 1 },
    empty: { items: [], page: 1, pageSize: 20, total: 0 },
  },
  fundOrderDetail: {
    data: { order: FUND_ORDER, history: [] },
    empty: { order: FUND_ORDER, history: [] },
  },
  tradeOrders: {
    data: {
      rows: [POSITION],
      page: 1,
      pageSize: 20,
      total: 1,
      totals: { margin: 995_000, marketValue: 1_994_000, unrealisedPnl: 4_000 },
    },
    empty: { rows: [], page: 1, pageSize: 20, total: 0, totals: NO_TOTALS },
  },
  tradeOrder: {
    data: {
      order: POSITION,
      history: [
        {
          at: '2026-11-20T00:30:00Z',
          event: 'order.fill',
          from: 'pending',
          to: 'holding.locked',
          actor: 'system',
          reason: null,
        },
        {
          at: '2026-11-20T00:45:00Z',
          event: 'lock.elapsed',
          from: 'holding.locked',
          to: 'holding.closable',
          actor: 'system',
          reason: null,
        },
      ],
    },
    // A pending order with nothing in its history yet.
    empty: {
      order: {
        ...POSITION,
        state: 'pending',
        version: 1,
        accepts: ['order.cancel', 'order.expire', 'order.fill'],
        fillPrice: null,
        filledAt: null,
        unlockAt: null,
        marketPrice: null,
        marketValue: null,
        unrealisedPnl: null,
      },
      history: [],
    },
  },
  portfolio: {
    data: {
      totalAssets: 2_233_500,
      cash: 1_234_500,
      margin: 995_000,
      unrealisedPnl: 4_000,
      todayPnl: 4_000,
      holdingCount: 1,
    },
    empty: { totalAssets: 0, cash: 0, margin: 0, unrealisedPnl: 0, todayPnl: 0, holdingCount: 0 },
  },
  fundOrderCancel: {
    data: { ...FUND_ORDER, state: 'cancelled', version: 2, accepts: [] },
    empty: { ...FUND_ORDER, state: 'cancelled', version: 2, accepts: [] },
  },
  // Trading (issue 11): the embedded default's products, in demo mode on the simulator.
  tradeProducts: {
    data: {
      products: [
        product('stock', {
          lotSize: 1,
          leverages: [1, 2, 5, 10],
          lock: { kind: 'days', count: 1 },
        }),
        product('dayTrading', {
          lotSize: 10,
          leverages: [1, 3, 5],
          minOpenAmount: 1_000_000,
          lock: { kind: 'minutes', count: 15 },
          closesAtSessionEnd: true,
        }),
        product('bulkDayTrading', {
          lotSize: 100,
          leverages: [1, 2],
          minOpenAmount: 10_000_000,
          lock: { kind: 'minutes', count: 15 },
          closesAtSessionEnd: true,
        }),
        product('block', { lotSize: 1, leverages: [1], lock: { kind: 'days', count: 1 } }),
      ],
      demo: true,
      simulated: true,
      sessionLabel: 'Demo: open around the clock',
    },
    empty: { products: [], demo: true, simulated: true, sessionLabel: '' },
  },
  // Block trades (issue 11): a seeded demo offering open now, and one approved application.
  blockList: { data: BLOCK_LIST, empty: { offerings: [], applications: [] } },
  blockApply: { data: BLOCK_LIST, empty: BLOCK_LIST },
  tradePreview: { data: TRADE_PREVIEW, empty: TRADE_PREVIEW },
  tradePlace: { data: TRADE_ORDER, empty: TRADE_ORDER },
  // Corporate actions (docs/corporate-actions.md)
  corporateList: {
    data: CORPORATE_LIST,
    empty: { upcoming: [], rights: [], dividends: [], applications: [] },
  },
  corporateApply: { data: CORPORATE_LIST, empty: CORPORATE_LIST },
  // IPO subscriptions (issue 12): an offering open now, one drawn with the worked example's draw
  ipoList: { data: { offerings: [ipoOffering(), drawnOffering()] }, empty: { offerings: [] } },
  ipoDetail: {
    data: ipoDetail({
      offering: drawnOffering(),
      seed: WORKED_SEED,
      subscriptions: [ipoSubscription()],
    }),
    // An offering without a subscription of the customer's yet.
    empty: ipoDetail(),
  },
  ipoSubscribe: {
    data: ipoSubscription({ state: 'subscribing', allotted: null, accepts: [] }),
    empty: ipoSubscription({ state: 'subscribing', allotted: null, accepts: [] }),
  },
  ipoPay: { data: ipoSubscription(), empty: ipoSubscription() },
  ipoWaive: { data: ipoSubscription(), empty: ipoSubscription() },
  ipoSubscription: {
    data: ipoSubscriptionDetail(),
    empty: { ...ipoSubscriptionDetail({ state: 'subscribing', accepts: [] }), history: [] },
  },
  ipoRecords: { data: ipoRecords(), empty: ipoRecords({ rows: [], total: 0 }) },
  // The customer had no subscription in the draw: the page still re-computes it.
  ipoDraw: { data: workedDraw(), empty: workedDraw([]) },
  // Service (issue 13): a three-day streak with one reward taken; a new customer's blank page.
  checkInStatus: { data: CHECK_IN, empty: CHECK_IN_EMPTY },
  checkIn: { data: CHECK_IN, empty: CHECK_IN },
  checkInRedeem: { data: CHECK_IN, empty: CHECK_IN },
  profile: { data: PROFILE, empty: PROFILE_EMPTY },
  profileNickname: { data: PROFILE, empty: PROFILE },
  seatStatus: { data: PROFILE.seat, empty: PROFILE_EMPTY.seat },
  seatApply: { data: PROFILE.seat, empty: PROFILE.seat },
  // Customer service (issue 13)
  supportStatus: { data: SUPPORT_STATUS, empty: SUPPORT_STATUS_EMPTY },
  supportHistory: {
    data: { rows: SUPPORT_MESSAGES, hasMore: false },
    empty: { rows: [], hasMore: false },
  },
  supportSend: { data: SUPPORT_SENT, empty: SUPPORT_SENT },
  supportLeaveMessage: { data: SUPPORT_SENT, empty: SUPPORT_SENT },
  supportRead: { data: SUPPORT_STATUS, empty: SUPPORT_STATUS_EMPTY },
  supportImage: {
    data: { dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
    empty: { dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
  },
  // Message centre (docs/messages.md): one unread rejection and one read announcement.
  msgList: {
    data: { items: MESSAGES, page: 1, pageSize: 10, total: 2, unread: 1 },
    empty: { items: [], page: 1, pageSize: 10, total: 0, unread: 0 },
  },
  msgUnread: { data: { unread: 1 }, empty: { unread: 0 } },
  msgRead: { data: { unread: 0 }, empty: { unread: 0 } },
  msgReadAll: { data: { unread: 0 }, empty: { unread: 0 } },
  // News (issue 13): a hot sample and a generated, simulated market article.
  newsList: {
    data: { items: NEWS_ITEMS, page: 1, pageSize: 10, total: NEWS_ITEMS.length },
    empty: { items: [], page: 1, pageSize: 10, total: 0 },
  },
  newsDetail: {
    data: {
      ...NEWS_ITEM_LIMIT,
      body: '<p>Samsung Electronics reached its upper limit.</p><p><em>Simulated.</em></p>',
    },
    // An article with nothing but its title.
    empty: { ...NEWS_ITEM_LIMIT, summary: '', body: '', stockCodes: [] },
  },
  newsStock: { data: { items: NEWS_ITEMS.slice(1) }, empty: { items: [] } },
  // Placements and auctions (issue 12)
  placementList: { data: PLACEMENT_LIST, empty: { placements: [], applications: [] } },
  placementApply: { data: PLACEMENT_APPLICATION, empty: PLACEMENT_APPLICATION },
  placementPay: { data: PLACEMENT_APPLICATION, empty: PLACEMENT_APPLICATION },
  placementRecords: {
    data: { items: PLACEMENT_LIST.applications, page: 1, pageSize: 20, total: 1 },
    empty: { items: [], page: 1, pageSize: 20, total: 0 },
  },
  auctionList: { data: AUCTION_LIST, empty: { auctions: [], bids: [] } },
  auctionBid: { data: AUCTION_BID, empty: AUCTION_BID },
  auctionRecords: {
    data: { items: AUCTION_LIST.bids, page: 1, pageSize: 20, total: 1 },
    empty: { items: [], page: 1, pageSize: 20, total: 0 },
  },
};

/** What each live channel carries with data, and empty. */
const LIVE = {
  quote: { data: quoteOf('005930', '삼성전자', 199_400), empty: null },
  book: {
    data: {
      code: '005930',
      time: NOW,
      bids: [{ price: 199_300, qty: 10 }],
      asks: [{ price: 199_400, qty: 12 }],
      totalBidQty: 10,
      totalAskQty: 12,
      auction: false,
      simulated: true,
    } satisfies OrderBookSnapshot,
    empty: null,
  },
  trades: {
    data: [
      {
        code: '005930',
        time: NOW,
        price: 199_400,
        qty: 3,
        side: 'buy',
        session: 'regular',
        auction: false,
        seq: 1,
      },
    ] satisfies Trade[],
    empty: [] as Trade[],
  },
  indices: {
    data: [
      indexOf('KOSPI', 2650.12),
      indexOf('KOSDAQ', 870.5),
      indexOf('KOSPI200', 350.25),
    ] satisfies IndexQuote[],
    empty: [] as IndexQuote[],
  },
  fx: {
    data: [
      {
        currency: 'USD',
        krwPerUnit: 1380.5,
        quoteUnit: 1,
        prevClose: 1378,
        change: 2.5,
        changeRate: 0.0018,
        time: NOW,
        simulated: true,
      },
    ] satisfies FxRate[],
    empty: [] as FxRate[],
  },
  ranking: {
    data: [
      {
        rank: 1,
        code: '005930',
        name: '삼성전자',
        nameEn: 'Samsung Electronics',
        market: 'KOSPI',
        price: 199_400,
        // Above the issues board's 5 % threshold, so the board has a row too.
        changeRate: 0.062,
        volume: 12_345,
        turnover: 2_460_000_000,
        marketCap: 1_180_000_000_000_000,
      },
    ] satisfies RankingEntry[],
    empty: [] as RankingEntry[],
  },
  session: {
    data: {
      phase: 'continuous',
      tradingDate: '2026-11-20',
      isTradingDay: true,
      nextChangeAt: null,
      nextChangeAtSeoul: null,
      demo: true,
      label: 'Demo',
      timezone: 'Asia/Seoul',
      source: 'simulator',
      simulated: true,
      haltedMarkets: [],
    } satisfies FeedSessionState,
    empty: null,
  },
};

/** The losers' ranking with data: another stock, falling past the issues board's threshold. */
const LOSERS: RankingEntry[] = [
  {
    rank: 1,
    code: '000660',
    name: 'SK하이닉스',
    nameEn: 'SK hynix',
    market: 'KOSPI',
    price: 512_000,
    changeRate: -0.071,
    volume: 3_210_000,
    turnover: 1_643_520_000_000,
    marketCap: 372_700_000_000_000,
  },
];

// ---- the mode, which tests switch and the live hooks re-render on ----

let mode: BackendMode = 'data';
const listeners = new Set<() => void>();

export const backend = {
  /** Every REST call made, by name, in order. */
  calls: [] as string[],
  /** Calls the fixtures do not know: a screen that makes one fails its test. */
  unknown: [] as string[],
  get mode(): BackendMode {
    return mode;
  },
  setMode(next: BackendMode): void {
    if (next === 'slow') closeSlowGate();
    else openSlowGate();
    mode = next;
    for (const listener of [...listeners]) listener();
  },
  /** Slow answers arrive now (see SLOW_LIMIT_MS). */
  answerSlow(): void {
    openSlowGate();
  },
  reset(): void {
    this.calls.length = 0;
    this.unknown.length = 0;
    this.setMode('data');
  },
};

const reply = (config: Parameters<AxiosAdapter>[0], status: number, data: unknown) => ({
  data,
  status,
  statusText: '',
  headers: new AxiosHeaders(),
  config,
});

/** The HTTP adapter of the customer client under test. */
export const fakeAdapter: AxiosAdapter = (config) => {
  const name = NAME_BY_PATH.get(config.url ?? '') ?? config.url ?? '';
  backend.calls.push(name);
  const fixture = REST[name as CallName];
  if (!fixture) backend.unknown.push(name);
  const current = mode;
  switch (current) {
    case 'hang':
      return new Promise(() => undefined);
    case 'network':
      return Promise.reject(
        new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}, undefined),
      );
    case 'fail500':
      return Promise.resolve(
        reply(config, 500, { status: 0, code: 'system.busy', params: {}, msg: '' }),
      );
    case 'empty':
      return Promise.resolve(reply(config, 200, { status: 1, msg: '', data: fixture?.empty }));
    case 'slow':
    case 'data': {
      const answer = reply(config, 200, { status: 1, msg: '', data: fixture?.data });
      if (current === 'data') return Promise.resolve(answer);
      return slowGate.then(() => answer);
    }
  }
};

// ---- the live hooks (replace '../market/live' with `liveHooks`) ----

/** Slow live data arrives when the slow gate opens, once per mode switch. */
let slowArrived = false;
/** The slow period a view has started waiting in (its gate), if any. */
let slowWaitedOn: Promise<void> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Slow live data waits from when the first view watches it. */
function startSlowWait(): void {
  if (mode !== 'slow' || slowArrived || slowWaitedOn === slowGate) return;
  const gate = (slowWaitedOn = slowGate);
  void gate.then(() => {
    if (mode !== 'slow' || slowGate !== gate) return;
    slowArrived = true;
    for (const listener of [...listeners]) listener();
  });
}

function useMode(): { mode: BackendMode; slowArrived: boolean } {
  const current = useSyncExternalStore(subscribe, () => mode);
  useEffect(startSlowWait, [current]);
  return { mode: current, slowArrived: useSyncExternalStore(subscribe, () => slowArrived) };
}

listeners.add(() => {
  if (mode !== 'slow') {
    slowArrived = false;
    slowWaitedOn = null;
  }
});

function useLive<K extends keyof typeof LIVE>(
  kind: K,
  active = true,
): LiveValue<NonNullable<(typeof LIVE)[K]['data']>> {
  const { mode: current, slowArrived: arrived } = useMode();
  type T = NonNullable<(typeof LIVE)[K]['data']>;
  if (!active) return { data: null, status: 'live' };
  switch (current) {
    case 'hang':
      return { data: null, status: 'connecting' };
    case 'fail500':
    case 'network':
      return { data: null, status: 'error' };
    case 'empty':
      return { data: LIVE[kind].empty as T | null, status: 'live' };
    case 'slow':
      return arrived
        ? { data: LIVE[kind].data, status: 'live' }
        : { data: null, status: 'connecting' };
    case 'data':
      return { data: LIVE[kind].data, status: 'live' };
  }
}

export const liveHooks = {
  useQuote: (symbol: string | null) => useLive('quote', symbol !== null),
  useQuoteValue: <T>(symbol: string | null, select: (quote: Quote | null) => T): T =>
    select(useLive('quote', symbol !== null).data ?? null),
  useQuotes: (symbols: readonly string[]) => {
    const value = useLive('quote');
    const data: Record<string, Quote> = {};
    if (value.data) for (const s of symbols) data[s] = { ...value.data, code: s };
    return { data, status: value.status };
  },
  useBook: (symbol: string | null) => useLive('book', symbol !== null),
  useTrades: (symbol: string | null) => useLive('trades', symbol !== null),
  useLiveCandle: (symbol: string | null) => {
    const value = useLive('quote', symbol !== null);
    return { data: null, status: value.status };
  },
  useIndices: () => useLive('indices'),
  useFxRates: () => useLive('fx'),
  // A stock is a gainer or a loser, never both (the issues board lists the two together).
  useRanking: (kind: RankingKind) => {
    const value = useLive('ranking');
    return kind === 'losers' && value.data?.length ? { ...value, data: LOSERS } : value;
  },
  useMarketSession: () => useLive('session'),
};
