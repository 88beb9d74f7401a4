import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axios from 'axios';
import { Component, Suspense } from 'react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSiteConfig } from '../config/siteConfig';
import { MARKET_TABS } from '../market/MarketScreen';
import { sessionStore } from '../session';
import type { BackendMode } from '../testing/fakeBackend';
import { backend, fakeAdapter } from '../testing/fakeBackend';
import { renderWithApp } from '../testing/renderWithApp';
import { SCREENS } from './screens';

/**
 * Every screen of SCREENS under every kind of answer (issue 9, item 1): never answering, empty,
 * failing (a 500 envelope, no network), slow, and with data. The REST calls go through the app's
 * client onto a fake network (axios' default adapter); live market data comes from fake hooks in the same mode.
 * A screen added to SCREENS without a row in CASES fails the first test.
 */
vi.mock('../market/live', async () => (await import('../testing/fakeBackend')).liveHooks);
// Highcharts draws nothing useful in happy-dom; the chart's own states are the chart's tests.
vi.mock('../market/chart/StockChart', () => ({ StockChart: () => null }));
// The site configuration loads before the app mounts (ConfigRetry covers its failure).
vi.mock('../config/fetchConfigItems', () => ({
  fetchConfigItems: () =>
    Promise.resolve([
      { name: 'about_us', value: 'Maru' },
      { name: 'privacy_policy', value: 'Privacy' },
      { name: 'user_agreement', value: 'Terms' },
    ]),
}));

interface ScreenCase {
  /** The address opened (the route's path by default). */
  url?: string;
  /** Test ids all shown once the data is in. */
  data: string[];
  /** Test ids shown for empty answers (an `-empty` state, or the figures with dashes). */
  empty: string[];
  /** The screen asks for nothing: it shows `data` whatever the network does. */
  offline?: true;
  /** What a person does first (typing a search), before the screen asks for anything. */
  act?: () => void;
  /** Opened signed out: the screen forwards a signed-in customer elsewhere (router.test.tsx). */
  signedOut?: true;
  /**
   * Calls for an optional extra (Home's next-step card): when they fail the extra is left out, by
   * design, so they alone do not call for a retry button.
   */
  optional?: readonly string[];
}

const offline = (...ids: string[]): ScreenCase => ({ data: ids, empty: ids, offline: true });

const TAB_STATES: Record<(typeof MARKET_TABS)[number], Pick<ScreenCase, 'data' | 'empty'>> = {
  quotes: { data: ['indices', 'rankings'], empty: ['indices-empty', 'rankings-empty'] },
  trading: {
    data: ['investor-trends', 'short-selling'],
    // A day without flows yet shows its zero figures; no short selling is an empty list.
    empty: ['investor-trends', 'short-selling-empty'],
  },
  featured: { data: ['industries'], empty: ['industries-empty'] },
  indicators: { data: ['indicators'], empty: ['indicators-empty'] },
  issues: { data: ['issues'], empty: ['issues-empty'] },
  forex: { data: ['fx'], empty: ['fx-empty'] },
};

