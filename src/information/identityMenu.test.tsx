import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfoDto } from '../../contract/schemas/user';
import { renderWithApp } from '../testing/renderWithApp';
import MineScreen from './MineScreen';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api/calls', () => ({ call: api.call }));

const info: UserInfoDto = {
  account: 'menutester',
  accountId: '12345678',
  kycState: 'rejected',
  creditScore: 100,
  avatar: null,
  institution: 'Maru',
  fundPasswordSet: true,
  balances: [],
  states: {
    frozen: false,
    disabled: false,
    loginBanned: false,
    tradingBarred: false,
    withdrawalBarred: false,
  },
  createdAt: '2026-01-01T00:00:00Z',
};

beforeEach(() => {
  api.call.mockReset();
});

describe("Mine's identity rows", () => {
  it('lead to real-name verification with its state and to the fund password', async () => {
    api.call.mockResolvedValue(info);
    await renderWithApp(<MineScreen />, { path: '/information/index' });
    const state = await screen.findByTestId('menu-authInfo-state');
    expect(state.getAttribute('data-state')).toBe('rejected');
    expect(state.textContent).toBe('반려');
    expect(screen.getByTestId('menu-authInfo').textContent).toContain('실명 인증');
    expect(screen.getByTestId('menu-fundPass-state').textContent).toBe('설정됨');
    expect(screen.getByTestId('menu-fundPass').textContent).toContain('자금 비밀번호');
  });

  it('show the rows without a detail while loading', async () => {
    api.call.mockReturnValue(new Promise(() => undefined));
    await renderWithApp(<MineScreen />, { path: '/information/index' });
    expect(screen.getByTestId('menu-authInfo')).toBeTruthy();
    expect(screen.queryByTestId('menu-authInfo-state')).toBeNull();
  });
});
