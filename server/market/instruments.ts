import { parseCsvRecords } from './csv';
import type { Instrument, Market } from './types';

/** Parses server/market/data/instruments.csv (written by scripts/derive-market-data.ts). */
export function parseInstruments(text: string): Instrument[] {
  return parseCsvRecords(text).map((r, row) => {
    const market = r.market;
    if (market !== 'KOSPI' && market !== 'KOSDAQ') {
      throw new Error(`instruments.csv row ${row + 2}: unknown market ${market ?? ''}`);
    }
    const instrument: Instrument = {
      code: r.code ?? '',
      nameKo: r.name_ko ?? '',
      nameEn: r.name_en ?? '',
      market: market satisfies Market,
      industry: r.industry ?? '',
      industryNames: {
        ko: r.industry ?? '',
        en: r.industry_en ?? '',
        'zh-CN': r.industry_zh_cn ?? '',
        'zh-TW': r.industry_zh_tw ?? '',
      },
      listedShares: Number(r.listed_shares),
      referencePrice: Number(r.ref_price),
      dailyVol: Number(r.daily_vol),
      beta: Number(r.beta),
      kospi200: r.kospi200 === '1',
    };
    if (!/^[0-9A-Z]{6}$/.test(instrument.code) || !(instrument.referencePrice > 0)) {
      throw new Error(`instruments.csv row ${row + 2}: bad code or price`);
    }
    return instrument;
  });
}

/**
 * A typical day's volume in shares: listed shares times a daily turnover rate by segment (large
 * KOSPI names turn over about 0.3 % of their shares a day, other KOSPI names 0.6 %, KOSDAQ 1.2 %).
 * A modelling choice: the listing has no volume history for most names.
 */
export function typicalDailyVolume(x: Instrument): number {
  const rate = x.kospi200 ? 0.003 : x.market === 'KOSPI' ? 0.006 : 0.012;
  return Math.max(1_000, x.listedShares * rate);
}

/** Shares on one book level: a day's volume spread over about 150 levels' worth of liquidity. */
export function typicalLevelSize(x: Instrument): number {
  return Math.max(10, Math.round(typicalDailyVolume(x) / 150));
}
