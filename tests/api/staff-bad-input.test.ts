import type { AnyPgTable } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffCallName } from '../../contract';
import { STAFF_CALLS, staffAccessOf } from '../../contract';
import type { Database } from '../../server/db/connect';
import {
  auditLog,
  balanceAdjustments,
  channelProposals,
  customers,
  deposits,
  institutions,
  journalEntries,
  lifecycleJobs,
  lifecycleTransitions,
  postings,
  settings,
  staffAccounts,
  staffSessions,
  uploads,
  withdrawals,
  announcements,
  messages,
} from '../../server/db/schema';
import { validateBody } from '../../server/http/validation';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { envelope, rowCount, scalars } from './api-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';

/**
 * Rule 6 for the back office: every field of every staff call, missing, of the wrong type,
 * far too long, or joined by an unknown field, gets a coded 400 and writes nothing (the audit
 * log included: only successful calls are logged).
 */
const VALID: Record<StaffCallName, Record<string, unknown>> = {
  login: { account: 'someone', password: 'some-password-1' },
  enrol: {},
  verify: { code: '123456' },
  logout: {},
  me: {},
  changePassword: {
    oldPassword: 'old-password-1',
    password: 'quiet-river-2048',
    confirmPassword: 'quiet-river-2048',
  },
  staffCreate: { account: 'newstaff', role: 'reviewer' },
  staffList: { page: 1, pageSize: 20 },
  kycQueue: { state: 'under_review', page: 1, pageSize: 20 },
  kycDetail: { customerId: 1 },
  kycApprove: { customerId: 1, version: 1 },
  kycReject: { customerId: 1, version: 1, reason: 'Blurred' },
  customerSearch: { query: 'a', page: 1, pageSize: 20 },
  customerDetail: { customerId: 1 },
  customerSetState: { customerId: 1, state: 'frozen', value: true, reason: 'Because', version: 0 },
  entityView: { entityType: 'kyc', entityId: '1' },
  auditSearch: { staffId: 1, action: 'x', entity: 'y', page: 1, pageSize: 20 },
  institutionCreate: { name: 'Branch', code: 'BRANCH1' },
  institutionDisable: { institutionId: 1, reason: 'Closed' },
  institutionList: { page: 1, pageSize: 20 },
  institutionCustomers: { institutionId: 1, page: 1, pageSize: 20 },
  jobsList: { status: 'failed', entityType: 'kyc', page: 1, pageSize: 20 },
  jobsRetry: { id: 1 },
  settingsGet: {},
  settingsSet: { key: 'kyc.reviewHours', value: 24 },
  depositsQueue: { state: 'pending', overdueOnly: false, page: 1, pageSize: 20 },
  depositsDetail: { id: 1 },
  depositsApprove: { id: 1, version: 0 },
  depositsReject: { id: 1, version: 0, reason: 'No transfer arrived' },
  withdrawalsQueue: { state: 'pending', overdueOnly: false, page: 1, pageSize: 20 },
  withdrawalsDetail: { id: 1 },
  withdrawalsApprove: { id: 1, version: 0 },
  withdrawalsReject: { id: 1, version: 0, reason: 'Name mismatch' },
  withdrawalsPaid: { id: 1, version: 1, reference: 'KB-20261125-0001' },
  channelsList: {},
  channelsPropose: {
    action: 'add',
    channelId: 1,
    currency: 'KRW',
    kind: 'bank',
    bankName: '국민은행',
    accountName: '마루증권',
    accountNumber: '123-456-789012',
    reason: 'New account',
  },
  channelsApprove: { id: 1, approve: true },
  adjustList: { state: 'pending', page: 1, pageSize: 20 },
  adjustPropose: { customerId: 1, currency: 'KRW', amount: 1000, reason: 'Fee refund' },
  adjustApprove: { id: 1, approve: true },
  fundSettingsGet: {},
  fundSettingsSet: { key: 'fund.withdrawMin', value: 100_000 },
  productsList: {},
  productsSet: {
    code: 'stock',
    lotSize: 1,
    leverages: [1, 2],
    minOpenAmount: 10_000,
    lock: { kind: 'days', count: 1 },
    commissionPpm: 150,
    maintenancePct: 50,
    closesAtSessionEnd: false,
    enabled: true,
  },
  ordersSearch: { query: 'T1', state: 'pending', page: 1, pageSize: 20 },
  ordersDetail: { id: 1 },
  blockCreate: {
    symbol: '005930',
    price: 70_000,
    minShares: 100,
    opensAt: '2026-11-25T00:00:00.000Z',
    closesAt: '2026-11-30T00:00:00.000Z',
  },
  blockQueue: {},
  blockApprove: { id: 1, version: 0 },
  blockReject: { id: 1, version: 0, reason: 'Over the offering' },
  // Corporate actions (docs/corporate-actions.md)
  corporateCalendar: { page: 1, pageSize: 20 },
  corporateCreate: {
    symbol: '005930',
    kind: 'dividend',
    recordAt: '2026-12-01T00:00:00.000Z',
    payAt: '2026-12-10T00:00:00.000Z',
    perShare: 361,
  },
  corporateEdit: {
    id: 1,
    version: 0,
    kind: 'dividend',
    recordAt: '2026-12-01T00:00:00.000Z',
    payAt: '2026-12-10T00:00:00.000Z',
    perShare: 361,
  },
  corporateCancel: { id: 1, version: 0, reason: 'Withdrawn by the issuer' },
  corporateApplications: { id: 1 },
  corporateRefuse: { id: 1, version: 0, reason: 'Account under review' },
  // Message centre (docs/messages.md)
  announcementSend: {
    audience: 'accounts',
    accounts: ['someone'],
    title: '공지',
    body: '내용',
    titleEn: 'Notice',
    bodyEn: 'Text',
    titleZhTw: '公告',
    bodyZhTw: '內容',
    titleZhCn: '公告',
    bodyZhCn: '内容',
  },
  announcementList: { page: 1, pageSize: 20 },
  // News (issue 13)
  newsArticles: { state: 'published', page: 1, pageSize: 20 },
  newsArticle: { id: 1 },
  newsSave: {
    id: 1,
    version: 0,
    versions: [{ lang: 'ko', title: '제목', summary: '요약', body: '<p>본문</p>' }],
    tags: ['market'],
    stockCodes: ['005930'],
    hot: false,
    coverImageId: null,
  },
  newsPublish: { id: 1, version: 0 },
  newsSchedule: { id: 1, version: 0, publishAt: '2030-01-01T00:00:00.000Z' },
  newsUnschedule: { id: 1, version: 0 },
  newsWithdraw: { id: 1, version: 0, reason: 'Outdated' },
  newsImage: {
    data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  },
  // Placements and auctions (issue 12)
  offeringsList: {},
  // An edit of a draft (create leaves id and version out).
  placementSave: {
    id: 1,
    version: 0,
    symbol: '005930',
    price: 70_000,
    sharesOffered: 10_000,
    tiers: [{ minShares: 10, allotPct: 50 }],
    depositPct: 50,
    paymentHours: 48,
    opensAt: '2026-11-25T00:00:00.000Z',
    closesAt: '2099-11-30T00:00:00.000Z',
  },
  placementPublish: { id: 1, version: 0 },
  auctionSave: {
    id: 1,
    version: 0,
    symbol: '005930',
    sharesOffered: 1_000,
    reservePrice: 60_000,
    minShares: 10,
    opensAt: '2026-11-25T00:00:00.000Z',
    closesAt: '2099-11-30T00:00:00.000Z',
  },
  auctionPublish: { id: 1, version: 0 },
  ipoOfferings: { page: 1, pageSize: 20 },
  ipoOfferingDetail: { id: 1 },
  ipoOfferingCreate: {
    symbol: '123456',
    name: '데모공모',
    nameEn: 'Demo IPO',
    market: 'KOSDAQ',
    broker: 'Maru Securities',
    offerPrice: 20_000,
    sharesOffered: 100_000,
    minShares: 10,
    maxTimes: 1,
    minFunds: 0,
    depositPct: 50,
    equalShareBps: 5000,
    opensAt: '2026-12-01T00:00:00.000Z',
    closesAt: '2026-12-02T09:00:00.000Z',
    drawAt: '2026-12-03T00:00:00.000Z',
    paymentDeadline: '2026-12-04T09:00:00.000Z',
    listingAt: '2026-12-08T00:00:00.000Z',
  },
  ipoOfferingUpdate: {
    id: 1,
    symbol: '123456',
    name: '데모공모',
    nameEn: 'Demo IPO',
    market: 'KOSDAQ',
    broker: 'Maru Securities',
    offerPrice: 20_000,
    sharesOffered: 100_000,
    minShares: 10,
    maxTimes: 1,
    minFunds: 0,
    depositPct: 50,
    equalShareBps: 5000,
    opensAt: '2026-12-01T00:00:00.000Z',
    closesAt: '2026-12-02T09:00:00.000Z',
    drawAt: '2026-12-03T00:00:00.000Z',
    paymentDeadline: '2026-12-04T09:00:00.000Z',
    listingAt: '2026-12-08T00:00:00.000Z',
  },
  ipoOfferingPublish: { id: 1 },
  // Service (issue 13)
  checkInRewards: {},
  checkInRewardCreate: { title: '7-day coupon', kind: 'commission_coupon', checkInsRequired: 7 },
  checkInRewardUpdate: { id: 1, title: '7-day coupon', checkInsRequired: 7, active: true },
  seatQueue: {},
  seatApprove: { id: 1, version: 0 },
  seatReject: { id: 1, version: 0, reason: 'Trading history too short' },
  // Customer service (issue 13, docs/support.md)
  supportQueue: {},
  supportShift: { onShift: true },
  supportConversation: { id: 1, before: 5 },
  supportTake: { id: 1, version: 0 },
  supportAssign: { id: 1, version: 0, agentId: 1 },
  supportRelease: { id: 1, version: 0 },
  supportClose: { id: 1, version: 0 },
  supportReply: { id: 1, text: 'Hello' },
  supportStaffRead: { id: 1, upTo: 1 },
  supportStaffImage: { messageId: 1 },
  supportCanned: {},
  supportCannedCreate: { title: 'Greeting', text: 'Hello, how can we help?' },
  supportCannedUpdate: { id: 1, title: 'Greeting', text: 'Hello, how can we help?' },
  supportCannedDelete: { id: 1 },
};