const CASES: Record<string, ScreenCase[]> = {
  // A signed-in customer is forwarded to Home (router.test.tsx); the welcome page is for others.
  '/login/start': [{ ...offline('start-login'), signedOut: true }],
  '/login/start1': [offline('language-continue')],
  '/login/login': [offline('login-submit')],
  '/login/register': [offline('register-submit')],
  '/login/reLogin': [offline('relogin-notice')],
  // Loads the customer, then leaves for "Mine": the data state is the redirect's absence of error.
  '/login/loginAfter': [{ data: [], empty: [] }],
  '/information/index': [
    {
      data: ['mine-account', 'mine-balance-KRW', 'portfolio-total'],
      empty: ['mine-account', 'balances-empty', 'portfolio-total'],
    },
  ],
  '/information/setting': [offline('logout')],
  '/information/changeLang': [offline('lang-kor')],
  '/information/loginPass': [offline('loginpass-submit')],
  '/information/authInfo': [{ data: ['kyc-state'], empty: ['kyc-state'] }],
  '/information/fundPass': [{ data: ['fundpass-mode-change'], empty: ['fundpass-form'] }],
  '/information/bankList': [{ data: ['banklist', 'card-7-masked'], empty: ['banklist-empty'] }],
  // Verified customers get the form in their real name; the others are sent to verify first.
  '/information/addBankCard': [{ data: ['addcard-form'], empty: ['addcard-needs-kyc'] }],
  '/information/usdtAddress': [{ data: ['wallets', 'wallet-3-qr'], empty: ['wallets-empty'] }],
  '/information/rechargeChannel': [
    { data: ['channels', 'channel-1-demo', 'fund-window'], empty: ['channel-empty'] },
  ],
  // Whether another fund order is pending is an extra: the deposit call refuses anyway.
  '/information/recharge': [
    {
      data: ['recharge-form', 'voucher-file'],
      empty: ['recharge-empty'],
      optional: ['cashOutInfo'],
    },
  ],
  '/information/cashOut': [
    {
      data: ['cashout-form', 'cashout-withdrawable'],
      empty: ['cashout-destinations-empty', 'cashout-add-destination'],
    },
  ],
  // No balances yet still offers the form: what can be sold is checked by the server.
  '/information/exChange': [
    { data: ['exchange-form', 'exchange-available'], empty: ['exchange-form'] },
  ],
  '/information/fundRecord': [
    { data: ['fundrecord-list', 'fundrecord-row-41'], empty: ['fundrecord-empty'] },
    {
      url: '/information/fundRecord?type=recharge&id=41',
      data: ['fundorder-detail', 'fundorder-cancel'],
      empty: ['fundorder-detail', 'fundorder-history'],
    },
  ],
  '/information/aboutUs': [offline('about-us-text')],
  // Message centre (docs/messages.md): the list, and one message opened.
  '/information/msgInfo': [
    { data: ['msg-list', 'msg-row-7', 'msg-read-all'], empty: ['msg-empty'] },
    {
      url: '/information/msgInfo?id=7',
      data: ['msg-detail', 'msg-detail-body'],
      empty: ['msg-detail-empty'],
    },
  ],
  '/information/aboutInfo': [offline('about-info-text')],
  '/home/index': [
    {
      data: ['indices', 'hot', 'portfolio-total'],
      empty: ['indices-empty', 'hot-empty', 'portfolio-total'],
      optional: ['kycStatus', 'info'],
    },
  ],
  '/home/market': [
    {
      data: ['indices', 'hot', 'rankings'],
      empty: ['indices-empty', 'hot-empty', 'rankings-empty'],
    },
  ],
  '/market/index': MARKET_TABS.map((tab) => ({
    url: `/market/index?tab=${tab}`,
    ...TAB_STATES[tab],
  })),
  '/market/optionList': [{ data: ['rankings'], empty: ['rankings-empty'] }],
  '/market/stockDetail': [
    {
      url: '/market/stockDetail?code=005930',
      data: ['stock-price', 'book-bid-1'],
      empty: ['stock-price', 'book-empty'],
    },
  ],
  '/market/marketBuy': [
    {
      url: '/market/marketBuy?symbol=005930&side=short',
      data: ['ticket-form', 'ticket-open'],
      // No product listed: the ticket says it cannot be traded now.
      empty: ['ticket-empty'],
    },
  ],
  '/home/dayTrading': [
    {
      data: ['daytrading-product-dayTrading', 'daytrading-terms'],
      empty: ['daytrading-empty'],
    },
  ],
  '/home/blockTrade': [
    { data: ['block-offering-3', 'block-discount-3'], empty: ['block-offerings-empty'] },
  ],
  '/home/blockTrade1': [
    {
      url: '/home/blockTrade1?id=3',
      data: ['block-apply-form', 'block-apply-total', 'block-apply-next'],
      // No offering by that id (and no products): the screen says it is not listed.
      empty: ['block-apply-empty'],
    },
  ],
  // Corporate actions (docs/corporate-actions.md)
  '/home/dividend': [
    {
      data: ['corporate-lists', 'corporate-rights-4', 'corporate-dividend-3', 'corporate-net-3'],
      empty: ['corporate-empty'],
    },
  ],
  '/home/rightsApply': [
    {
      url: '/home/rightsApply?id=4',
      data: ['rights-apply-form', 'rights-apply-total', 'rights-apply-next'],
      empty: ['rights-apply-empty'],
    },
  ],
  // News (issue 13)
  '/home/newsList': [
    { data: ['news-item-41', 'news-hot-41', 'news-item-42'], empty: ['news-empty'] },
  ],
  '/home/newsDetail': [
    {
      url: '/home/newsDetail?id=42',
      data: ['news-article-title', 'news-article-body', 'news-simulated-42', 'news-stock-005930'],
      empty: ['news-article-title'],
    },
  ],
  '/home/blockTrade2': [
    {
      data: ['block-application-21', 'block-position-21'],
      empty: ['block-applications-empty'],
    },
  ],
  // Placements and auctions (issue 12)
  '/home/newStockps': [
    {
      data: ['placement-4', 'placement-application-31', 'placement-pay-31'],
      empty: ['placements-empty', 'placement-applications-empty'],
    },
  ],
  '/home/newStockPsBuy': [
    {
      url: '/home/newStockPsBuy?id=4',
      data: ['placement-apply-form', 'placement-apply-deposit', 'placement-apply-next'],
      empty: ['placement-apply-empty'],
    },
  ],
  '/home/auction': [
    {
      data: ['auction-5', 'auction-bid-41', 'auction-position-41'],
      empty: ['auctions-empty', 'auction-bids-empty'],
    },
  ],
  '/home/auctionBid': [
    {
      url: '/home/auctionBid?id=5',
      data: ['auction-bid-form', 'auction-bid-amount', 'auction-bid-next'],
      empty: ['auction-bid-empty'],
    },
  ],
  '/market/stockDetailzs': [
    {
      url: '/market/stockDetailzs?name=KOSPI',
      data: ['stock-price', 'investor-trends'],
      empty: ['stock-price', 'investor-trends'],
    },
  ],
  '/market/marketTeshe': [{ data: ['industries'], empty: ['industries-empty'] }],
  '/market/marketZhiBiao': [{ data: ['indicators'], empty: ['indicators-empty'] }],
  '/market/marketQuestion': [{ data: ['issues'], empty: ['issues-empty'] }],
  '/trade/index': [
    { data: ['positions-list', 'positions-totals', 'order-7-close'], empty: ['positions-empty'] },
  ],
  '/trade/positionDetail': [
    {
      url: '/trade/positionDetail?id=7',
      data: ['position-detail', 'position-close', 'position-step-1'],
      empty: ['position-detail', 'position-cancel', 'position-step-placed'],
    },
  ],
  '/favorite/index': [{ data: ['watchlist'], empty: ['watchlist-empty'] }],
  '/favorite/search': [
    {
      data: ['search-results'],
      empty: ['search-empty'],
      act: () =>
        fireEvent.change(screen.getByTestId('search-input'), { target: { value: '삼성' } }),
    },
  ], // IPO subscriptions (issue 12)
  '/home/newStock': [
    { data: ['ipo-offering-2', 'ipo-demo-2', 'ipo-price-2'], empty: ['ipo-offerings-empty'] },
  ],
  '/home/newStockBuy': [
    {
      url: '/home/newStockBuy?id=1',
      data: ['ipo-detail', 'ipo-seed', 'ipo-draw-link', 'ipo-sub-31-pay'],
      // An offering open now, with no subscription of the customer's yet: the flow and an empty list.
      empty: ['ipo-detail', 'ipo-subscribe-form', 'ipo-mine-empty'],
    },
  ],
  '/home/newStockRecord': [
    {
      url: '/home/newStockRecord?id=31',
      data: ['ipo-record', 'ipo-record-step-1', 'ipo-record-31-pay'],
      empty: ['ipo-record', 'ipo-record-step-requested'],
    },
  ],
  '/home/newStockRecords': [{ data: ['ipo-records-row-31'], empty: ['ipo-records-empty'] }],
  '/home/newStockDraw': [
    {
      url: '/home/newStockDraw?id=1',
      data: ['ipo-draw-verified', 'ipo-draw-mine', 'ipo-draw-seed-check'],
      empty: ['ipo-draw-verified', 'ipo-draw-mine-none'],
    },
  ],
  // Service (issue 13)
  '/information/userInfo': [
    {
      data: ['profile-card', 'profile-identity', 'profile-seat', 'seat-reason', 'seat-apply'],
      empty: ['profile-card', 'profile-seat', 'seat-apply'],
    },
  ],
  '/information/signIn': [
    {
      data: ['checkin-summary', 'checkin-rewards', 'checkin-redemptions', 'checkin-coupons'],
      empty: ['checkin-summary', 'checkin-rewards-empty'],
    },
  ],
  // Customer service (issue 13): a chat with an agent on shift; no agent and no conversation
  // yet (the hours and the leave-a-message form).
  '/home/kefuCenter': [
    {
      data: ['kefu-hours', 'kefu-messages', 'kefu-composer', 'kefu-state'],
      empty: ['kefu-hours', 'kefu-empty', 'kefu-leave'],
    },
  ],
};

