import { describe, expect, it } from 'vitest';
import { stockNameIn } from './names';

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
