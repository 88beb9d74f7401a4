import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BankCardDto, WalletDto } from '../../contract/schemas/money';
import { ApiError } from '../api/ApiError';
import { renderWithApp } from '../testing/renderWithApp';
import AddBankCardScreen from './AddBankCardScreen';
import { BalanceCard } from './BalanceCard';
import BankListScreen from './BankListScreen';
import UsdtAddressScreen from './UsdtAddressScreen';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api/calls', () => ({ call: api.call }));

const CARD: BankCardDto = {
  id: 7,
  holder: '홍길동',
  bank: '국민은행',
  branch: '강남지점',
  bankCode: '004',
  masked: '9410 **** **** 3456',
  createdAt: '2026-01-01T00:00:00Z',
};
const WALLET: WalletDto = {
  id: 3,
  currency: 'USDT',
  type: 'TRC20',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  qr: 'data:image/svg+xml;base64,PHN2Zy8+',
  createdAt: '2026-01-01T00:00:00Z',
};

const input = (name: string) => {
  const element = document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no input named ${name}`);
  return element;
};
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const callsNamed = (name: string) => api.call.mock.calls.filter(([n]) => n === name);

beforeEach(() => {
  api.call.mockReset();
});

describe('the bank card list', () => {
  it('shows loading, then an error with retry, then the empty state', async () => {
    api.call.mockRejectedValueOnce(new Error('down'));
    await renderWithApp(<BankListScreen />);
    expect(screen.getByTestId('banklist-loading')).toBeTruthy();
    const error = await screen.findByTestId('banklist-error');
    api.call.mockResolvedValue([]);
    fireEvent.click(error.querySelector('button')!);
    expect((await screen.findByTestId('banklist-empty')).textContent).toContain(
      '등록된 은행 카드가 없습니다',
    );
  });

  it('lists cards masked and removes one after the fund password', async () => {
    let cards = [CARD];
    api.call.mockImplementation((name: string) => {
      if (name === 'bankList') return Promise.resolve(cards);
      if (name === 'delBankCard') {
        cards = [];
        return Promise.resolve(null);
      }
      return Promise.reject(new Error(name));
    });
    await renderWithApp(<BankListScreen />);
    expect((await screen.findByTestId('card-7-masked')).textContent).toBe('9410 **** **** 3456');
    expect(screen.getByTestId('card-7').textContent).toContain('국민은행');
    fireEvent.click(screen.getByTestId('card-7-remove'));
    // The schema's rule first: an empty password is not sent.
    fireEvent.click(await screen.findByTestId('card-7-confirm-submit'));
    expect(await screen.findByTestId('error-fundPassword')).toBeTruthy();
    expect(callsNamed('delBankCard')).toHaveLength(0);
    type('fundPassword', '135790');
    fireEvent.click(screen.getByTestId('card-7-confirm-submit'));
    await screen.findByTestId('banklist-empty');
    expect(callsNamed('delBankCard')).toEqual([['delBankCard', { id: 7, fundPassword: '135790' }]]);
  });

  it('keeps a refused removal on screen with the server text', async () => {
    api.call.mockImplementation((name: string) =>
      name === 'bankList'
        ? Promise.resolve([CARD])
        : Promise.reject(
            new ApiError(
              'fund_password.wrong',
              { attemptsLeft: 4 },
              '자금 비밀번호가 틀렸습니다. 남은 시도: 4회',
              400,
            ),
          ),
    );
    await renderWithApp(<BankListScreen />);
    fireEvent.click(await screen.findByTestId('card-7-remove'));
    type('fundPassword', '000000');
    fireEvent.click(screen.getByTestId('card-7-confirm-submit'));
    expect((await screen.findByTestId('card-7-confirm-refusal')).textContent).toContain('4회');
    expect(screen.getByTestId('card-7')).toBeTruthy();
  });
});

describe('adding a bank card', () => {
  const kyc = (state: string) => ({
    state,
    version: 1,
    accepts: [],
    rejectionReason: null,
    submissions: 1,
    realName: state === 'passed' ? '홍길동' : null,
    idNumber: null,
    frontPhotoId: null,
    backPhotoId: null,
  });

  async function show(state: string) {
    api.call.mockImplementation((name: string) =>
      name === 'kycStatus' ? Promise.resolve(kyc(state)) : Promise.resolve(CARD),
    );
    await renderWithApp(
      <Routes>
        <Route path="/information/addBankCard" element={<AddBankCardScreen />} />
        <Route path="/information/bankList" element={<div data-testid="banklist-stub" />} />
      </Routes>,
      { path: '/information/addBankCard' },
    );
  }

  it('asks for real-name verification first', async () => {
    await show('under_review');
    expect(await screen.findByTestId('addcard-needs-kyc')).toBeTruthy();
    expect(document.querySelector('form')).toBeNull();
  });

  it('starts with the verified name, checks the digits, and sends one idempotent add', async () => {
    await show('passed');
    await screen.findByTestId('addcard-form');
    expect(input('holder').value).toBe('홍길동');
    expect(input('cardHead').getAttribute('inputmode')).toBe('numeric');
    type('bank', '국민은행');
    type('branch', '강남지점');
    type('bankCode', '004');
    type('cardHead', '941');
    type('cardTail', '100000003456');
    type('fundPassword', '135790');
    fireEvent.click(screen.getByTestId('addcard-submit'));
    expect((await screen.findByTestId('error-cardHead')).textContent).toContain('앞 4자리');
    expect(callsNamed('addBankCard')).toHaveLength(0);
    type('cardHead', '9410');
    fireEvent.click(screen.getByTestId('addcard-submit'));
    await screen.findByTestId('banklist-stub');
    const [[, body, options]] = callsNamed('addBankCard') as [
      [string, unknown, { idempotencyKey: string }],
    ];
    expect(body).toEqual({
      holder: '홍길동',
      bank: '국민은행',
      branch: '강남지점',
      bankCode: '004',
      cardHead: '9410',
      cardTail: '100000003456',
      fundPassword: '135790',
    });
    expect(options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('USDT wallets', () => {
  it('lists wallets with their QR and adds one whose address passes the network check', async () => {
    let wallets: WalletDto[] = [];
    api.call.mockImplementation((name: string, body: { address?: string }) => {
      if (name === 'walletList') return Promise.resolve(wallets);
      if (name === 'addWallet') {
        wallets = [{ ...WALLET, address: body.address ?? '' }];
        return Promise.resolve(wallets[0]);
      }
      return Promise.reject(new Error(name));
    });
    await renderWithApp(<UsdtAddressScreen />);
    await screen.findByTestId('wallets-empty');
    type('address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'); // last letter off: checksum fails
    type('fundPassword', '135790');
    fireEvent.click(screen.getByTestId('wallet-submit'));
    expect(await screen.findByTestId('error-address')).toBeTruthy();
    expect(callsNamed('addWallet')).toHaveLength(0);
    type('address', WALLET.address);
    fireEvent.click(screen.getByTestId('wallet-submit'));
    const qr = await screen.findByTestId('wallet-3-qr');
    expect(qr.getAttribute('src')).toBe(WALLET.qr);
    expect(qr.getAttribute('alt')).toContain('TRC20');
    expect(screen.getByTestId('wallet-3-address').textContent).toBe(WALLET.address);
    expect(callsNamed('addWallet')[0]?.[1]).toEqual({
      type: 'TRC20',
      address: WALLET.address,
      fundPassword: '135790',
    });
  });

  it('checks an ERC20 address against its own rule once the network changes', async () => {
    api.call.mockImplementation((name: string) =>
      name === 'walletList' ? Promise.resolve([]) : Promise.resolve(WALLET),
    );
    await renderWithApp(<UsdtAddressScreen />);
    await screen.findByTestId('wallets-empty');
    type('type', 'ERC20');
    type('address', WALLET.address);
    type('fundPassword', '135790');
    fireEvent.click(screen.getByTestId('wallet-submit'));
    expect(await screen.findByTestId('error-address')).toBeTruthy();
    expect(callsNamed('addWallet')).toHaveLength(0);
  });

  it('shows an error state with retry', async () => {
    api.call.mockRejectedValue(new Error('down'));
    await renderWithApp(<UsdtAddressScreen />);
    expect(screen.getByTestId('wallets-loading')).toBeTruthy();
    expect(await screen.findByTestId('wallets-error')).toBeTruthy();
  });
});

describe("Mine's balance card", () => {
  it('shows the info balances at once, then total, available and withdrawable from /user/balances', async () => {
    let answer: (rows: unknown) => void = () => undefined;
    api.call.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    await renderWithApp(
      <BalanceCard balances={[{ currency: 'KRW', total: 5000, available: 5000, held: 0 }]} />,
    );
    expect(screen.getByTestId('mine-balance-KRW').textContent).toBe('5,000');
    expect(screen.queryByTestId('mine-withdrawable-KRW')).toBeNull();
    answer([
      {
        currency: 'KRW',
        total: 1_234_567,
        available: 1_000_000,
        held: 234_567,
        withdrawable: 1_000_000,
      },
      {
        currency: 'USDT',
        total: 1_500_000,
        available: 1_500_000,
        held: 0,
        withdrawable: 1_500_000,
      },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('mine-balance-KRW').textContent).toBe('1,234,567'),
    );
    expect(screen.getByTestId('mine-available-KRW').textContent).toContain('1,000,000');
    expect(screen.getByTestId('mine-withdrawable-KRW').textContent).toBe('출금 가능 1,000,000');
    expect(screen.getByTestId('mine-withdrawable-USDT').textContent).toContain('1.500000');
  });
});
