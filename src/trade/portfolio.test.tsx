import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioDto } from '../../contract/schemas/trade';
import { resetAccountStatus } from '../account/restrictionStore';
import { configureAccountLive } from '../market/live/account-live';
import { DIRECTION_COLOR } from '../market/format';
import { sessionStore } from '../session';
import { fakeAccountSocket } from '../testing/fakeAccountSocket';
import { renderWithApp } from '../testing/renderWithApp';
import { PortfolioCard } from './PortfolioCard';

configure({ asyncUtilTimeout: 5_000 });

/** Each call answers from `answers` by name (an Error rejects); anything else is refused. */
const api = vi.hoisted(() => {
  const state: { answers: Record<string, unknown>; calls: string[] } = { answers: {}, calls: [] };
  return state;
});
vi.mock('../api/calls', () => ({
  call: (name: string) => {
    api.calls.push(name);
    const value = api.answers[name];
    if (value === undefined) return Promise.reject(new Error(`unexpected call ${name}`));
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  },
}));
vi.mock('../market/live', () => ({
  useIndices: () => ({ data: null, status: 'error' }),
  useRanking: () => ({ data: null, status: 'error' }),
  useMarketSession: () => ({ data: null, status: 'error' }),
  useQuote: () => ({ data: null, status: 'error' }),
  useQuotes: () => ({ data: {}, status: 'error' }),
}));
vi.mock('../config/siteConfig', () => ({ useSiteConfig: () => '' }));

const portfolio = (over: Partial<PortfolioDto> = {}): PortfolioDto => ({
  totalAssets: 12_345_678,
  cash: 10_000_000,
  margin: 2_000_000,
  unrealisedPnl: 345_678,
  todayPnl: -12_300,
  holdingCount: 3,
  ...over,
});
const asked = (name: string) => api.calls.filter((n) => n === name).length;

let socket: ReturnType<typeof fakeAccountSocket>;
beforeEach(() => {
  api.answers = { accountStatus: { restrictions: [], blocked: [] } };
  api.calls = [];
  localStorage.clear();
  sessionStore.signIn('token-1', 'hong');
  resetAccountStatus();
  socket = fakeAccountSocket();
  configureAccountLive(socket.connect);
});
afterEach(() => {
  configureAccountLive(null);
  sessionStore.signOut();
});

describe('the portfolio card', () => {
  it("shows total assets and today's P&L, and asks again on a balances or order push", async () => {
    api.answers.portfolio = portfolio();
    await renderWithApp(<PortfolioCard />);
    expect(screen.getByTestId('portfolio-loading')).toBeTruthy();
    expect((await screen.findByTestId('portfolio-total')).textContent).toBe('12,345,678원');
    const today = screen.getByTestId('portfolio-today');
    expect(today.textContent).toBe('-12,300원');
    expect(getComputedStyle(today).color).toBe(DIRECTION_COLOR.down);
    expect(screen.getByTestId('portfolio-open').textContent).toBe('보유 3종목');
    expect(screen.getByTestId('portfolio-open').getAttribute('href')).toBe('/trade/index');
    await waitFor(() => expect(socket.opened).toHaveLength(1));

    api.answers.portfolio = portfolio({ totalAssets: 12_400_000, todayPnl: 42_022 });
    socket.emit('balances', []);
    await waitFor(() =>
      expect(screen.getByTestId('portfolio-total').textContent).toBe('12,400,000원'),
    );
    expect(screen.getByTestId('portfolio-today').textContent).toBe('+42,022원');

    api.answers.portfolio = portfolio({ totalAssets: 12_500_000 });
    socket.emit('order', { id: 7, version: 3 });
    await waitFor(() =>
      expect(screen.getByTestId('portfolio-total').textContent).toBe('12,500,000원'),
    );
    expect(asked('portfolio')).toBe(3);
  });

  it('shows an error with a retry', async () => {
    api.answers.portfolio = new Error('down');
    await renderWithApp(<PortfolioCard />);
    const error = await screen.findByTestId('portfolio-error');
    expect(error.textContent).toContain('자산을 불러오지 못했습니다');
    api.answers.portfolio = portfolio({ todayPnl: 0 });
    fireEvent.click(within(error).getByRole('button'));
    expect((await screen.findByTestId('portfolio-today')).textContent).toBe('0원');
  });

  it('is on Home and on Mine', async () => {
    api.answers.portfolio = portfolio();
    api.answers.kycStatus = { state: 'passed', accepts: [], version: 1 };
    const { default: HomeScreen } = await import('../home/HomeScreen');
    const home = await renderWithApp(<HomeScreen />, { path: '/home/index' });
    expect((await screen.findByTestId('portfolio-total')).textContent).toBe('12,345,678원');
    home.unmount();

    api.answers.info = { account: 'hong', accountId: '1', kycState: 'passed', balances: [] };
    api.answers.balances = [];
    const { default: MineScreen } = await import('../information/MineScreen');
    await renderWithApp(<MineScreen />, { path: '/information/index' });
    expect((await screen.findByTestId('portfolio-today')).textContent).toBe('-12,300원');
  });
});
