import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../session';
import { renderWithApp } from '../testing/renderWithApp';
import RegisterScreen from './RegisterScreen';

const input = (name: string) => {
  const element = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`no input named ${name}`);
  return element;
};
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

describe('register form', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStore.reload();
    await renderWithApp(<RegisterScreen />, { path: '/login/register' });
  });

  it('has named inputs for every request field and a real agree checkbox', () => {
    for (const name of ['account', 'password', 'confirmPassword', 'code'])
      expect(input(name)).toBeTruthy();
    const agree = screen.getByTestId('register-agree');
    expect(agree.tagName).toBe('INPUT');
    expect((agree as HTMLInputElement).type).toBe('checkbox');
  });

  it('shows the contract errors for mismatched passwords and a missing agreement', async () => {
    type('account', 'newcustomer');
    type('password', 'Harbour-Lantern-42');
    type('confirmPassword', 'Harbour-Lantern-43');
    type('code', 'MARU01');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('error-confirmPassword')).textContent).toBe(
      '두 비밀번호가 일치하지 않습니다.',
    );
    expect(screen.getByTestId('error-agree').textContent).toBe(
      '개인정보 처리방침을 읽고 동의해 주세요.',
    );
    expect(screen.queryByTestId('error-account')).toBeNull();
    expect(screen.queryByTestId('error-code')).toBeNull();
  });

  it('shows required-field errors with the field label', async () => {
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('error-code')).textContent).toBe(
      '기관/초대 코드를 입력하세요.',
    );
  });

  it('clears the agreement error once the checkbox is ticked', async () => {
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('error-agree');
    fireEvent.click(screen.getByTestId('register-agree'));
    await waitFor(() => expect(screen.queryByTestId('error-agree')).toBeNull());
    expect(screen.getByTestId<HTMLInputElement>('register-agree').checked).toBe(true);
  });
});
