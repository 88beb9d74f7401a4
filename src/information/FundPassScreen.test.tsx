import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfoDto } from '../../contract/schemas/user';
import { ApiError } from '../api/ApiError';
import { renderWithApp } from '../testing/renderWithApp';
import FundPassScreen from './FundPassScreen';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api/calls', () => ({ call: api.call }));

const info = (over: Partial<UserInfoDto>): UserInfoDto => ({
  account: 'fundtester',
  accountId: '12345678',
  kycState: 'unverified',
  creditScore: 100,
  avatar: null,
  institution: 'Maru',
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
  ...over,
});

const input = (name: string) => {
  const element = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`no input named ${name}`);
  return element;
};
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const names = () =>
  [...document.querySelectorAll<HTMLInputElement>('form input')].map((i) => i.name);

async function show(
  user: UserInfoDto,
  answer: (name: string) => Promise<unknown> = () => Promise.resolve(null),
) {
  api.call.mockImplementation((name: string) =>
    name === 'info' ? Promise.resolve(user) : answer(name),
  );
  await renderWithApp(
    <Routes>
      <Route path="/information/fundPass" element={<FundPassScreen />} />
      <Route path="/information/index" element={<div data-testid="mine-stub" />} />
    </Routes>,
    { path: '/information/fundPass' },
  );
  return screen.findByTestId('fundpass-form');
}

beforeEach(() => {
  api.call.mockReset();
});

describe('the fund password screen', () => {
  it('shows loading, then an error state with retry', async () => {
    api.call.mockRejectedValueOnce(new Error('down'));
    await renderWithApp(<FundPassScreen />);
    expect(screen.getByTestId('fundpass-loading')).toBeTruthy();
    const error = await screen.findByTestId('fundpass-error');
    api.call.mockResolvedValue(info({}));
    fireEvent.click(error.querySelector('button')!);
    expect((await screen.findByTestId('fundpass-form')).getAttribute('data-mode')).toBe('set');
  });

  it('sets the first password with a numeric keypad, checking the schema first', async () => {
    const form = await show(info({}));
    expect(form.getAttribute('data-mode')).toBe('set');
    expect(names()).toEqual(['fundPassword', 'confirmFundPassword']);
    expect(screen.queryByTestId('fundpass-mode-change')).toBeNull();
    expect(input('fundPassword').type).toBe('password');
    expect(input('fundPassword').inputMode).toBe('numeric');

    type('fundPassword', '12ab56');
    type('confirmFundPassword', '123457');
    fireEvent.click(screen.getByTestId('fundpass-submit'));
    expect((await screen.findByTestId('error-fundPassword')).textContent).toBe(
      '자금 비밀번호는 숫자 6자리입니다.',
    );
    expect(screen.getByTestId('error-confirmFundPassword').textContent).toBe(
      '두 자금 비밀번호가 일치하지 않습니다.',
    );
    type('fundPassword', '123456');
    type('confirmFundPassword', '123456');
    fireEvent.click(screen.getByTestId('fundpass-submit'));
    await screen.findByTestId('mine-stub');
    expect(api.call).toHaveBeenCalledWith('fundPasswordSet', {
      fundPassword: '123456',
      confirmFundPassword: '123456',
    });
  });

  it('changes it once set; reset needs a passed verification', async () => {
    const form = await show(info({ fundPasswordSet: true }));
    expect(form.getAttribute('data-mode')).toBe('change');
    expect(names()).toEqual(['oldFundPassword', 'fundPassword', 'confirmFundPassword']);
    expect(screen.getByTestId<HTMLButtonElement>('fundpass-mode-reset').disabled).toBe(true);
    expect(screen.getByTestId('fundpass-reset-needs-kyc')).toBeTruthy();

    type('oldFundPassword', '123456');
    type('fundPassword', '123456');
    type('confirmFundPassword', '123456');
    fireEvent.click(screen.getByTestId('fundpass-submit'));
    expect((await screen.findByTestId('error-fundPassword')).textContent).toBe(
      '새 자금 비밀번호가 기존과 같습니다.',
    );
  });

  it('shows the server refusal (lock with minutes left) on the form', async () => {
    await show(info({ fundPasswordSet: true }), () =>
      Promise.reject(
        new ApiError(
          'fund_password.locked',
          { minutes: 12 },
          '자금 비밀번호를 여러 번 틀려 잠겼습니다. 12분 후에 다시 시도하세요.',
          403,
        ),
      ),
    );
    type('oldFundPassword', '111111');
    type('fundPassword', '654321');
    type('confirmFundPassword', '654321');
    fireEvent.click(screen.getByTestId('fundpass-submit'));
    expect((await screen.findByTestId('fundpass-refusal')).textContent).toContain('12분');
    expect(screen.queryByTestId('mine-stub')).toBeNull();
  });

  it('resets with the login password and ID number when verified', async () => {
    await show(info({ fundPasswordSet: true, kycState: 'passed' }));
    fireEvent.click(screen.getByTestId('fundpass-mode-reset'));
    await waitFor(() =>
      expect(screen.getByTestId('fundpass-form').getAttribute('data-mode')).toBe('reset'),
    );
    expect(names()).toEqual(['password', 'idNumber', 'fundPassword', 'confirmFundPassword']);
    type('password', 'harbour-lights-71');
    type('idNumber', '9001011');
    type('fundPassword', '246810');
    type('confirmFundPassword', '246810');
    fireEvent.click(screen.getByTestId('fundpass-submit'));
    await screen.findByTestId('mine-stub');
    expect(api.call).toHaveBeenCalledWith('fundPasswordReset', {
      password: 'harbour-lights-71',
      idNumber: '9001011',
      fundPassword: '246810',
      confirmFundPassword: '246810',
    });
  });
});
