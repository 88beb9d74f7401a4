import { beforeAll, describe, expect, it } from 'vitest';
import { loadScreenTexts, startI18n, switchLocale } from './i18n';
import { translateFieldError, translateRefusal } from './translateRefusal';

describe('translateRefusal', () => {
  beforeAll(async () => {
    await startI18n('kor');
    await loadScreenTexts();
  });

  it('translates a known code with its parameters and the field label', async () => {
    await switchLocale('kor');
    expect(translateRefusal('account.wrong_credentials', {}, 'whatever')).toBe(
      '계정 또는 비밀번호가 올바르지 않습니다. 여러 번 틀리면 잠시 로그인할 수 없습니다.',
    );
    expect(translateRefusal('request.required', { field: 'code' })).toBe(
      '기관/초대 코드를 입력하세요.',
    );
    // The `particle` formatter picks the form by the label's final consonant.
    expect(translateRefusal('request.required', { field: 'realName' })).toBe('실명을 입력하세요.');
    expect(translateRefusal('request.too_long', { field: 'password' })).toBe(
      '비밀번호가 너무 깁니다.',
    );
    await switchLocale('en');
    expect(translateRefusal('request.required', { field: 'password' })).toBe(
      'Please fill in Password.',
    );
  });

  it('fills default parameters for form errors that carry none', async () => {
    await switchLocale('en');
    const text = translateFieldError('account.password_too_short', 'password');
    expect(text).toContain('8');
    expect(text).not.toMatch(/\{\{/);
  });

  it('falls back to the word for error when an unknown message contains Chinese characters', async () => {
    await switchLocale('kor');
    expect(translateRefusal('some.new_code', {}, '账户余额不足')).toBe('오류');
    await switchLocale('en');
    expect(translateRefusal(undefined, {}, '賬戶不存在')).toBe('Error');
    await switchLocale('tw');
    expect(translateRefusal(undefined, {}, '系统繁忙')).toBe('錯誤');
    await switchLocale('cn');
    expect(translateRefusal(undefined, {}, '系統繁忙')).toBe('错误');
  });

  it('falls back to the word for error when the message is missing', async () => {
    await switchLocale('en');
    expect(translateRefusal('not.a.code')).toBe('Error');
    expect(translateRefusal('not.a.code', {}, '   ')).toBe('Error');
  });

  it('shows an unknown message as sent when it has no Chinese characters', async () => {
    await switchLocale('kor');
    expect(translateRefusal('not.a.code', {}, 'Maintenance until 06:00')).toBe(
      'Maintenance until 06:00',
    );
    expect(translateRefusal(undefined, {}, '점검 중입니다')).toBe('점검 중입니다');
  });
});