const WRONG_TYPES: unknown[] = [{}, [], true, 'text', 12345];
const HUGE = 'x'.repeat(5000);

async function snapshot(db: Database) {
  const tables: AnyPgTable[] = [
    customers,
    staffAccounts,
    staffSessions,
    auditLog,
    institutions,
    lifecycleTransitions,
    lifecycleJobs,
    settings,
    uploads,
    // Money: a refused decision or proposal moves nothing.
    balanceAdjustments,
    channelProposals,
    deposits,
    withdrawals,
    journalEntries,
    postings,
    // Message centre: a refused announcement reaches nobody.
    announcements,
    messages,
  ];
  // One statement (scalars), not one query per table: before and after each test.
  const counts = await scalars(
    db,
    Object.fromEntries(tables.map((table, i) => [`t${i}`, rowCount(table)])),
  );
  return tables.map((_, i) => Number(counts[`t${i}`]));
}

describe('the staff bad-input table', () => {
  it('has a valid body for every staff call', async () => {
    expect(Object.keys(VALID).sort()).toEqual(Object.keys(STAFF_CALLS).sort());
    for (const [name, spec] of Object.entries(STAFF_CALLS)) {
      await expect(
        validateBody(spec.request, VALID[name as StaffCallName]),
        name,
      ).resolves.toBeDefined();
    }
  });
});

