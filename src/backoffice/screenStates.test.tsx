import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptedEvents } from '../../machines/decide';
import { accountLifecycle } from '../../machines/account';
import { BACKOFFICE_ROUTES } from './router';
import {
  adjustment,
  channel,
  depositItem,
  fundCase,
  fundSetting,
  proposal,
  withdrawalItem,
} from './testing/fundFixtures';
import {
  blockQueue,
  order,
  orderEntity,
  orderPage,
  orderRow,
  products,
} from './testing/tradeFixtures';
import { staffOfferingDetail, staffOfferings } from './testing/ipoFixtures';
import type { Handler } from './testing/harness';
import { backend, ok, renderAt, resetBackoffice, signIn, startBackoffice } from './testing/harness';

/**
 * Every back-office route (read from BACKOFFICE_ROUTES, so a new one fails the first test until it
 * has a row) under the four kinds of answer: none yet, empty, failing (a 500 envelope, and no
 * connection), and data after a retry.
 */
const page = (items: unknown[]) => ({ items, page: 1, pageSize: 20, total: items.length });
const NO_RESTRICTION =
  'frozen.off,disabled.off,loginBanned.off,tradingBarred.off,withdrawalBarred.off';
const customerRow = {
  id: 9,
  account: 'kim',
  accountId: '10000009',
  kycState: 'passed',
  institution: 'Maru',
  createdAt: '2026-01-02T03:04:05Z',
  states: {
    frozen: false,
    disabled: false,
    loginBanned: false,
    tradingBarred: false,
    withdrawalBarred: false,
  },
};
const customerDetail = {
  id: 9,
  account: 'kim',
  accountId: '10000009',
  kycState: 'passed',
  institution: 'Maru',
  createdAt: '2026-01-02T03:04:05Z',
  states: {
    frozen: false,
    disabled: false,
    loginBanned: false,
    tradingBarred: false,
    withdrawalBarred: false,
  },
  creditScore: 100,
  fundPasswordSet: false,
  accountLifecycle: {
    state: NO_RESTRICTION,
    version: 1,
    accepts: acceptedEvents(accountLifecycle, { state: NO_RESTRICTION, context: { reasons: {} } }),
  },
  stateChanges: [],
};
const kycDetail = {
  customerId: 7,
  account: 'hong',
  state: 'under_review.waiting',
  version: 3,
  accepts: ['review.approve', 'review.reject', 'review.overdue'],
  submissions: 1,
  rejectionReason: null,
  realName: '홍길동',
  idNumber: '900101-1',
  front: { photoId: 'f', mime: 'image/jpeg', data: 'AAAA' },
  back: { photoId: 'b', mime: 'image/jpeg', data: 'BBBB' },
};
const entityView = {
  entityType: 'kyc',
  entityId: '7',
  state: 'passed',
  version: 4,
  accepts: [],
  chartSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  transitions: [],
};

interface RouteCase {
  url: string;
  /** The call the screen loads with. */
  path?: string;
  data?: unknown;
  /** The answer with nothing in it, for lists; null when the screen has no list. */
  empty?: unknown;
  /** Shown once the data is in. */
  shows: string;
  /** The empty state's test id. */
  emptyShows?: string;
  /** Other calls the screen makes once its data is in, answered with these. */
  also?: Record<string, unknown>;
}

