import { ChakraProvider } from '@chakra-ui/react';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfoDto } from '../../contract/schemas/user';
import { i18n, startI18n } from '../i18n/i18n';
import { sessionStore } from '../session';
import { customerSystem } from '../theme/system';
import { buildRoutes } from './router';

// Each lazy screen is transformed on its first import; on a busy machine that takes seconds.
configure({ asyncUtilTimeout: 10_000 });

const ALICE: UserInfoDto = {
  account: 'alice',
  accountId: '10000042',
  kycState: 'under_review',
  creditScore: 80,
  avatar: null,
  institution: 'MARU01',
  fundPasswordSet: false,
  balances: [
    { currency: 'KRW', total: 1_234_567, available: 1_000_000, held: 234_567 },
    { currency: 'USD', total: 12_345, available: 12_345, held: 0 },
    { currency: 'USDT', total: 1_500_000, available: 0, held: 1_500_000 },
  ],
  states: {
    frozen: false,
    disabled: false,
    loginBanned: false,
    tradingBarred: false,
    withdrawalBarred: false,
  },
  createdAt: '2026-01-02T03:04:05Z',
};

// The screens' calls answer from memory: these tests are about routing and rendering.
vi.mock('../api/calls', () => ({
  call: (name: string) =>
    name === 'info'
      ? Promise.resolve(ALICE)
      : // The tab bar's unread badge (docs/messages.md).
        name === 'msgUnread'
        ? Promise.resolve({ unread: 0 })
        : Promise.resolve(null),
}));

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <ChakraProvider value={customerSystem()}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </ChakraProvider>,
  );
  return router;
}

describe('routes', () => {
  beforeAll(() => startI18n('kor'));
  beforeEach(() => {
    localStorage.clear();
    sessionStore.reload();
  });

  it('sends / to the welcome page', async () => {
    const router = renderAt('/');
    expect(await screen.findByTestId('start-login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/start');
  });

  it('marks <html data-screen> with the screen on display, after a redirect too', async () => {
    delete document.documentElement.dataset.screen;
    renderAt('/information/index');
    // Generous: the lazy login screen and its texts load first.
    await waitFor(() => expect(document.documentElement.dataset.screen).toBe('/login/login'), {
      timeout: 10_000,
    });
    expect(screen.getByTestId('login-submit')).toBeTruthy();
  });

  it('sends a signed-out visitor from "Mine" to the login page', async () => {
    const router = renderAt('/information/index');
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/login');
  });

  it('shows "Mine" with only the tabs whose screens exist', async () => {
    sessionStore.signIn('tok', 'alice');
    renderAt('/information/index');
    const bar = await screen.findByTestId('tab-bar');
    // Home, the watchlist (관심, one tap away), market and trade (issue 11) exist.
    expect([...bar.querySelectorAll('a')].map((a) => a.dataset.testid)).toEqual([
      'tab-home',
      'tab-watchlist',
      'tab-market',
      'tab-trade',
      'tab-more',
    ]);
    expect(screen.getByTestId('tab-trade').getAttribute('href')).toBe('/trade/index');
    expect(screen.getByTestId('tab-trade').textContent).toBe('거래');
    expect(screen.getByTestId('tab-watchlist').getAttribute('href')).toBe('/favorite/index');
    expect(screen.getByTestId('tab-watchlist').textContent).toBe('관심');
    const more = screen.getByTestId('tab-more');
    expect(more.getAttribute('href')).toBe('/information/index');
    expect(more.className).toBe('navActive');
  });

  it('shows the account, its ID, the KYC state and balances formatted per currency', async () => {
    sessionStore.signIn('tok', 'alice');
    renderAt('/information/index');
    expect((await screen.findByTestId('mine-account')).textContent).toBe('alice');
    expect(screen.getByTestId('mine-account-id').textContent).toBe('10000042');
    expect(screen.getByTestId('mine-kyc').textContent).toBe('심사 중');
    expect(screen.getByTestId('mine-balance-KRW').textContent).toBe('1,234,567');
    expect(screen.getByTestId('mine-balance-USD').textContent).toBe('123.45');
    expect(screen.getByTestId('mine-balance-USDT').textContent).toBe('1.500000');
  });

  it('shows a signed-in customer a not-found screen that leads home, not the welcome page', async () => {
    sessionStore.signIn('tok', 'alice');
    const router = renderAt('/no/such/screen');
    expect((await screen.findByTestId('not-found')).textContent).toContain(
      '페이지를 찾을 수 없습니다',
    );
    expect(router.state.location.pathname).toBe('/no/such/screen');
    expect(screen.getByTestId('not-found-home').getAttribute('href')).toBe('/home/index');
    expect(screen.queryByTestId('start-login')).toBeNull();
  });

  it('leads a signed-out visitor from an unknown path to the start page', async () => {
    renderAt('/market/nothing');
    const home = await screen.findByTestId('not-found-home');
    expect(home.getAttribute('href')).toBe('/login/start');
    fireEvent.click(home);
    expect(await screen.findByTestId('start-login')).toBeTruthy();
  });

  it('forwards a signed-in customer from the welcome page to Home', async () => {
    sessionStore.signIn('tok', 'alice');
    const router = renderAt('/login/start');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(screen.queryByTestId('start-login')).toBeNull();
  });
});
