import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CallName, CallSpec, ErrorCode } from '../../contract';
import { CALLS, IDEMPOTENCY_KEY_HEADER } from '../../contract';
import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/connect';
import {
  balanceAdjustments,
  bankCards,
  customers as customerRows,
  deposits,
  exchangeQuotes,
  exchanges,
  journalEntries as journalEntryRows,
  ledgerAccounts,
  postings,
  sessions as sessionRows,
  uploads,
  wallets,
  withdrawals,
} from '../../server/db/schema';
import { validateBody } from '../../server/http/validation';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import {
  GOOD_PASSWORD,
  call,
  callRaw,
  expectRefusal,
  registerCustomer,
  rowCount,
  scalars,
  writeSnapshot,
} from './api-helpers';

/**
 * Rule 6: bad input gets a clear, coded refusal and changes nothing. Every call in the catalogue
 * is attacked field by field and as a whole; each answer must be the expected code (and field),
 * never a 500, and the customers, sessions (live ones too) and journal entries must be unchanged.
 */

const HUGE = 'aB3-'.repeat(25_000); // 100k characters, not a common password, a valid account shape

interface FieldExpectations {
  /** The refusal when the field is left out; null: optional, leaving it out is accepted. */
  missing: ErrorCode | null;
  /** The refusal for null, when it differs from `missing`; null: accepted like leaving it out. */
  nullValue?: ErrorCode | null;
  /**
   * An optional field left out (or null) passes validation; when the call's own rules then refuse
   * the matrix customer (unverified, without money), this is that refusal instead of a 200.
   */
  optionalThen?: ErrorCode;
  /** Values of the wrong JSON type for the field. */
  wrongTypes: unknown[];
  /** The code a 100k-character string earns (when the body limit lets it through). */
  huge: ErrorCode;
  /** Values of the right JSON type the field still refuses, each with its code. */
  bad?: { value: unknown; code: ErrorCode }[];
}

/** A value of the right type a field refuses, with the refusal's code. */
const refusedWith =
  (code: ErrorCode) =>
  (value: unknown): { value: unknown; code: ErrorCode } => ({ value, code });

/** Text with a NUL or a lone surrogate, which PostgreSQL cannot store. */
const BAD_CHARACTERS = ['a\u0000b', '\u0000', 'a\ud800b'].map(
  refusedWith('request.invalid_characters'),
);

const TEXT: FieldExpectations = {
  missing: 'request.required',
  wrongTypes: [12345, true, {}, [], ['a']],
  huge: 'request.too_long',
};

/** A choice among fixed words: a 100k-character string is simply not one of them. */
const CHOICE: FieldExpectations = { ...TEXT, huge: 'request.invalid' };

/** A whole number (a list's length). */
const COUNT: FieldExpectations = {
  missing: 'request.required',
  wrongTypes: ['10', true, {}, []],
  huge: 'request.wrong_type',
};

/** A page number or size with a default: may be left out, null is no number. */
const PAGING: FieldExpectations = { ...COUNT, missing: null, nullValue: 'request.invalid' };

/** Free text of a money call: NUL bytes and lone surrogates are refused. */
const MONEY_TEXT: FieldExpectations = { ...TEXT, bad: BAD_CHARACTERS };

/** A currency code: a 100k-character string, a lower-case or unknown code or a NUL is none. */
const CURRENCY: FieldExpectations = {
  ...TEXT,
  huge: 'money.unsupported_currency',
  bad: ['XYZ', 'krw', 'KRW ', '', 'KRW\u0000', 'K\u0000RW', 'a\ud800b'].map(
    refusedWith('money.unsupported_currency'),
  ),
};

/** A currency money moves in and out of (KRW, USD, USDT): an exchange-only one is refused. */
const FUND_CURRENCY: FieldExpectations = {
  ...CURRENCY,
  bad: [...(CURRENCY.bad ?? []), ...['JPY', 'CNY'].map(refusedWith('money.unsupported_currency'))],
};

/**
 * An amount in minor units: a whole number, never a numeric string; negative, zero, fractional
 * and unsafe (above 2^53) amounts are money.invalid_amount.
 */
