/**
 * English stock names for the screens, from the listing's DART legal names ("SAMSUNG ELECTRONICS
 * CO,.LTD"). Used by derive-market-data.ts only. The listing has no short English name, so the
 * short name is made the way KRX makes the Korean one (종목약명): the legal suffix goes, and
 * shouted words are written in ordinary case. Company-chosen casing ("SK hynix", "WiSoL") is kept.
 */

/** Legal-form endings after a space, comma or period, including the listing's typos ("CO,.LTD"). */
const LEGAL_SUFFIX =
  /(?:[\s,]+|(?<=\.))(?:co(?:mpany)?[\s,.]*(?:ltd|limited)\.?|corporation\.?|corp\.?|incorporat(?:ed|ion)|inc\.?|limited|ltd\.?|company|co\.?|plc)\s*$/i;
/** The same glued to the name ("ZEUSCO.,LTD.", "SIMPACInc", "ESTsoftCorp."): capitalised only, so "ZINC" keeps its "INC". */
const GLUED_SUFFIX =
  /(?<=[A-Za-z0-9])(?:C[Oo][.,]+\s*L(?:TD|td)\.*|Inc\.?|Corp(?:oration)?\.?|corporation|CORPORATION)\s*$/;
/** Abbreviations that keep their period when they end a name ("Dongwha Pharm."). */
const ABBREVIATIONS = /\b(?:pharm|ind|eng|chem|elec|mfg|bros|intl)\.$/i;

/** Upper-case words of four letters or more that are brands or acronyms, not shouting. */
const KEEP_UPPER = new Set([
  'NAVER',
  'POSCO',
  'KEPCO',
  'HYBE',
  'REIT',
  'REITS',
  'SPAC',
  'KOSPI',
  'KOSDAQ',
  'KOLON',
  'DGB',
  'KCTC',
  'HDC',
]);
/** Short upper-case words that are ordinary English words, not acronyms. */
const SHORT_WORDS = new Set([
  'BIO',
  'NEW',
  'ONE',
  'TEC',
  'TOP',
  'SUN',
  'SKY',
  'AIR',
  'CAR',
  'BOX',
  'IND',
  'TEA',
  'ENG',
  'ART',
  'LAB',
  'KIA',
]);
const LOWER_WORDS = new Set(['AND', 'OF', 'THE', 'FOR']);

function recase(run: string, first: boolean): string {
  if (run !== run.toUpperCase()) return run; // the company's own casing
  if (!first && LOWER_WORDS.has(run)) return run.toLowerCase();
  const letters = run.replace(/'.*$/, '');
  const shouting =
    (letters.length >= 4 && /[AEIOUY]/.test(letters) && !KEEP_UPPER.has(letters)) ||
    SHORT_WORDS.has(letters);
  return shouting ? run[0] + run.slice(1).toLowerCase() : run;
}

/** "SAMSUNG ELECTRONICS CO,.LTD" → "Samsung Electronics"; "KT&G Corporation" → "KT&G". */
export function shortEnglishName(legal: string): string {
  let name = legal.replace(/\s+/g, ' ').trim();
  for (let previous = ''; previous !== name;) {
    previous = name;
    name = name
      .replace(GLUED_SUFFIX, '')
      .replace(LEGAL_SUFFIX, '')
      .replace(/[\s,]+$/, '');
  }
  // "PARADISE.Co.,Ltd." leaves "PARADISE.": a period that ended no abbreviation goes too.
  if (name.endsWith('.') && !ABBREVIATIONS.test(name)) name = name.slice(0, -1);
  if (name === '') return legal.trim();
  let first = true;
  return name.replace(/[A-Za-z]+(?:'[A-Za-z]+)?/g, (run) => {
    const out = recase(run, first);
    first = false;
    return out;
  });
}

const ORDINALS = ['', '', '2nd ', '3rd ', '4th ', '5th '];

/**
 * A preferred share's English name from its common share's and its Korean suffix: 삼성전자우 →
 * "Samsung Electronics Pref", 현대차2우B → "Hyundai Motor 2nd Pref B". Undefined when the Korean
 * name is not a preferred share's.
 */
export function preferredEnglishName(nameKo: string, commonEn: string): string | undefined {
  const m = /(\d?)우([A-Z]?)(\(전환\))?$/.exec(nameKo);
  if (!m || commonEn === '') return undefined;
  const [, nth = '', letter = '', converted] = m;
  return `${commonEn} ${ORDINALS[Number(nth)] ?? `${nth}th `}Pref${letter ? ` ${letter}` : ''}${converted ? ' (Conv.)' : ''}`;
}
