import { describe, expect, it } from 'vitest';
import { industryNameIn, stockNameIn } from './names';

describe('stockNameIn', () => {
  const samsung = { nameKo: '삼성전자', nameEn: 'Samsung Electronics' };

  it('gives Korean readers the Korean name and everyone else the English one', () => {
    expect(stockNameIn('ko', samsung)).toBe('삼성전자');
    expect(stockNameIn('en', samsung)).toBe('Samsung Electronics');
    // The data has no Chinese names: Chinese readers get the Latin name, not Hangul.
    expect(stockNameIn('zh-CN', samsung)).toBe('Samsung Electronics');
    expect(stockNameIn('zh-TW', samsung)).toBe('Samsung Electronics');
  });

  it('falls back to Korean for a stock without an English name', () => {
    expect(stockNameIn('en', { nameKo: '신규종목', nameEn: '' })).toBe('신규종목');
    expect(stockNameIn('zh-TW', { nameKo: '신규종목', nameEn: ' ' })).toBe('신규종목');
  });
});

describe('industryNameIn', () => {
  const chips = {
    ko: '반도체 제조업',
    en: 'Semiconductors',
    'zh-CN': '半导体制造业',
    'zh-TW': '半導體製造業',
  };

  it('names an industry in each language, English for any other', () => {
    expect(industryNameIn('ko', chips)).toBe('반도체 제조업');
    expect(industryNameIn('en', chips)).toBe('Semiconductors');
    expect(industryNameIn('zh-CN', chips)).toBe('半导体制造业');
    expect(industryNameIn('zh-TW', chips)).toBe('半導體製造業');
    expect(industryNameIn('fr', chips)).toBe('Semiconductors');
    expect(industryNameIn('en', { ...chips, en: '' })).toBe('반도체 제조업');
  });
});