const AMOUNT: FieldExpectations = {
  missing: 'request.required',
  wrongTypes: ['100000', true, {}, []],
  huge: 'request.wrong_type',
  bad: [
    -1,
    -100_000,
    0,
    0.5,
    100_000.25,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 64,
    Number.MAX_VALUE,
    -(2 ** 53),
  ].map(refusedWith('money.invalid_amount')),
};

/** A row id: a whole number, never a numeric string; not negative, zero, fractional or huge. */
const ID: FieldExpectations = {
  missing: 'request.required',
  wrongTypes: ['1', true, {}, [], [1]],
  huge: 'request.wrong_type',
  bad: [-1, 0, 1.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2].map(refusedWith('request.invalid')),
};

/**
 * A valid order. The call's own rules refuse it for the matrix customer: 50,000 is far under
 * 005930's daily limits (its price is about 200,000), and the customer has no money.
 */
const ORDER = {
  product: 'stock',
  symbol: '005930',
  side: 'long',
  type: 'limit',
  price: 50_000,
  lots: 1,
  leverage: 1,
};
/** Numbers no field of an order takes: negative, zero, fractional, unsafe or huge. */
const HUGE_NUMBERS = [2 ** 53, 2 ** 53 + 2, 2 ** 64, Number.MAX_VALUE, -(2 ** 53)];
const orderFields = (
  fundPasswordLeftOut: ErrorCode | undefined,
): Record<string, FieldExpectations> => ({
  product: {
    ...CHOICE,
    huge: 'trade.product_unavailable',
    bad: ['Stock', 'stock ', 'bonds', '', 'stock\u0000'].map(
      refusedWith('trade.product_unavailable'),
    ),
  },
  symbol: {
    ...TEXT,
    bad: [
      ...['ABC', '0059301', '00593', 'abcdef', '005930 '].map(refusedWith('market.unknown_symbol')),
      { value: '', code: 'request.required' },
      ...['00593\u0000', '\u0000', '005930\u0000', '00593\ud800', '\udfff'].map(
        refusedWith('request.invalid_characters'),
      ),
    ],
  },
  side: { ...CHOICE, bad: ['buy', 'LONG', ''].map(refusedWith('request.invalid')) },
  type: { ...CHOICE, bad: ['stop', 'LIMIT', ''].map(refusedWith('request.invalid')) },
  price: {
    missing: 'trade.price_required',
    wrongTypes: ['50000', true, {}, []],
    huge: 'request.wrong_type',
    bad: [-1, 0, 0.5, 50_000.5, ...HUGE_NUMBERS].map(refusedWith('trade.invalid_price')),
  },
  lots: { ...COUNT, bad: [-1, 0, 1.5, ...HUGE_NUMBERS].map(refusedWith('trade.invalid_lots')) },
  leverage: {
    ...COUNT,
    bad: [-1, 0, 1.5, ...HUGE_NUMBERS].map(refusedWith('trade.invalid_leverage')),
  },
  // The keypad's fund password, optional: left out, the order is checked without it.
  fundPassword: {
    ...MONEY_TEXT,
    missing: null,
    nullValue: 'request.invalid',
    optionalThen: fundPasswordLeftOut,
  },
});
/** A preview answers 200 with the refusal inside; a place is refused (the daily limits). */
const PREVIEW_FIELDS = orderFields(undefined);
const PLACE_FIELDS = orderFields('trade.price_limit');