describe.each(databaseKinds)('staff bad input on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let pending: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await signInNewStaff(t.app, t.db, 'admin')).token;
    // A half session, for the enrol and verify calls.
    const login = await staffCall(t.app, '/auth/login', {
      account: 'nobody',
      password: 'x-x-x-x-x',
    });
    expect(login.statusCode).toBe(400);
    const created = await import('../../server/modules/staff/accounts/create-staff-account');
    const account = await created.createStaffAccount(t.db, {
      account: 'pendingone',
      role: 'reviewer',
    });
    pending = (
      await staffCall(t.app, '/auth/login', {
        account: 'pendingone',
        password: account.oneTimePassword,
      })
    ).json<{ data: { token: string } }>().data.token;
  });
  afterAll(() => t.close());

  /**
   * Every test here only sends refused calls: the database is compared before and after each
   * test (one call, one field or one kind of body) rather than around every call, which doubled
   * the file's time; a refusal that writes still fails its test.
   */
  let beforeTest: Awaited<ReturnType<typeof snapshot>>;
  beforeEach(async () => {
    beforeTest = await snapshot(t.db);
  });
  afterEach(async () => {
    expect(await snapshot(t.db), 'a refused call wrote').toEqual(beforeTest);
  });

  async function refused(name: StaffCallName, body: Record<string, unknown>, field?: string) {
    const spec = STAFF_CALLS[name];
    const access = staffAccessOf(spec.access);
    const token = access === null ? undefined : access === 'pending' ? pending : admin;
    const response = await staffCall(t.app, spec.path, body, token);
    const answer = envelope(response);
    expect(response.statusCode, `${name} ${response.body}`).toBe(400);
    expect(answer.status).toBe(0);
    // Money fields answer their own codes (money.invalid_amount, money.unsupported_currency), and
    // trading ones theirs (a product that is not one: trade.product_unavailable; a symbol:
    // market.unknown_symbol).
    expect(answer.code).toMatch(/^(request|account|staff|kyc|money|trade|market|news|upload)\./);
    if (field !== undefined) expect(answer.params?.field, name).toBe(field);
    return answer;
  }

  /**
   * Money calls: values of the right type a field cannot take, with the exact code (issue 10: no
   * negative, zero, fractional, unsafe amounts, wrong currencies, NUL bytes or bad ids).
   */
  const NUL = ['a\u0000b', 'a\ud800b'];
  const MONEY_VALUES: [StaffCallName, string, unknown[], string][] = [
    [
      'adjustPropose',
      'amount',
      [0, 0.5, -0.5, 2 ** 53, -(2 ** 53), 2 ** 64],
      'money.invalid_amount',
    ],
    ['adjustPropose', 'currency', ['JPY', 'krw', 'XYZ', 'KRW\u0000'], 'money.unsupported_currency'],
    ['adjustPropose', 'customerId', [-1, 0, 1.5, 2 ** 53], 'request.invalid'],
    ['adjustPropose', 'reason', NUL, 'request.invalid_characters'],
    ['adjustApprove', 'id', [-1, 0, 1.5, 2 ** 53], 'request.invalid'],
    ...(['depositsApprove', 'withdrawalsApprove', 'withdrawalsPaid'] as const).flatMap(
      (name): [StaffCallName, string, unknown[], string][] => [
        [name, 'id', [-1, 0, 1.5, 2 ** 53], 'request.invalid'],
        [name, 'version', [-1, 1.5, 2 ** 53], 'request.invalid'],
      ],
    ),
    ['depositsReject', 'reason', NUL, 'request.invalid_characters'],
    ['withdrawalsReject', 'reason', NUL, 'request.invalid_characters'],
    ['withdrawalsPaid', 'reference', NUL, 'request.invalid_characters'],
  ];
  /** Trading terms an operator cannot set, and order ids that are none. */
  const TRADE_VALUES: [StaffCallName, string, unknown[], string][] = [
    [
      'productsSet',
      'code',
      ['bonds', 'Stock', 'stock ', 'stock\u0000'],
      'trade.product_unavailable',
    ],
    ['productsSet', 'lotSize', [0, -1, 1.5, 2 ** 53], 'request.invalid'],
    ['productsSet', 'leverages', [[], [...Array(11).keys()].map((i) => i + 1)], 'request.invalid'],
    ['productsSet', 'minOpenAmount', [-1, 0.5, 1e13, 2 ** 53], 'request.invalid'],
    ['productsSet', 'commissionPpm', [-1, 0.5, 100_001, 2 ** 53], 'request.invalid'],
    ['productsSet', 'maintenancePct', [-1, 0.5, 100, 2 ** 53], 'request.invalid'],
    ['ordersDetail', 'id', [-1, 0, 1.5, 2 ** 31, 2 ** 53], 'request.invalid'],
    // Corporate actions (docs/corporate-actions.md)
    ['corporateCreate', 'kind', ['bonus', 'Dividend', ''], 'request.invalid'],
    ['corporateCreate', 'recordAt', ['tomorrow', '2026-13-45'], 'request.invalid'],
    ['corporateCreate', 'windowClosesAt', ['soon'], 'request.invalid'],
    ['corporateCreate', 'perShare', [0, -1, 1.5, 2 ** 53], 'request.invalid'],
    ['corporateCreate', 'ratioPpm', [0, -1, 0.5, 200_000], 'request.invalid'],
    ['corporateCreate', 'issuePrice', [40_000], 'request.invalid'],
    ['corporateCreate', 'symbol', ['ABC', '0059301'], 'market.unknown_symbol'],
    ['corporateEdit', 'version', [-1, 1.5, 2 ** 53], 'request.invalid'],
    ['corporateCancel', 'reason', NUL, 'request.invalid_characters'],
    ['corporateRefuse', 'id', [-1, 0, 1.5, 2 ** 53], 'request.invalid'],
    // Placements and auctions (issue 12)
    ['placementSave', 'price', [0, -1, 0.5, 1e12 + 1, 2 ** 53], 'trade.invalid_price'],
    ['placementSave', 'sharesOffered', [0, -1, 1.5, 2 ** 31], 'request.invalid'],
    [
      'placementSave',
      'tiers',
      [[], Array(11).fill({ minShares: 1, allotPct: 1 })],
      'request.invalid',
    ],
    ['placementSave', 'depositPct', [0, 101, 1.5, 2 ** 53], 'request.invalid'],
    ['placementSave', 'paymentHours', [0, -1, 1.5, 24 * 30 + 1], 'request.invalid'],
    ['placementSave', 'symbol', ['ABC', '00593', 'abcdef'], 'market.unknown_symbol'],
    ['placementPublish', 'version', [-1, 1.5, 2 ** 53], 'request.invalid'],
    ['auctionSave', 'reservePrice', [0, -1, 0.5, 1e12 + 1], 'trade.invalid_price'],
    ['auctionSave', 'minShares', [0, -1, 1.5, 2 ** 31], 'request.invalid'],
    ['auctionPublish', 'id', [-1, 0, 1.5, 2 ** 31], 'request.invalid'],
  ];
  it('placementSave refuses tiers with bad entries, naming the entry', async () => {
    for (const tier of [
      { minShares: 0, allotPct: 50 },
      { minShares: 10, allotPct: 0 },
      { minShares: 10, allotPct: 101 },
    ]) {
      const body = { ...VALID.placementSave, tiers: [tier] };
      const answer = await refused('placementSave', body);
      expect(answer.code).toBe('request.invalid');
    }
  });
  it('productsSet refuses leverages that are not whole multiples, naming the entry', async () => {
    for (const value of [0, -1, 1.5, 2 ** 53]) {
      const body = { ...VALID.productsSet, leverages: [2, value] };
      const answer = await refused('productsSet', body, 'leverages[1]');
      expect(answer.code).toBe('request.invalid');
    }
  });
  it.each([...MONEY_VALUES, ...TRADE_VALUES])(
    '%s refuses bad %s values',
    async (name, field, values, code) => {
      for (const value of values) {
        const answer = await refused(name, { ...VALID[name], [field]: value }, field);
        expect(answer.code, `${name}.${field} = ${String(value)}`).toBe(code);
      }
    },
  );

  describe.each(Object.keys(STAFF_CALLS) as StaffCallName[])('%s', (name) => {
    const fields = Object.keys((STAFF_CALLS[name].request as unknown as { fields: object }).fields);

    it('refuses unknown fields', async () => {
      await refused(name, { ...VALID[name], extra: 1 }, 'body');
      await refused(name, { ...VALID[name], isAdmin: true }, 'body');
    });

    it.each(fields.length > 0 ? fields : ['-'])('refuses bad values of %s', async (field) => {
      if (field === '-') return;
      for (const value of WRONG_TYPES) {
        const original = VALID[name][field];
        if (typeof value === typeof original && !Array.isArray(value)) continue;
        await refused(name, { ...VALID[name], [field]: value }, field);
      }
      await refused(name, { ...VALID[name], [field]: HUGE }, field);
      const without = { ...VALID[name] };
      delete without[field];
      const optional = await validateBody(STAFF_CALLS[name].request, without).then(
        () => true,
        () => false,
      );
      if (!optional) await refused(name, without, field);
    });
  });
});
