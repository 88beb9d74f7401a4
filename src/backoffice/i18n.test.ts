import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrorText, startBackofficeI18n, switchBackofficeLocale } from './i18n';

describe('back office texts', () => {
  beforeAll(() => startBackofficeI18n('ko'));

  it('attach the Korean particle that follows the field label', async () => {
    await switchBackofficeLocale('ko');
    expect(fieldErrorText('request.required', '이름')).toBe('이름을 입력하세요.');
    expect(fieldErrorText('request.required', '비밀번호')).toBe('비밀번호를 입력하세요.');
    expect(fieldErrorText('request.too_short', '사유')).toBe('사유가 너무 짧습니다.');
  });
});