/** A valid body per call (with its own field rules), the base each bad request mutates. */
function matrix(
  code: string,
): Record<CallName, { valid: Record<string, unknown>; fields: Record<string, FieldExpectations> }> {
  return {
    config: {
      valid: { type: 'all' },
      fields: { type: { ...TEXT, huge: 'request.invalid' } },
    },
    register: {
      valid: {
        account: 'matrixuser',
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
        code,
        agree: true,
      },
      fields: {
        account: TEXT,
        password: TEXT,
        // The confirmation must equal the password before its length matters.
        confirmPassword: { ...TEXT, huge: 'account.password_mismatch' },
        code: TEXT,
        agree: {
          missing: 'account.agreement_required',
          wrongTypes: ['true', 1, 0, {}, []],
          huge: 'request.wrong_type',
        },
      },
    },
    login: {
      valid: { account: 'matrixuser', password: GOOD_PASSWORD },
      fields: { account: TEXT, password: TEXT },
    },
    logout: { valid: {}, fields: {} },
    info: { valid: {}, fields: {} },
    accountStatus: { valid: {}, fields: {} },
    changePassword: {
      valid: {
        oldPassword: GOOD_PASSWORD,
        password: 'quiet-river-2048',
        confirmPassword: 'quiet-river-2048',
      },
      fields: {
        oldPassword: TEXT,
        password: TEXT,
        confirmPassword: { ...TEXT, huge: 'account.password_mismatch' },
      },
    },
    // Real-name verification and fund password (tests/api/kyc-*.test.ts, fund-password.test.ts)
    kycStatus: { valid: {}, fields: {} },
    kycSubmit: {
      valid: { realName: '홍길동', idNumber: '900101-1', frontPhotoId: 'a', backPhotoId: 'b' },
      fields: { realName: TEXT, idNumber: TEXT, frontPhotoId: TEXT, backPhotoId: TEXT },
    },
    kycPhoto: { valid: { photoId: 'a' }, fields: { photoId: TEXT } },
    fundPasswordSet: {
      valid: { fundPassword: '135790', confirmFundPassword: '135790' },
      fields: { fundPassword: TEXT, confirmFundPassword: TEXT },
    },
    fundPasswordChange: {
      valid: { oldFundPassword: '135790', fundPassword: '246801', confirmFundPassword: '246801' },
      fields: { oldFundPassword: TEXT, fundPassword: TEXT, confirmFundPassword: TEXT },
    },
    fundPasswordReset: {
      valid: {
        password: GOOD_PASSWORD,
        idNumber: '900101-1',
        fundPassword: '246801',
        confirmFundPassword: '246801',
      },
      fields: { password: TEXT, idNumber: TEXT, fundPassword: TEXT, confirmFundPassword: TEXT },
    },
    marketSnapshot: { valid: { channel: 'quote:005930' }, fields: { channel: TEXT } },
    stockDetail: { valid: { code: '005930' }, fields: { code: TEXT } },
    indexDetail: { valid: { name: 'KOSPI' }, fields: { name: CHOICE } },
    candles: {
      valid: { symbol: '005930', interval: '1d', range: '1m', adjust: 'none' },
      fields: { symbol: TEXT, interval: CHOICE, range: CHOICE, adjust: CHOICE },
    },
    indices: { valid: {}, fields: {} },
    fxRates: { valid: {}, fields: {} },
    rankings: {
      valid: { kind: 'gainers', market: 'all', limit: 10 },
      fields: { kind: CHOICE, market: CHOICE, limit: COUNT },
    },
    industries: { valid: { market: 'all' }, fields: { market: CHOICE } },
    investorTrends: { valid: { scope: 'KOSPI' }, fields: { scope: TEXT } },
    shortSelling: { valid: { market: 'all', limit: 10 }, fields: { market: CHOICE, limit: COUNT } },
    search: { valid: { keyword: '삼성', limit: 10 }, fields: { keyword: TEXT, limit: COUNT } },
    watchlist: { valid: { type: 'krw' }, fields: { type: CHOICE } },
    watchlistAdd: { valid: { symbol: '005930' }, fields: { symbol: TEXT } },
    bankList: { valid: {}, fields: {} },
    balances: { valid: {}, fields: {} },
    walletList: { valid: {}, fields: {} },
    addBankCard: {
      valid: {
        holder: '홍길동',
        bank: '국민은행',
        branch: '강남',
        bankCode: '004',
        cardHead: '1234',
        cardTail: '567890123456',
        fundPassword: '135790',
      },
      fields: {
        holder: MONEY_TEXT,
        bank: MONEY_TEXT,
        branch: MONEY_TEXT,
        bankCode: MONEY_TEXT,
        cardHead: MONEY_TEXT,
        cardTail: MONEY_TEXT,
        fundPassword: MONEY_TEXT,
      },
    },
    delBankCard: {
      valid: { id: 1, fundPassword: '135790' },
      fields: { id: ID, fundPassword: MONEY_TEXT },
    },
    addWallet: {
      valid: {
        type: 'TRC20',
        address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        fundPassword: '135790',
      },
      fields: { type: CHOICE, address: MONEY_TEXT, fundPassword: MONEY_TEXT },
    },
    delWallet: {
      valid: { id: 1, fundPassword: '135790' },
      fields: { id: ID, fundPassword: MONEY_TEXT },
    },
    rechargeChannel: { valid: { currency: 'KRW' }, fields: { currency: FUND_CURRENCY } },
    recharge: {
      valid: { currency: 'KRW', amount: 100_000, voucherId: 'v-1' },
      fields: { currency: FUND_CURRENCY, amount: AMOUNT, voucherId: MONEY_TEXT },
    },
    cashOutInfo: { valid: { currency: 'KRW' }, fields: { currency: FUND_CURRENCY } },
    cashOut: {
      valid: { currency: 'KRW', amount: 100_000, cardId: 1, fundPassword: '135790' },
      fields: {
        currency: FUND_CURRENCY,
        amount: AMOUNT,
        // Leaving out both destinations is cardId's refusal; walletId may be left out (the
        // unverified matrix customer is then refused by the withdrawal rules).
        cardId: { ...ID, missing: 'withdrawal.destination_required' },
        walletId: { ...ID, missing: null, nullValue: null, optionalThen: 'kyc.required' },
        fundPassword: MONEY_TEXT,
      },
    },
    fundOrderCancel: { valid: { id: 1 }, fields: { id: ID } },
    fundOrderDetail: { valid: { id: 1 }, fields: { id: ID } },
    exchangeQuote: {
      valid: { from: 'KRW', to: 'USD', amount: 100_000 },
      fields: {
        from: CURRENCY,
        to: {
          ...CURRENCY,
          bad: [...(CURRENCY.bad ?? []), { value: 'KRW', code: 'exchange.same_currency' }],
        },
        amount: AMOUNT,
      },
    },
    exchange: {
      valid: { quoteId: 'q-1', fundPassword: '135790' },
      fields: { quoteId: MONEY_TEXT, fundPassword: MONEY_TEXT },
    },
    fundRecord: {
      valid: { type: 'recharge', page: 1, pageSize: 20 },
      fields: { type: CHOICE, page: PAGING, pageSize: PAGING },
    },
    tradeProducts: { valid: {}, fields: {} },
    tradePreview: { valid: ORDER, fields: PREVIEW_FIELDS },
    tradePlace: { valid: ORDER, fields: PLACE_FIELDS },
    tradeCancel: { valid: { id: 1 }, fields: { id: ID } },
    tradeClose: { valid: { id: 1 }, fields: { id: ID } },
    tradeOrders: {
      valid: { tab: 'holding', page: 1, pageSize: 20 },
      fields: { tab: CHOICE, page: PAGING, pageSize: PAGING },
    },
    tradeOrder: { valid: { id: 1 }, fields: { id: ID } },
    portfolio: { valid: {}, fields: {} },
    blockList: { valid: {}, fields: {} },
    ipoList: { valid: { tab: 'open' }, fields: { tab: CHOICE } },
    ipoDetail: { valid: { id: 1 }, fields: { id: ID } },
    ipoSubscribe: {
      valid: { id: 1, shares: 10, fundPassword: '135790' },
      fields: {
        id: ID,
        shares: {
          ...COUNT,
          bad: [-1, 0, 1.5, ...HUGE_NUMBERS].map(refusedWith('request.invalid')),
        },
        fundPassword: MONEY_TEXT,
      },
    },
    ipoPay: { valid: { id: 1 }, fields: { id: ID } },
    ipoWaive: { valid: { id: 1 }, fields: { id: ID } },
    ipoSubscription: { valid: { id: 1 }, fields: { id: ID } },
    ipoRecords: {
      valid: { tab: 'subscriptions', page: 1, pageSize: 20 },
      fields: { tab: CHOICE, page: PAGING, pageSize: PAGING },
    },
    ipoDraw: { valid: { id: 1 }, fields: { id: ID } },
    blockApply: {
      valid: { id: 1, shares: 100 },
      fields: {
        id: ID,
        shares: {
          ...COUNT,
          bad: [-1, 0, 1.5, ...HUGE_NUMBERS].map(refusedWith('trade.invalid_lots')),
        },
        fundPassword: {
          ...MONEY_TEXT,
          missing: null,
          nullValue: 'request.invalid',
          optionalThen: 'trade.insufficient_margin',
        },
      },
    },
    // Placements and auctions (issue 12): the seeded demo ones are published, not yet opened
    // (no job runs here), so a valid body is refused as closed
    placementList: { valid: {}, fields: {} },
    placementApply: {
      valid: { id: 1, shares: 100 },
      fields: {
        id: ID,
        shares: {
          ...COUNT,
          bad: [-1, 0, 1.5, ...HUGE_NUMBERS].map(refusedWith('trade.invalid_lots')),
        },
        fundPassword: {
          ...MONEY_TEXT,
          missing: null,
          nullValue: 'request.invalid',
          optionalThen: 'placement.closed',
        },
      },
    },
    placementPay: { valid: { id: 1 }, fields: { id: ID } },
    placementRecords: { valid: { page: 1 }, fields: { page: PAGING } },
    auctionList: { valid: {}, fields: {} },
    auctionBid: {
      valid: { id: 1, price: 100_000, shares: 10 },
      fields: {
        id: ID,
        price: {
          ...COUNT,
          bad: [-1, 0, 0.5, 1e12 + 1, ...HUGE_NUMBERS].map(refusedWith('trade.invalid_price')),
        },
        shares: {
          ...COUNT,
          bad: [-1, 0, 1.5, ...HUGE_NUMBERS].map(refusedWith('trade.invalid_lots')),
        },
        fundPassword: {
          ...MONEY_TEXT,
          missing: null,
          nullValue: 'request.invalid',
          optionalThen: 'auction.closed',
        },
      },
    },
    auctionRecords: { valid: { page: 1 }, fields: { page: PAGING } },
    watchlistRemove: {
      valid: { symbols: ['005930'] },
      fields: {
        symbols: {
          missing: 'request.required',
          wrongTypes: ['005930', 12345, true, {}],
          huge: 'request.wrong_type',
        },
      },
    },
    // Corporate actions (docs/corporate-actions.md): the seeded demo action 1 is a dividend.
    corporateList: { valid: {}, fields: {} },
    corporateApply: {
      valid: { id: 1, shares: 10 },
      fields: {
        id: ID,
        shares: {
          ...COUNT,
          bad: [-1, 0, 1.5, ...HUGE_NUMBERS].map(refusedWith('trade.invalid_lots')),
        },
        fundPassword: {
          ...MONEY_TEXT,
          missing: null,
          nullValue: 'request.invalid',
          optionalThen: 'corporate.wrong_kind',
        },
      },
    },
    // Service (issue 13): daily check-in, profile, seat accounts
    checkInStatus: { valid: {}, fields: {} },
    checkIn: { valid: {}, fields: {} },
    checkInRedeem: { valid: { rewardId: 1 }, fields: { rewardId: ID } },
    profile: { valid: {}, fields: {} },
    profileNickname: {
      valid: { nickname: 'Blue Harbour' },
      fields: {
        nickname: {
          ...TEXT,
          // The nickname's own length rule replaces the text's.
          huge: 'profile.nickname_invalid',
          bad: [
            ...BAD_CHARACTERS,
            ...['a', ' lead', 'trail ', 'x'.repeat(21), 'a<b>', '!!', 'a\u200bb'].map(
              refusedWith('profile.nickname_invalid'),
            ),
          ],
        },
      },
    },
    seatStatus: { valid: {}, fields: {} },
    seatApply: { valid: {}, fields: {} },
    // Message centre (docs/messages.md)
    msgList: { valid: { page: 1, pageSize: 10 }, fields: { page: PAGING, pageSize: PAGING } },
    msgUnread: { valid: {}, fields: {} },
    msgRead: { valid: { id: 1 }, fields: { id: ID } },
    msgReadAll: { valid: {}, fields: {} },
    // News (issue 13)
    newsList: {
      valid: { tag: 'market', page: 1, pageSize: 10 },
      fields: {
        tag: {
          ...CHOICE,
          missing: null,
          nullValue: 'request.invalid',
          huge: 'news.invalid_tag',
          bad: ['Market', 'market ', '', 'market\u0000'].map(refusedWith('news.invalid_tag')),
        },
        page: PAGING,
        pageSize: { ...PAGING, bad: [0, 51, 1.5].map(refusedWith('request.invalid')) },
      },
    },
    newsDetail: { valid: { id: 1 }, fields: { id: ID } },
    newsStock: {
      valid: { code: '005930' },
      fields: {
        code: {
          ...TEXT,
          bad: [
            ...['00593', '0059301', 'abcdef'].map(refusedWith('news.invalid_stock')),
            { value: '', code: 'request.required' },
            ...BAD_CHARACTERS,
          ],
        },
      },
    },
    // Customer service (issue 13, docs/support.md)
    supportStatus: { valid: {}, fields: {} },
    supportHistory: {
      valid: { before: 5, limit: 10 },
      fields: {
        before: { ...ID, missing: null, nullValue: null },
        limit: {
          ...PAGING,
          nullValue: null,
          bad: [0, 101, 1.5].map(refusedWith('request.invalid')),
        },
      },
    },
    supportSend: { valid: { text: 'Hello' }, fields: { text: CHAT_TEXT } },
    supportLeaveMessage: { valid: { text: 'Hello' }, fields: { text: CHAT_TEXT } },
    supportRead: { valid: { upTo: 1 }, fields: { upTo: ID } },
    supportImage: { valid: { messageId: 1 }, fields: { messageId: ID } },
  };
}

