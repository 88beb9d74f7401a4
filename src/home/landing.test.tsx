import { configure, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountStatusDto } from '../../contract/schemas/user';
import { resetAccountStatus } from '../account/restrictionStore';
import { sessionStore } from '../session';
import { renderWithApp } from '../testing/renderWithApp';
import { DEPOSIT_PATH, nextStepOf } from './nextStep';

configure({ asyncUtilTimeout: 5_000 });

/** The REST calls answer from `answers`; live market data is "error" (as for a frozen account). */
const api = vi.hoisted(() => {
  const state: { answers: Record<string, unknown> } = { answers: {} };
  return state;
});
vi.mock('../api/calls', () => ({
  call: (name: string) =>
    name in api.answers
      ? api.answers[name] instanceof Error
        ? Promise.reject(api.answers[name])
        : Promise.resolve(api.answers[name])
      : Promise.reject(new Error(`unexpected call ${name}`)),
}));
vi.mock('../market/live', () => ({
  useIndices: () => ({ data: null, status: 'error' }),
  useRanking: () => ({ data: null, status: 'error' }),
  useMarketSession: () => ({ data: null, status: 'error' }),
  useQuote: () => ({ data: null, status: 'error' }),
  useQuoteValue: (_symbol: string | null, select: (quote: null) => unknown) => select(null),
}));
vi.mock('../config/siteConfig', () => ({
  useSiteConfig: (name: string) => (name === 'kefu_url_1' ? 'https://help.example/chat' : ''),
}));

const KRW_ZERO = [{ currency: 'KRW' as const, total: 0, available: 0, held: 0 }];
const kyc = (state: string, accepts: string[]) => ({ state, accepts, version: 1 });
const OPEN: AccountStatusDto = { restrictions: [], blocked: [] };

beforeEach(() => {
  localStorage.clear();
  sessionStore.reload();
  sessionStore.signIn('tok', 'alice');
  resetAccountStatus();
  api.answers = { accountStatus: OPEN };
});

describe('the next step after sign-up', () => {
  const none = new Set<string>();
  const withDeposit = new Set([DEPOSIT_PATH]);

  it('is identity verification until KYC passes, read from accepts and the machine state', () => {
    expect(nextStepOf(kyc('unverified', ['kyc.submit']), withDeposit, null)).toEqual({
      key: 'verify',
      to: '/information/authInfo',
    });
    expect(nextStepOf(kyc('rejected', ['kyc.submit']), withDeposit, null)?.key).toBe('rejected');
    expect(nextStepOf(kyc('under_review.overdue', []), withDeposit, null)).toEqual({
      key: 'review',
      to: '/information/authInfo',
    });
  });

  it('is a first deposit once verified, only when the deposit screen exists', () => {
    expect(nextStepOf(kyc('passed', []), none, KRW_ZERO)).toBeNull();
    expect(nextStepOf(kyc('passed', []), withDeposit, KRW_ZERO)).toEqual({
      key: 'deposit',
      to: DEPOSIT_PATH,
    });
    // Done once anything was deposited; unknown balances show nothing rather than guess.
    expect(
      nextStepOf(kyc('passed', []), withDeposit, [{ ...KRW_ZERO[0]!, total: 100_000 }]),
    ).toBeNull();
    expect(nextStepOf(kyc('passed', []), withDeposit, null)).toBeNull();
  });

  it('shows Home a card that leads to identity verification', async () => {
    api.answers.kycStatus = kyc('unverified', ['kyc.submit']);
    const { default: HomeScreen } = await import('./HomeScreen');
    await renderWithApp(<HomeScreen />, { path: '/home/index' });
    const card = await screen.findByTestId('next-step');
    expect(card.dataset.step).toBe('verify');
    expect(card.textContent).toContain('실명인증을 완료해 주세요');
    expect(screen.getByTestId('next-step-action').getAttribute('href')).toBe(
      '/information/authInfo',
    );
  });

  it('offers the deposit screen when it exists, and no card when it does not', async () => {
    api.answers.kycStatus = kyc('passed', []);
    api.answers.info = { balances: KRW_ZERO };
    const { NextStepCard } = await import('./NextStepCard');
    const view = await renderWithApp(<NextStepCard availablePaths={new Set([DEPOSIT_PATH])} />);
    expect((await screen.findByTestId('next-step-action')).getAttribute('href')).toBe(DEPOSIT_PATH);
    view.unmount();
    // The app's own screen table has the deposit screen now (issue 10): the card leads there.
    const { SCREEN_PATHS } = await import('../app/screens');
    expect(SCREEN_PATHS.has(DEPOSIT_PATH)).toBe(true);
    const live = await renderWithApp(<NextStepCard />);
    const card = await screen.findByTestId('next-step');
    expect(card.dataset.step).toBe('deposit');
    expect(within(card).getByTestId('next-step-action').getAttribute('href')).toBe(DEPOSIT_PATH);
    live.unmount();
    await renderWithApp(<NextStepCard availablePaths={new Set()} />);
    // Give the KYC answer time to arrive: still no card, as there is no step the app can offer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('next-step')).toBeNull();
  });
});