const LOADING = '[data-testid$="-loading"], [aria-busy="true"]';
const FAILED = '[data-testid$="-error"]';
const SUSPENDED = 'screen-suspended';

/** A crash to the error page is what this test exists to catch: it is recorded, not shown. */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? (
      <div data-testid="crashed">{String(this.state.error.stack)}</div>
    ) : (
      this.props.children
    );
  }
}

async function open(path: string, c: ScreenCase) {
  if (c.signedOut) sessionStore.signOut();
  const route = SCREENS.find((s) => s.path === path);
  if (!route) throw new Error(`no screen ${path}`);
  const { Screen } = route;
  const view = await renderWithApp(
    <Boundary>
      <Suspense fallback={<div data-testid={SUSPENDED} />}>
        <Screen />
      </Suspense>
    </Boundary>,
    { path: c.url ?? path },
  );
  await waitFor(() => expect(screen.queryByTestId(SUSPENDED)).toBeNull(), { timeout: 5000 });
  if (c.act) c.act();
  return view;
}

function notCrashed() {
  const crashed = screen.queryByTestId('crashed');
  expect(crashed?.textContent ?? null).toBeNull();
}

const all = (ids: readonly string[]) => () => {
  notCrashed();
  for (const id of ids) expect(screen.getAllByTestId(id).length, id).toBeGreaterThan(0);
};

