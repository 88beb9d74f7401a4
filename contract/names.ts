/**
 * Which name of a stock a reader sees, by interface language: one rule for every screen (lists,
 * rankings, search, watchlist, detail, industry leaders), so a stock is called the same
 * everywhere.
 *
 * The data has Korean names (KRX 종목약명) and English ones (from DART's legal names, cleaned by
 * scripts/derive-market-data.ts). It has no Chinese names, and there is no standard Chinese name
 * for most Korean companies (Chinese sites transliterate only the largest ones, inconsistently).
 * A Chinese-reading customer of a Korean brokerage reads the Latin names that Korean companies use
 * abroad (and that appear on their statements) more easily than Hangul, so Chinese shows English,
 * and Korean only where a stock has no English name.
 */
export interface StockNames {
  readonly nameKo: string;
  readonly nameEn: string;
}

/** The stock's name for `language` (an i18next language: ko, en, zh-CN, zh-TW). */
export function stockNameIn(language: string, names: StockNames): string {
  if (language === 'ko' || names.nameEn.trim() === '') return names.nameKo;
  return names.nameEn;
}

/**
 * An industry's name in each interface language. The listing names industries in Korean only
 * (KRX/KIND, KSIC-based); the other three are the project's translations
 * (scripts/industry-names.csv), carried in the data files beside the Korean name.
 */
export interface IndustryNames {
  readonly ko: string;
  readonly en: string;
  readonly 'zh-CN': string;
  readonly 'zh-TW': string;
}

/** The industry's name for `language`; English for a language without one, Korean if that is empty. */
export function industryNameIn(language: string, names: IndustryNames): string {
  const named =
    language === 'ko' || language === 'en' || language === 'zh-CN' || language === 'zh-TW'
      ? names[language]
      : names.en;
  return named.trim() !== '' ? named : names.ko;
}
