import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseInstruments } from '../../server/market/instruments';
import { preferredEnglishName, shortEnglishName } from '../../scripts/clean-names';

describe('English stock names from DART legal names', () => {
  it('drop the legal suffix, typos included, and stop shouting', () => {
    expect(shortEnglishName('SAMSUNG ELECTRONICS CO,.LTD')).toBe('Samsung Electronics');
    expect(shortEnglishName('HYUNDAI MOTOR CO')).toBe('Hyundai Motor');
    expect(shortEnglishName('LG ENERGY SOLUTION, LTD.')).toBe('LG Energy Solution');
    expect(shortEnglishName('Shinhan Alpha REIT Co,. Ltd.')).toBe('Shinhan Alpha REIT');
    expect(shortEnglishName('KOREA INFORMATION CERTIFICATE AUTHORITY, INCORPORATED')).toBe(
      'Korea Information Certificate Authority',
    );
    // Suffixes glued to the name, and a period that ended no abbreviation.
    expect(shortEnglishName('ZEUSCO.,LTD.')).toBe('Zeus');
    expect(shortEnglishName('YES24Co.,Ltd')).toBe('YES24');
    expect(shortEnglishName('ESTsoftCorp.')).toBe('ESTsoft');
    expect(shortEnglishName('PARADISE.Co.,Ltd.')).toBe('Paradise');
    expect(shortEnglishName('DONGWHA PHARM.CO.,LTD')).toBe('Dongwha Pharm.');
    // "INC" inside a word is not a suffix.
    expect(shortEnglishName('KOREA ZINC INC')).toBe('Korea Zinc');
    expect(shortEnglishName("WING'S FOOT INC.")).toBe("Wing's Foot");
  });

  it('keep acronyms, brands and the company’s own casing', () => {
    expect(shortEnglishName('SK hynix Inc.')).toBe('SK hynix');
    expect(shortEnglishName('NAVER Corporation')).toBe('NAVER');
    expect(shortEnglishName('KT&G Corporation')).toBe('KT&G');
    expect(shortEnglishName('HMM CO.,LTD')).toBe('HMM');
    expect(shortEnglishName('KYOCHON FOOD&BEVERAGE CO., LTD.')).toBe('Kyochon Food&Beverage');
    expect(shortEnglishName('Haitai Confectionery and Foods Co., Ltd.')).toBe(
      'Haitai Confectionery and Foods',
    );
  });

  it('name preferred shares after their common share', () => {
    expect(preferredEnglishName('삼성전자우', 'Samsung Electronics')).toBe(
      'Samsung Electronics Pref',
    );
    expect(preferredEnglishName('현대차2우B', 'Hyundai Motor')).toBe('Hyundai Motor 2nd Pref B');
    expect(preferredEnglishName('삼성전자', 'Samsung Electronics')).toBeUndefined();
  });

  it('are what the committed data file holds', () => {
    const file = fileURLToPath(
      new URL('../../server/market/data/instruments.csv', import.meta.url),
    );
    const instruments = parseInstruments(readFileSync(file, 'utf8'));
    const byCode = new Map(instruments.map((x) => [x.code, x]));
    expect(byCode.get('005930')?.nameEn).toBe('Samsung Electronics');
    expect(byCode.get('005935')?.nameEn).toBe('Samsung Electronics Pref');
    const legalNoise = /(?:(?<!&)\bCO\b|\bLTD\b|\bINC\b|\bCORP\b|CORPORATION|,\s*$)\.?$/i;
    expect(instruments.filter((x) => legalNoise.test(x.nameEn)).map((x) => x.nameEn)).toEqual([]);
    // Every stock has an English name, and none is a shouted legal name of several words.
    expect(instruments.filter((x) => x.nameEn === '').map((x) => x.code)).toEqual([]);
    const shouted = instruments.filter((x) => /^[A-Z]{4,} [A-Z]{4,}/.test(x.nameEn));
    expect(shouted.map((x) => x.nameEn)).toEqual([]);
  });

  it('give every stock its industry in the four languages', () => {
    const file = fileURLToPath(
      new URL('../../server/market/data/instruments.csv', import.meta.url),
    );
    const instruments = parseInstruments(readFileSync(file, 'utf8'));
    const untranslated = instruments.filter(
      (x) =>
        x.industryNames.ko !== x.industry ||
        [x.industryNames.en, x.industryNames['zh-CN'], x.industryNames['zh-TW']].some(
          (name) => name.trim() === '' || /[가-힣]/.test(name),
        ),
    );
    expect(untranslated.map((x) => `${x.code} ${x.industry}`)).toEqual([]);
    const samsung = instruments.find((x) => x.code === '005930')!;
    expect(samsung.industryNames.en).toBe('Telecom and broadcasting equipment');
  });
});