/** Lets pending promises settle (slow answers wait for `backend.answerSlow()`). */
const settle = () => act(() => new Promise((r) => setTimeout(r, 200)));

let signedIn = 0;
beforeAll(async () => {
  // The app's own client, with the fake network under it.
  axios.defaults.adapter = fakeAdapter;
  await loadSiteConfig();
});
beforeEach(async () => {
  backend.reset();
  localStorage.clear();
  (await import('../favorite/watchlistStore')).resetWatchlist();
  // A new account each time: a copy of "Mine" cached for another test's account is not shown.
  sessionStore.signIn('tok', `tester${++signedIn}`);
});
afterEach(() => {
  expect(backend.unknown, 'calls without a fixture in fakeBackend.ts').toEqual([]);
});

describe('every customer screen', () => {
  it('has a row in CASES', () => {
    expect(SCREENS.map((s) => s.path).filter((p) => !CASES[p]?.length)).toEqual([]);
  });

  const rows = Object.entries(CASES).flatMap(([path, cases]) =>
    cases.map((c) => ({ name: c.url ?? path, path, c })),
  );

  describe.each(rows)('$name', ({ path, c }) => {
    const modes: BackendMode[] = ['hang', 'empty', 'fail500', 'network', 'slow', 'data'];

    if (c.offline) {
      it.each(modes)('shows itself whatever the network does (%s)', async (mode) => {
        backend.setMode(mode);
        await open(path, c);
        await settle();
        all(c.data)();
        expect(document.querySelector(FAILED)).toBeNull();
      });
      return;
    }

    it('shows a loading state while nothing answers, and no error', async () => {
      backend.setMode('hang');
      await open(path, c);
      // Waited for, not expected at once: a search asks only after the typing pauses.
      await waitFor(() => expect(document.querySelector(LOADING), 'a loading').not.toBeNull());
      await settle();
      notCrashed();
      expect(document.querySelector(LOADING), 'still loading').not.toBeNull();
      expect(document.querySelector(FAILED)).toBeNull();
      for (const id of c.data) expect(screen.queryByTestId(id)).toBeNull();
    });

    it('shows its empty state for empty answers', async () => {
      backend.setMode('empty');
      await open(path, c);
      await waitFor(all(c.empty));
      await settle();
      all(c.empty)();
      expect(document.querySelector(FAILED)).toBeNull();
    });

    it.each(['fail500', 'network'] as const)(
      'shows an error with a retry when the call fails (%s), and the data after it',
      async (mode) => {
        backend.setMode(mode);
        await open(path, c);
        await waitFor(() => expect(document.querySelector(FAILED)).not.toBeNull());
        notCrashed();
        const failedViews = () => [...document.querySelectorAll<HTMLElement>(FAILED)];
        const retryButtons = () => failedViews().flatMap((e) => within(e).queryAllByRole('button'));
        const required = backend.calls.filter((name) => !c.optional?.includes(name));
        // Every failed REST answer offers a retry; a live channel recovers by itself. A live
        // channel's error can show before a REST error's render (a transition) commits: waited for.
        if (required.length > 0) {
          await waitFor(() => expect(retryButtons().length, 'a retry button').toBeGreaterThan(0));
        }
        // Panels that ask after the first paint (news) fail a little later.
        await settle();
        for (const error of failedViews()) {
          // A translated sentence, never a code or an exception's text.
          expect(error.textContent).not.toMatch(/system\.|Error|undefined|null/);
        }
        backend.setMode('data');
        const asked = backend.calls.length;
        const retries = retryButtons();
        for (const retry of retries) if (retry.isConnected) fireEvent.click(retry);
        if (retries.length > 0) {
          await waitFor(() => expect(backend.calls.length).toBeGreaterThan(asked));
        }
        await waitFor(all(c.data));
        // A panel whose failure committed after the first clicks is retried as a customer would.
        await waitFor(() => {
          for (const retry of retryButtons()) fireEvent.click(retry);
          expect(document.querySelector(FAILED)).toBeNull();
        });
      },
    );

    it('shows loading, then the data of a slow answer', async () => {
      backend.setMode('slow');
      await open(path, c);
      notCrashed();
      if (c.data.length > 0) {
        await waitFor(() => expect(document.querySelector(LOADING), 'a loading').not.toBeNull());
        for (const id of c.data) expect(screen.queryByTestId(id)).toBeNull();
      }
      // The answers arrive now that the loading state has been seen, however long it took.
      backend.answerSlow();
      await waitFor(all(c.data));
      expect(document.querySelector(FAILED)).toBeNull();
    });
  });
});
