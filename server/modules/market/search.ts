import type { SearchDto, SearchRequest } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { Instrument, MarketFeed } from '../../market';
import { feedInfo } from './feed-info';

interface SearchKey {
  instrument: Instrument;
  code: string;
  ko: string;
  en: string;
}

/** Folded for matching: lower case (English), no spaces ("삼성 전자" finds 삼성전자). */
export const fold = (text: string): string => text.toLowerCase().replace(/\s+/g, '');

const keysByFeed = new WeakMap<MarketFeed, SearchKey[]>();

/** The folded names, built once per feed (the listing does not change while it runs). */
function searchKeys(feed: MarketFeed): SearchKey[] {
  let keys = keysByFeed.get(feed);
  if (!keys) {
    keys = feed.instruments().map((instrument) => ({
      instrument,
      code: fold(instrument.code),
      ko: fold(instrument.nameKo),
      en: fold(instrument.nameEn),
    }));
    keysByFeed.set(feed, keys);
  }
  return keys;
}

/** 0 = exact code, 1 = code prefix, 2 = exact name, 3 = name prefix, 4 = name contains. */
function score(key: SearchKey, q: string): number | null {
  if (key.code === q) return 0;
  if (key.code.startsWith(q)) return 1;
  if (key.ko === q || key.en === q) return 2;
  if (key.ko.startsWith(q) || key.en.startsWith(q)) return 3;
  if (key.ko.includes(q) || key.en.includes(q)) return 4;
  return null;
}

/**
 * Stocks by code or name, Korean or English, case-insensitive. Better matches first, then the
 * larger company, so "삼성" lists 삼성전자 before its smaller namesakes.
 */
export function searchInstruments(context: AppContext, body: SearchRequest): SearchDto {
  const { feed } = context;
  const q = fold(body.keyword);
  const hits: { key: SearchKey; rank: number; cap: number }[] = [];
  for (const key of searchKeys(feed)) {
    const rank = score(key, q);
    if (rank === null) continue;
    const { instrument } = key;
    hits.push({ key, rank, cap: instrument.listedShares * instrument.referencePrice });
  }
  hits.sort((a, b) => a.rank - b.rank || b.cap - a.cap);
  const results = hits.slice(0, body.limit).map(({ key: { instrument } }) => {
    const quote = feed.quote(instrument.code);
    return {
      code: instrument.code,
      nameKo: instrument.nameKo,
      nameEn: instrument.nameEn,
      market: instrument.market,
      price: quote?.price ?? instrument.referencePrice,
      changeRate: quote?.changeRate ?? 0,
    };
  });
  return { feed: feedInfo(feed), results };
}