const CASES: Record<string, RouteCase> = {
  '/login': { url: '/login', shows: 'staff-account' },
  '/password': { url: '/password', shows: 'change-password-submit' },
  '/': { url: '/', path: '/kyc/queue', data: page([]), shows: 'kyc-queue' },
  '/kyc': {
    url: '/kyc',
    path: '/kyc/queue',
    data: page([
      {
        customerId: 7,
        account: 'hong',
        accountId: '10000007',
        realName: '홍길동',
        state: 'under_review.waiting',
        submissions: 1,
        submittedAt: '2026-01-01T00:00:00Z',
      },
    ]),
    empty: page([]),
    shows: 'kyc-row-hong',
    emptyShows: 'kyc-queue-empty',
  },
  '/kyc/:customerId': {
    url: '/kyc/7',
    path: '/kyc/detail',
    data: kycDetail,
    shows: 'kyc-decisions',
  },
  '/customers': {
    url: '/customers',
    path: '/customers/search',
    data: page([customerRow]),
    empty: page([]),
    shows: 'customer-table',
    emptyShows: 'view-empty',
  },
  '/customers/:customerId': {
    url: '/customers/9',
    path: '/customers/detail',
    data: customerDetail,
    shows: 'customer-states',
  },
  '/deposits/queue': {
    url: '/deposits/queue',
    path: '/deposits/queue',
    data: page([depositItem()]),
    empty: page([]),
    shows: 'fund-row-D41',
    emptyShows: 'fund-queue-empty',
  },
  '/deposits/detail': {
    url: '/deposits/detail?id=41',
    path: '/deposits/detail',
    data: fundCase(depositItem()),
    shows: 'fund-decisions',
  },
  '/withdrawals/queue': {
    url: '/withdrawals/queue',
    path: '/withdrawals/queue',
    data: page([withdrawalItem()]),
    empty: page([]),
    shows: 'fund-row-W42',
    emptyShows: 'fund-queue-empty',
  },
  '/withdrawals/detail': {
    url: '/withdrawals/detail?id=42',
    path: '/withdrawals/detail',
    data: fundCase(withdrawalItem()),
    shows: 'fund-decisions',
  },
  '/channels/list': {
    url: '/channels/list',
    path: '/channels/list',
    data: { channels: [channel()], proposals: [proposal()] },
    empty: { channels: [], proposals: [] },
    shows: 'channel-row-1',
    emptyShows: 'channel-table-empty',
  },
  '/channels/propose': {
    url: '/channels/propose',
    path: '/channels/list',
    data: { channels: [channel()], proposals: [] },
    shows: 'channel-propose-form',
  },
  '/channels/approve': {
    url: '/channels/approve',
    path: '/channels/list',
    data: { channels: [channel()], proposals: [proposal()] },
    empty: { channels: [channel()], proposals: [] },
    shows: 'proposal-row-5',
    emptyShows: 'proposal-table-empty',
  },
  '/ledger/adjust/list': {
    url: '/ledger/adjust/list',
    path: '/ledger/adjust/list',
    data: page([adjustment()]),
    empty: page([]),
    shows: 'adjust-row-8',
    emptyShows: 'adjust-table-empty',
  },
  '/ledger/adjust/propose': { url: '/ledger/adjust/propose', shows: 'adjust-propose-form' },
  '/fundSettings': {
    url: '/fundSettings',
    path: '/fundSettings/get',
    data: { items: [fundSetting('fund.withdrawOpens', 540, 'minuteOfDay')] },
    shows: 'setting-fund.withdrawOpens',
  },
  '/products': {
    url: '/products',
    path: '/products/list',
    data: products(),
    empty: { products: [] },
    shows: 'product-row-stock',
    emptyShows: 'product-table-empty',
  },
  '/orders': {
    url: '/orders',
    path: '/orders/search',
    data: orderPage([orderRow()]),
    empty: orderPage([]),
    shows: 'order-row-T12',
    emptyShows: 'order-table-empty',
  },
  '/orders/detail': {
    url: '/orders/detail?id=12',
    path: '/orders/detail',
    data: { order: order(), history: [] },
    shows: 'order-fields',
    also: { '/entities/view': orderEntity() },
  },
  '/block': {
    url: '/block',
    path: '/block/queue',
    data: blockQueue(),
    empty: blockQueue({ rows: [] }),
    shows: 'block-row-21',
    emptyShows: 'block-queue-empty',
  },
  // News (issue 13)
  '/news': {
    url: '/news',
    path: '/news/list',
    data: page([
      {
        id: 5,
        title: '[예시] 환영합니다',
        langs: ['ko', 'en'],
        tags: ['notice'],
        hot: true,
        source: 'sample',
        publishAt: null,
        publishedAt: '2026-01-02T03:04:05Z',
        updatedAt: '2026-01-02T03:04:05Z',
        state: 'published',
        version: 1,
        accepts: ['news.withdraw'],
      },
    ]),
    empty: page([]),
    shows: 'news-row-5',
    emptyShows: 'news-articles-empty',
  },
  // Placements and auctions (issue 12)
  '/offerings': {
    url: '/offerings',
    path: '/offerings/list',
    data: {
      placements: [
        {
          id: 4,
          symbol: '000660',
          name: 'SK하이닉스',
          price: 180_000,
          sharesOffered: 100_000,
          tiers: [{ minShares: 10, allotPct: 50 }],
          minShares: 10,
          depositPct: 50,
          opensAt: '2026-11-20T00:00:00Z',
          closesAt: '2026-12-20T00:00:00Z',
          paymentHours: 48,
          state: 'draft',
          version: 0,
          accepts: ['offering.publish'],
          demo: false,
          createdBy: 1,
          applications: 0,
        },
      ],
      auctions: [],
    },
    empty: { placements: [], auctions: [] },
    shows: 'placement-row-4',
    emptyShows: 'placement-table-empty',
  },
  '/entities/:entityType/:entityId': {
    url: '/entities/kyc/7',
    path: '/entities/view',
    data: entityView,
    shows: 'entity-state',
  },
  '/audit': {
    url: '/audit',
    path: '/audit/search',
    data: {
      ...page([
        {
          id: 1,
          at: '2026-01-01T00:00:00Z',
          staff: 'admin1',
          action: 'institution.create',
          entity: 'institution:1',
          detail: 'x'.repeat(400),
          ip: '127.0.0.1',
          userAgent: 'test',
        },
      ]),
      pageSize: 50,
    },
    empty: page([]),
    shows: 'audit-table',
    emptyShows: 'audit-table-empty',
  },
  '/institutions': {
    url: '/institutions',
    path: '/institutions/list',
    data: page([
      { id: 1, code: 'MARU', name: 'Maru', active: true, customers: 3, createdAt: '2026-01-01' },
    ]),
    empty: page([]),
    shows: 'institution-row-MARU',
    emptyShows: 'institution-table-empty',
  },
  '/institutions/:institutionId': {
    url: '/institutions/1',
    path: '/institutions/customers',
    data: page([customerRow]),
    empty: page([]),
    shows: 'customer-table',
    emptyShows: 'view-empty',
  },
  // Message centre (docs/messages.md)
  '/announcements': {
    url: '/announcements',
    path: '/announcement/list',
    data: page([
      {
        id: 3,
        audience: 'all',
        institutionId: null,
        accounts: [],
        title: '점검 안내',
        body: '내일 점검합니다.',
        languages: ['en'],
        recipients: 12,
        readCount: 4,
        createdBy: 1,
        createdAt: '2026-01-01T00:00:00Z',
      },
    ]),
    empty: page([]),
    shows: 'announcement-row-3',
    emptyShows: 'announcement-table-empty',
  },
  '/jobs': {
    url: '/jobs',
    path: '/jobs/list',
    data: page([]),
    empty: page([]),
    shows: 'jobs-table',
    emptyShows: 'jobs-table-empty',
  },
  '/settings': {
    url: '/settings',
    path: '/settings/get',
    data: {
      items: [
        {
          key: 'kyc.reviewHours',
          value: 24,
          defaultValue: 24,
          unit: 'hours',
          updatedBy: null,
          updatedAt: null,
        },
      ],
    },
    shows: 'setting-kyc.reviewHours',
  },
  '/staff': {
    url: '/staff',
    path: '/staff/list',
    data: page([{ id: 1, account: 'admin1', role: 'admin', enrolled: true, lockedUntil: null }]),
    empty: page([]),
    shows: 'staff-row-admin1',
    emptyShows: 'staff-table-empty',
  },
  // Corporate actions (docs/corporate-actions.md)
  '/corporate': {
    url: '/corporate',
    path: '/corporate/calendar',
    data: {
      items: [
        {
          id: 4,
          symbol: '005930',
          name: '삼성전자',
          kind: 'dividend',
          recordAt: '2026-11-28T02:00:00Z',
          payAt: '2026-12-05T02:00:00Z',
          windowClosesAt: null,
          perShare: 361,
          issuePrice: null,
          ratioPpm: null,
          priceFactorPpm: 996_000,
          state: 'announced',
          version: 0,
          accepts: ['corporate.record', 'corporate.cancel'],
          cancelReason: null,
          holders: 0,
          paidNet: 0,
          taxWithheld: 0,
          sharesApplied: 0,
          editable: true,
          demo: true,
          createdAt: '2026-11-25T02:00:00Z',
        },
      ],
      page: 1,
      pageSize: 100,
      total: 1,
    },
    empty: { items: [], page: 1, pageSize: 100, total: 0 },
    shows: 'corporate-action-4',
    emptyShows: 'corporate-empty',
  },
  // IPO offerings (issue 12)
  '/ipo': {
    url: '/ipo',
    path: '/ipo/offerings',
    data: staffOfferings(),
    empty: staffOfferings([]),
    shows: 'ipo-row-2',
    emptyShows: 'ipo-table-empty',
  },
  '/ipo/detail': {
    url: '/ipo/detail?id=1',
    path: '/ipo/offering',
    data: staffOfferingDetail(),
    shows: 'ipo-draw-check',
  },
  '*': { url: '/nowhere', path: '/kyc/queue', data: page([]), shows: 'kyc-queue' },
  // Service (issue 13)
  '/checkInRewards': {
    url: '/checkInRewards',
    path: '/signin/rewards',
    data: {
      rows: [
        {
          id: 3,
          title: 'Fee-free order',
          kind: 'commission_coupon',
          checkInsRequired: 7,
          active: true,
          redeemed: 2,
          updatedAt: '2026-01-01T00:00:00Z',
        },
      ],
    },
    empty: { rows: [] },
    shows: 'reward-row-3',
    emptyShows: 'reward-table-empty',
  },
  '/seat': {
    url: '/seat',
    path: '/seat/queue',
    data: {
      rows: [
        {
          id: 5,
          customerId: 9,
          account: 'kim',
          accountId: '10000009',
          kycState: 'passed',
          state: 'pending',
          version: 1,
          accepts: ['review.approve', 'review.reject'],
          updatedAt: '2026-01-01T00:00:00Z',
        },
      ],
      commissionPpm: 100,
    },
    empty: { rows: [], commissionPpm: 100 },
    shows: 'seat-row-5',
    emptyShows: 'seat-queue-empty',
  },
  // Customer service (issue 13, docs/support.md)
  '/support': {
    url: '/support',
    path: '/support/queue',
    data: {
      onShift: true,
      agentsOnShift: 1,
      agents: [{ id: 2, account: 'mina' }],
      waiting: [
        {
          id: 4,
          state: 'waiting',
          version: 0,
          accepts: ['chat.assign', 'chat.close'],
          agent: null,
          agentId: null,
          reopenings: 0,
          customerReadUpTo: 0,
          staffReadUpTo: 0,
          unread: 0,
          lastMessageAt: '2026-01-01T00:00:00Z',
          customerId: 9,
          account: 'kim',
          preview: 'How do I withdraw?',
          staffUnread: 1,
        },
      ],
      mine: [],
      others: [],
      closed: [],
    },
    empty: {
      onShift: false,
      agentsOnShift: 0,
      agents: [],
      waiting: [],
      mine: [],
      others: [],
      closed: [],
    },
    also: { '/support/canned': { rows: [{ id: 1, title: 'Greeting', text: 'Hello!' }] } },
    shows: 'support-row-4',
    emptyShows: 'support-waiting-empty',
  },
};