/** A chat message: blank is as good as missing; NUL and lone surrogates are refused. */
const CHAT_TEXT: FieldExpectations = {
  ...TEXT,
  bad: [
    { value: '', code: 'request.required' },
    { value: '   ', code: 'request.required' },
    ...BAD_CHARACTERS,
  ],
};

const CALL_NAMES = Object.keys(CALLS) as CallName[];

/**
 * What a refused call must leave as it was: customers, sessions and journal entries
 * (writeSnapshot), the money rows (fund orders, exchanges and their quotes, adjustments, cards,
 * wallets, uploads) and every stored balance.
 */
async function snapshot(db: Database) {
  // One statement (scalars): a snapshot before and after each test's refusals, ~1,000 tests.
  const { customers, sessions, liveSessions, journalEntries, balances, ...rows } = await scalars(
    db,
    {
      customers: rowCount(customerRows),
      sessions: rowCount(sessionRows),
      liveSessions: rowCount(sessionRows, isNull(sessionRows.revokedAt)),
      journalEntries: rowCount(journalEntryRows),
      deposits: rowCount(deposits),
      withdrawals: rowCount(withdrawals),
      exchanges: rowCount(exchanges),
      exchangeQuotes: rowCount(exchangeQuotes),
      adjustments: rowCount(balanceAdjustments),
      bankCards: rowCount(bankCards),
      wallets: rowCount(wallets),
      uploads: rowCount(uploads),
      postings: rowCount(postings),
      balances: sql`select coalesce(sum(abs(${ledgerAccounts.balance})), 0) from ${ledgerAccounts}`,
    },
  );
  return {
    // writeSnapshot's figures, in the same statement as the rest.
    customers: Number(customers),
    sessions: Number(sessions),
    liveSessions: Number(liveSessions),
    journalEntries: Number(journalEntries),
    ...Object.fromEntries(Object.entries(rows).map(([name, n]) => [name, Number(n)])),
    balances,
  };
}

