import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  finalConsonantOf,
  particleFor,
  particleFormat,
  withParticle,
} from './korean-particles';

describe('Korean particles', () => {
  it('follow the final consonant of the last syllable', () => {
    expect(withParticle('비밀번호', '을/를')).toBe('비밀번호를');
    expect(withParticle('이름', '을/를')).toBe('이름을');
    expect(withParticle('계정', '이/가')).toBe('계정이');
    expect(withParticle('코드', '이/가')).toBe('코드가');
    expect(withParticle('주소', '은/는')).toBe('주소는');
    expect(withParticle('실명', '은/는')).toBe('실명은');
    // 와/과 is written vowel form first; the order written does not matter.
    expect(withParticle('계좌', '와/과')).toBe('계좌와');
    expect(withParticle('계좌', '과/와')).toBe('계좌와');
    expect(withParticle('신분증', '와/과')).toBe('신분증과');
    expect(withParticle('이름', '를/을')).toBe('이름을');
  });

  it('treat ㄹ as a vowel before 으로/로 only', () => {
    expect(withParticle('서울', '으로/로')).toBe('서울로');
    expect(withParticle('지점', '으로/로')).toBe('지점으로');
    expect(withParticle('부산', '(으)로')).toBe('부산으로');
    expect(withParticle('회사', '(으)로')).toBe('회사로');
    expect(withParticle('서울', '을/를')).toBe('서울을');
  });

  it('read digits, letters and trailing brackets as spoken', () => {
    expect(finalConsonantOf('주소(도로명)')).toBe('other');
    expect(withParticle('주소(도로명)', '을/를')).toBe('주소(도로명)을');
    expect(withParticle('코드 1', '이/가')).toBe('코드 1이');
    expect(withParticle('코드 2', '이/가')).toBe('코드 2가');
    expect(withParticle('7', '으로/로')).toBe('7로');
    expect(withParticle('3', '으로/로')).toBe('3으로');
    expect(withParticle('URL', '을/를')).toBe('URL을');
    expect(withParticle('OTP', '을/를')).toBe('OTP를');
    expect(withParticle('', '을/를')).toBe('를');
  });

  it('show an unknown pair as written rather than guess', () => {
    expect(particleFor('이름', '의/에')).toBe('의/에');
  });

  it('fill server templates, with and without a particle', () => {
    const values: Record<string, string> = { field: '기관/초대 코드', max: '100' };
    expect(
      fillTemplate('{{field, particle(을/를)}} 입력하세요. 최대 {{ max }}', (n) => values[n] ?? ''),
    ).toBe('기관/초대 코드를 입력하세요. 최대 100');
  });

  it('work as the i18next formatter `particle`', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'ko',
      resources: { ko: { translation: { need: '{{field, particle(을/를)}} 입력하세요.' } } },
      interpolation: { escapeValue: false },
    });
    i18n.services.formatter?.add('particle', particleFormat);
    expect(i18n.t('need', { field: '이름' })).toBe('이름을 입력하세요.');
    expect(i18n.t('need', { field: '비밀번호' })).toBe('비밀번호를 입력하세요.');
  });
});