describe('a restricted account', () => {
  const FROZEN: AccountStatusDto = {
    restrictions: [
      { name: 'frozen', reason: 'Court order 2026-17' },
      { name: 'tradingBarred', reason: null },
    ],
    blocked: ['signIn', 'useAccount', 'trade', 'deposit', 'withdraw'],
  };

  it('sees on Home what is blocked, why, and how to reach customer service', async () => {
    api.answers = { accountStatus: FROZEN, kycStatus: new Error('account.frozen') };
    const { default: HomeScreen } = await import('./HomeScreen');
    await renderWithApp(<HomeScreen />, { path: '/home/index' });
    const panel = await screen.findByTestId('restriction-panel');
    expect(panel.textContent).toContain('계정 이용이 제한되어 있습니다');
    expect(screen.getByTestId('restriction-frozen').textContent).toContain('동결');
    expect(screen.getByTestId('restriction-frozen-reason').textContent).toBe(
      '사유: Court order 2026-17',
    );
    expect(screen.getByTestId('restriction-tradingBarred-reason').textContent).toBe(
      '사유가 등록되지 않았습니다',
    );
    const blocked = [...within(panel).getByTestId('restriction-blocked').children].map(
      (chip) => chip.textContent,
    );
    expect(blocked).toEqual(['로그인', '계정 조회와 설정', '거래', '입금', '출금']);
    expect(within(panel).getByTestId('restriction-service').getAttribute('href')).toBe(
      'https://help.example/chat',
    );
    // The refused market data says "restricted", never "could not load"; no next-step card.
    expect((await screen.findAllByTestId('restriction-notice')).length).toBe(2); // indices, hot stocks
    expect(screen.queryByTestId('indices-error')).toBeNull();
    expect(screen.queryByText(/불러오지 못했습니다/)).toBeNull();
    expect(screen.queryByTestId('next-step')).toBeNull();
  });

  it('sees nothing of it when the account is open, and a real failure stays an error', async () => {
    api.answers.kycStatus = kyc('passed', []);
    const { default: HomeScreen } = await import('./HomeScreen');
    await renderWithApp(<HomeScreen />, { path: '/home/index' });
    expect(await screen.findByTestId('indices-error')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100)); // the status has answered by now
    expect(screen.queryByTestId('restriction-panel')).toBeNull();
    expect(screen.queryByTestId('restriction-notice')).toBeNull();
  });

  it("sees it on Mine instead of Mine's load error", async () => {
    api.answers = { accountStatus: FROZEN, info: new Error('account.frozen') };
    const { default: MineScreen } = await import('../information/MineScreen');
    await renderWithApp(<MineScreen />, { path: '/information/index' });
    expect(await screen.findByTestId('restriction-panel')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('mine-loading')).toBeNull());
    expect(screen.queryByTestId('mine-error')).toBeNull();
  });
});

describe('the stock screen without a stock', () => {
  it('opens search rather than "no data"', async () => {
    const { default: StockDetailScreen } = await import('../market/StockDetailScreen');
    await renderWithApp(
      <Routes>
        <Route path="/market/stockDetail" element={<StockDetailScreen />} />
        <Route path="/favorite/search" element={<div data-testid="search-stub" />} />
      </Routes>,
      { path: '/market/stockDetail' },
    );
    expect(await screen.findByTestId('search-stub')).toBeTruthy();
    expect(screen.queryByTestId('stock-empty')).toBeNull();
  });
});