describe('the bad-input matrix itself', () => {
  it('covers every call and every field of each call, from valid bodies', async () => {
    const cases = matrix('DEMO01');
    expect(Object.keys(cases).sort()).toEqual([...CALL_NAMES].sort());
    for (const name of CALL_NAMES) {
      const schemaFields = Object.keys(
        (CALLS[name].request as unknown as { fields: object }).fields,
      );
      expect(Object.keys(cases[name].fields).sort(), name).toEqual(schemaFields.sort());
      await expect(
        validateBody(CALLS[name].request, cases[name].valid),
        name,
      ).resolves.toBeDefined();
    }
  });
});

describe.each(databaseKinds)('bad input on %s', (kind) => {
  let t: TestApp;
  /** Same server with a 1 MiB body limit, so 100k-character fields reach validation. */
  let roomy: TestApp;
  let session: Session;
  let roomySession: Session;

  beforeAll(async () => {
    [t, roomy] = await Promise.all([
      buildTestApp(kind),
      buildTestApp(kind, { bodyLimitBytes: 1024 * 1024 }),
    ]);
    session = await registerCustomer(t.app, t.demoCode, 'matrixuser');
    roomySession = await registerCustomer(roomy.app, roomy.demoCode, 'matrixuser');
  });
  afterAll(async () => {
    await Promise.all([t.close(), roomy.close()]);
  });

  /**
   * Each app's snapshot from before a test's first refusal on it. A test's refusals (one call,
   * one field or one kind of body) are checked together: a snapshot per refusal doubled the
   * file's time, and a refusal that writes still fails its test, which names the call and field.
   */
  const beforeRefusals = new Map<TestApp, ReturnType<typeof snapshot>>();

  /** Checks that the refusals so far wrote nothing; before an accepted call, and after a test. */
  async function refusalsWroteNothing() {
    for (const [target, before] of beforeRefusals) {
      expect(await snapshot(target.db), 'a refused call wrote').toEqual(await before);
    }
    beforeRefusals.clear();
  }
  afterEach(refusalsWroteNothing);

  /** Sends and checks the refusal; that nothing was written is checked at the test's end. */
  async function refused(
    target: TestApp,
    send: () => ReturnType<typeof call>,
    code: ErrorCode,
    httpStatus: number,
    field?: string,
  ) {
    if (!beforeRefusals.has(target)) beforeRefusals.set(target, snapshot(target.db));
    await beforeRefusals.get(target);
    const response = await send();
    expect(response.statusCode).not.toBe(500);
    expectRefusal(response, code, httpStatus, field);
  }

  describe.each(CALL_NAMES)('%s', (name) => {
    const spec = CALLS[name];
    const sessionFor = (target: TestApp) =>
      spec.access === 'customer' ? (target === t ? session : roomySession) : undefined;
    const cases = () => matrix(t.demoCode)[name];
    /** A fresh Idempotency-Key where the call requires one (checked before the body). */
    const keyed = (): Record<string, string> =>
      (spec as CallSpec).idempotent === 'required'
        ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() }
        : {};
    const fieldNames = Object.keys(matrix('X')[name].fields);

    /** Validation accepts the body: a 200, or the call's own refusal of the matrix customer. */
    async function acceptedWithout(body: Record<string, unknown>, then: ErrorCode | undefined) {
      // This call may write: the refusals before it are checked first.
      await refusalsWroteNothing();
      if (then === undefined) {
        const response = await call(t.app, spec.path, body, {
          session: sessionFor(t),
          headers: keyed(),
        });
        expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
        return;
      }
      const before = await writeSnapshot(t.db);
      const response = await call(t.app, spec.path, body, {
        session: sessionFor(t),
        headers: keyed(),
      });
      expect(response.statusCode).toBeLessThan(500);
      expect((JSON.parse(response.body) as { code?: string }).code).toBe(then);
      expect(await writeSnapshot(t.db)).toEqual(before);
    }

    // Calls without fields (logout, info) are covered by the whole-body cases below.
    if (fieldNames.length > 0) {
      it.each(fieldNames)('refuses a missing %s', async (field) => {
        const body = { ...cases().valid };
        delete body[field];
        const missing = cases().fields[field]?.missing;
        if (missing === null) {
          await acceptedWithout(body, cases().fields[field]?.optionalThen);
          return;
        }
        await refused(
          t,
          () => call(t.app, spec.path, body, { session: sessionFor(t), headers: keyed() }),
          missing ?? 'request.required',
          400,
          field,
        );
      });

      it.each(fieldNames)('refuses wrong types and null for %s', async (field) => {
        const expectations = cases().fields[field];
        if (!expectations) throw new Error(`no expectations for ${field}`);
        for (const value of expectations.wrongTypes) {
          await refused(
            t,
            () =>
              call(
                t.app,
                spec.path,
                { ...cases().valid, [field]: value },
                { session: sessionFor(t), headers: keyed() },
              ),
            'request.wrong_type',
            400,
            field,
          );
        }
        if (expectations.nullValue === null) {
          await acceptedWithout({ ...cases().valid, [field]: null }, expectations.optionalThen);
          return;
        }
        await refused(
          t,
          () =>
            call(
              t.app,
              spec.path,
              { ...cases().valid, [field]: null },
              { session: sessionFor(t), headers: keyed() },
            ),
          expectations.nullValue ?? expectations.missing ?? 'request.required',
          400,
          field,
        );
      });

      const withBad = fieldNames.filter((f) => (matrix('X')[name].fields[f]?.bad ?? []).length > 0);
      if (withBad.length > 0) {
        it.each(withBad)('refuses values of the right type %s cannot take', async (field) => {
          for (const { value, code } of cases().fields[field]?.bad ?? []) {
            await refused(
              t,
              () =>
                call(
                  t.app,
                  spec.path,
                  { ...cases().valid, [field]: value },
                  { session: sessionFor(t), headers: keyed() },
                ),
              code,
              400,
              field,
            );
          }
        });
      }

      it.each(fieldNames)('refuses a 100k-character %s', async (field) => {
        const body = { ...cases().valid, [field]: HUGE };
        // Over the default 16 KiB body limit: refused before parsing.
        await refused(
          t,
          () => call(t.app, spec.path, body, { session: sessionFor(t), headers: keyed() }),
          'request.too_large',
          413,
        );
        // Within a larger limit: refused by the schema, naming the field.
        const roomyBody = { ...matrix(roomy.demoCode)[name].valid, [field]: HUGE };
        await refused(
          roomy,
          () =>
            call(roomy.app, spec.path, roomyBody, { session: sessionFor(roomy), headers: keyed() }),
          cases().fields[field]?.huge ?? 'request.too_long',
          400,
          field,
        );
      });
    }

    it('refuses an unknown field, even alongside valid ones', async () => {
      for (const extra of [{ extra: 1 }, { isAdmin: true }, { constructor: 'x' }]) {
        await refused(
          t,
          () =>
            call(
              t.app,
              spec.path,
              { ...cases().valid, ...extra },
              { session: sessionFor(t), headers: keyed() },
            ),
          'request.unknown_field',
          400,
          'body',
        );
      }
    });

    it('refuses malformed JSON and prototype poisoning', async () => {
      for (const raw of ['{"type":', '{', "{'a':1}", '{"a":1,}', 'nul', '{"__proto__":{"x":1}}']) {
        await refused(
          t,
          () => callRaw(t.app, spec.path, raw, 'application/json', sessionFor(t), keyed()),
          'request.malformed',
          400,
        );
      }
    });

    it('refuses JSON that is not an object', async () => {
      for (const raw of ['[]', '[{}]', '"text"', 'null', '42', 'true']) {
        await refused(
          t,
          () => callRaw(t.app, spec.path, raw, 'application/json', sessionFor(t), keyed()),
          'request.wrong_type',
          400,
          'body',
        );
      }
    });

    it('refuses a body over the limit', async () => {
      const padded = JSON.stringify({ ...cases().valid, pad: 'x'.repeat(17 * 1024) });
      await refused(
        t,
        () => callRaw(t.app, spec.path, padded, 'application/json', sessionFor(t), keyed()),
        'request.too_large',
        413,
      );
    });

    it('refuses bodies that are not JSON', async () => {
      const body = JSON.stringify(cases().valid);
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ]) {
        await refused(
          t,
          () => callRaw(t.app, spec.path, body, type, sessionFor(t), keyed()),
          'request.unsupported_media',
          415,
        );
      }
      // A body with no content type at all.
      await refused(
        t,
        () => callRaw(t.app, spec.path, body, null, sessionFor(t), keyed()),
        'request.unsupported_media',
        415,
      );
    });
  });

  it('treats a POST without a body as {}', async () => {
    await refused(
      t,
      () => callRaw(t.app, CALLS.config.path, '', null),
      'request.required',
      400,
      'type',
    );
    await refused(
      t,
      () => callRaw(t.app, CALLS.config.path, '', 'application/json'),
      'request.required',
      400,
      'type',
    );
    const info = await callRaw(t.app, CALLS.info.path, '', null, session);
    expect(info.statusCode).toBe(200);
  });

  it('checks the session before the body of an authenticated call', async () => {
    await refused(
      t,
      () => call(t.app, CALLS.changePassword.path, { nonsense: 1 }),
      'auth.required',
      401,
    );
  });
});