/** Every path of the route tree, children joined to their parent's. */
function pathsOf(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((r) => {
    const own = r.index ? [] : [r.path === '/' || r.path === '*' ? r.path : `${parent}${r.path}`];
    const base = r.path === '/' ? '/' : `${parent}${r.path ?? ''}/`;
    return [...own, ...pathsOf(r.children ?? [], base)];
  });
}

const LOADING = '[data-testid$="-loading"], [aria-busy="true"]';
const FAILED = '[data-testid$="-error"]';
const never: Handler = () => new Promise(() => undefined);
const noNetwork: Handler = () => Promise.reject(new Error('Network Error'));
const fails500: Handler = () => ({
  status: 500,
  data: { status: 0, code: 'system.busy', params: {}, msg: '' },
});

beforeAll(startBackoffice);
beforeEach(() => {
  resetBackoffice();
  signIn('admin');
});

describe('every back-office route', () => {
  it('has a row in CASES', () => {
    expect(pathsOf(BACKOFFICE_ROUTES).filter((p) => !CASES[p])).toEqual([]);
  });

  const loading = Object.entries(CASES).filter(([, c]) => c.path);
  describe.each(loading)('%s', (_, c) => {
    const path = c.path ?? '';
    beforeEach(() => {
      for (const [other, data] of Object.entries(c.also ?? {})) {
        backend.handlers[other] = () => ok(data);
      }
    });
    it('shows a spinner while nothing answers', async () => {
      backend.handlers[path] = never;
      renderAt(c.url);
      await waitFor(() => expect(document.querySelector(LOADING)).not.toBeNull());
      expect(document.querySelector(FAILED)).toBeNull();
      expect(screen.queryByTestId(c.shows)).toBeNull();
    });

    it.each([
      ['a 500', fails500],
      ['no network', noNetwork],
    ])('shows an error with a retry (%s), and the data after the retry', async (_name, fail) => {
      backend.handlers[path] = fail;
      renderAt(c.url);
      const error = await waitFor(() => {
        const found = document.querySelector<HTMLElement>(FAILED);
        expect(found).not.toBeNull();
        return found as HTMLElement;
      });
      expect(error.textContent).not.toMatch(/system\.|Error|undefined/);
      backend.handlers[path] = () => ok(c.data);
      const asked = backend.sent.filter((s) => s.path === path).length;
      fireEvent.click(within(error).getByRole('button'));
      await screen.findByTestId(c.shows);
      expect(backend.sent.filter((s) => s.path === path).length).toBe(asked + 1);
      expect(document.querySelector(FAILED)).toBeNull();
    });

    if (c.empty !== undefined) {
      it('shows its empty state', async () => {
        backend.handlers[path] = () => ok(c.empty);
        renderAt(c.url);
        expect((await screen.findByTestId(c.emptyShows ?? '')).textContent).toBe('Nothing to show');
      });
    }

    it('shows the data of a slow answer after loading', async () => {
      backend.handlers[path] = () =>
        new Promise((resolve) => setTimeout(() => resolve(ok(c.data)), 300));
      renderAt(c.url);
      await waitFor(() => expect(document.querySelector(LOADING)).not.toBeNull());
      await screen.findByTestId(c.shows, {}, { timeout: 3000 });
    });
  });

  it.each(Object.entries(CASES).filter(([, c]) => !c.path))(
    '%s shows itself without asking for data',
    async (_, c) => {
      if (c.url === '/password') {
        resetBackoffice();
        signIn('admin');
      }
      renderAt(c.url);
      await screen.findByTestId(c.shows);
    },
  );
});
