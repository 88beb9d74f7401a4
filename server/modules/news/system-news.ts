import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { IndexQuote, NewsLocale, NewsTag, Quote, SystemNewsKind } from '../../../contract';
import { stockNameIn } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { Database, Transaction } from '../../db/connect';
import { newsArticles } from '../../db/schema';
import type { MarketFeed } from '../../market';
import { seoulIsoDate } from '../../market/seoul-time';
import type { VersionInput } from './articles';
import { createPublishedArticle } from './articles';

/**
 * Market news the system writes from what the feed does (docs/news.md): a volatility
 * interruption, a stock at its daily limit, an index moving past a threshold, an IPO's listing
 * day. Each is labelled as generated (source `system`) and as simulated when the feed is the
 * simulator. A noisy feed cannot flood the list: each event is written once a Seoul day
 * (`dedupeKey`), a scan writes at most `perScan`, and at most `perHour` system articles exist in
 * any hour.
 */

export interface SystemNewsLimits {
  perScan: number;
  perHour: number;
  /** An index move worth an article, as a fraction, and each further multiple of it. */
  indexStep: number;
}

export const SYSTEM_NEWS_LIMITS: SystemNewsLimits = { perScan: 3, perHour: 12, indexStep: 0.02 };

interface Candidate {
  kind: SystemNewsKind;
  dedupeKey: string;
  tags: NewsTag[];
  stockCodes: string[];
  hot: boolean;
  versions: VersionInput[];
}

const LOCALES: readonly NewsLocale[] = ['ko', 'en', 'zh-TW', 'zh-CN'];
const won = (n: number) => n.toLocaleString('en-US');
const pct = (rate: number) => `${(Math.abs(rate) * 100).toFixed(2)}%`;

type Texts = Record<NewsLocale, { title: string; summary: string }>;

function versionsOf(texts: Texts, simulated: boolean): VersionInput[] {
  const note: Record<NewsLocale, string> = {
    ko: simulated
      ? '이 기사는 시스템이 시뮬레이션 시세로 자동 작성했습니다.'
      : '이 기사는 시스템이 시세로 자동 작성했습니다.',
    en: simulated
      ? 'Written automatically by the system from simulated market data.'
      : 'Written automatically by the system from market data.',
    'zh-TW': simulated ? '本文由系統根據模擬行情自動生成。' : '本文由系統根據行情自動生成。',
    'zh-CN': simulated ? '本文由系统根据模拟行情自动生成。' : '本文由系统根据行情自动生成。',
  };
  return LOCALES.map((lang) => ({
    lang,
    title: texts[lang].title,
    summary: texts[lang].summary,
    body: `<p>${escapeHtml(texts[lang].summary)}</p><p><em>${note[lang]}</em></p>`,
  }));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function names(quote: Pick<Quote, 'name' | 'nameEn'>) {
  const ko = stockNameIn('ko', { nameKo: quote.name, nameEn: quote.nameEn });
  const other = stockNameIn('en', { nameKo: quote.name, nameEn: quote.nameEn });
  return { ko, other };
}

function viCandidate(quote: Quote, day: string, simulated: boolean): Candidate {
  const n = names(quote);
  const p = won(quote.price);
  return {
    kind: 'vi',
    dedupeKey: `vi:${quote.code}:${day}`,
    tags: ['market', 'stocks'],
    stockCodes: [quote.code],
    hot: false,
    versions: versionsOf(
      {
        ko: {
          title: `${n.ko}(${quote.code}) 변동성 완화장치(VI) 발동`,
          summary: `${n.ko}의 주가가 ${p}원에서 급변해 변동성 완화장치가 발동되었습니다. 단일가 매매 후 거래가 재개됩니다.`,
        },
        en: {
          title: `Volatility interruption (VI) triggered for ${n.other} (${quote.code})`,
          summary: `${n.other} moved sharply at ₩${p}; a volatility interruption was triggered. Trading resumes after a single-price auction.`,
        },
        'zh-TW': {
          title: `${n.other}（${quote.code}）觸發波動緩和機制（VI）`,
          summary: `${n.other} 股價在 ${p} 韓元急劇波動，已觸發波動緩和機制，單一價格競價後恢復交易。`,
        },
        'zh-CN': {
          title: `${n.other}（${quote.code}）触发波动缓和机制（VI）`,
          summary: `${n.other} 股价在 ${p} 韩元剧烈波动，已触发波动缓和机制，单一价格竞价后恢复交易。`,
        },
      },
      simulated,
    ),
  };
}

function limitCandidate(quote: Quote, up: boolean, day: string, simulated: boolean): Candidate {
  const n = names(quote);
  const p = won(quote.price);
  const r = pct(quote.changeRate);
  return {
    kind: up ? 'limit_up' : 'limit_down',
    dedupeKey: `${up ? 'limit_up' : 'limit_down'}:${quote.code}:${day}`,
    tags: ['market', 'stocks'],
    stockCodes: [quote.code],
    hot: true,
    versions: versionsOf(
      up
        ? {
            ko: {
              title: `${n.ko}, 상한가 도달 (${p}원)`,
              summary: `${n.ko}(${quote.code})가 전일 대비 ${r} 올라 가격제한폭 상단인 ${p}원에 도달했습니다.`,
            },
            en: {
              title: `${n.other} hits its upper limit at ₩${p}`,
              summary: `${n.other} (${quote.code}) rose ${r} from the previous close to its daily upper price limit of ₩${p}.`,
            },
            'zh-TW': {
              title: `${n.other} 觸及漲停（${p} 韓元）`,
              summary: `${n.other}（${quote.code}）較前日上漲 ${r}，觸及當日漲停價 ${p} 韓元。`,
            },
            'zh-CN': {
              title: `${n.other} 触及涨停（${p} 韩元）`,
              summary: `${n.other}（${quote.code}）较前日上涨 ${r}，触及当日涨停价 ${p} 韩元。`,
            },
          }
        : {
            ko: {
              title: `${n.ko}, 하한가 도달 (${p}원)`,
              summary: `${n.ko}(${quote.code})가 전일 대비 ${r} 내려 가격제한폭 하단인 ${p}원에 도달했습니다.`,
            },
            en: {
              title: `${n.other} hits its lower limit at ₩${p}`,
              summary: `${n.other} (${quote.code}) fell ${r} from the previous close to its daily lower price limit of ₩${p}.`,
            },
            'zh-TW': {
              title: `${n.other} 觸及跌停（${p} 韓元）`,
              summary: `${n.other}（${quote.code}）較前日下跌 ${r}，觸及當日跌停價 ${p} 韓元。`,
            },
            'zh-CN': {
              title: `${n.other} 触及跌停（${p} 韩元）`,
              summary: `${n.other}（${quote.code}）较前日下跌 ${r}，触及当日跌停价 ${p} 韩元。`,
            },
          },
      simulated,
    ),
  };
}

function indexCandidate(
  index: IndexQuote,
  step: number,
  day: string,
  simulated: boolean,
): Candidate | null {
  const steps = Math.floor(Math.abs(index.changeRate) / step + 1e-9);
  if (steps < 1) return null;
  const up = index.changeRate > 0;
  const threshold = `${Math.round(steps * step * 100)}%`;
  const v = index.value.toFixed(2);
  const r = pct(index.changeRate);
  return {
    kind: 'index_move',
    dedupeKey: `index_move:${index.name}:${day}:${up ? 'up' : 'down'}:${steps}`,
    tags: ['market'],
    stockCodes: [],
    hot: steps >= 2,
    versions: versionsOf(
      {
        ko: {
          title: `${index.name} ${up ? '상승' : '하락'}폭 ${threshold} 넘어서 (${v})`,
          summary: `${index.name} 지수가 전일 대비 ${r} ${up ? '오른' : '내린'} ${v}를 기록하고 있습니다.`,
        },
        en: {
          title: `${index.name} ${up ? 'up' : 'down'} more than ${threshold} (${v})`,
          summary: `The ${index.name} index is at ${v}, ${up ? 'up' : 'down'} ${r} from the previous close.`,
        },
        'zh-TW': {
          title: `${index.name} ${up ? '漲幅' : '跌幅'}超過 ${threshold}（${v}）`,
          summary: `${index.name} 指數報 ${v}，較前日${up ? '上漲' : '下跌'} ${r}。`,
        },
        'zh-CN': {
          title: `${index.name} ${up ? '涨幅' : '跌幅'}超过 ${threshold}（${v}）`,
          summary: `${index.name} 指数报 ${v}，较前日${up ? '上涨' : '下跌'} ${r}。`,
        },
      },
      simulated,
    ),
  };
}

/** What the feed shows now that would be news, most important first. */
export function newsCandidates(feed: MarketFeed, limits: SystemNewsLimits): Candidate[] {
  const now = feed.now();
  const day = seoulIsoDate(now);
  const simulated = feed.simulated;
  const limitsHit: Candidate[] = [];
  const vis: Candidate[] = [];
  for (const quote of feed.quotes()) {
    if (quote.open === null) continue;
    if (quote.price >= quote.upperLimit)
      limitsHit.push(limitCandidate(quote, true, day, simulated));
    else if (quote.price <= quote.lowerLimit) {
      limitsHit.push(limitCandidate(quote, false, day, simulated));
    }
    if (quote.vi) vis.push(viCandidate(quote, day, simulated));
  }
  const indexMoves = feed
    .indices()
    .map((index) => indexCandidate(index, limits.indexStep, day, simulated))
    .filter((c): c is Candidate => c !== null);
  return [...indexMoves, ...limitsHit, ...vis];
}

async function writeCandidates(
  db: Database | Transaction,
  candidates: Candidate[],
  simulated: boolean,
  now: Date,
  limits: SystemNewsLimits,
): Promise<number[]> {
  if (candidates.length === 0) return [];
  const [recent] = await db
    .select({ n: count() })
    .from(newsArticles)
    .where(
      and(
        eq(newsArticles.source, 'system'),
        gt(newsArticles.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  let budget = Math.min(limits.perScan, limits.perHour - (recent?.n ?? 0));
  if (budget <= 0) return [];
  const known = new Set(
    (
      await db
        .select({ key: newsArticles.dedupeKey })
        .from(newsArticles)
        .where(
          inArray(
            newsArticles.dedupeKey,
            candidates.map((c) => c.dedupeKey),
          ),
        )
    ).map((r) => r.key),
  );
  const written: number[] = [];
  for (const candidate of candidates) {
    if (budget <= 0) break;
    if (known.has(candidate.dedupeKey)) continue;
    const id = await createPublishedArticle(db, { source: 'system', simulated, ...candidate }, now);
    if (id !== null) {
      written.push(id);
      budget -= 1;
    }
  }
  return written;
}

/** One look at the feed: the articles written (ids), none when nothing new happened. */
export async function scanFeedForNews(
  db: Database,
  feed: MarketFeed,
  now: Date,
  limits: SystemNewsLimits = SYSTEM_NEWS_LIMITS,
): Promise<number[]> {
  return writeCandidates(db, newsCandidates(feed, limits), feed.simulated, now, limits);
}

export interface ListingNews {
  code: string;
  nameKo: string;
  nameEn: string;
  /** The offering price in won. */
  offerPrice: number;
  /** The listing day (YYYY-MM-DD, Seoul). */
  listingDate: string;
  simulated: boolean;
}

/**
 * The IPO listing day's article, for the IPO listing job to call in its transaction; written once
 * per stock and day (null when it exists already). Not counted against the feed's hourly limit:
 * a listing is one event a day at most per stock.
 */
export async function publishListingNews(
  db: Database | Transaction,
  listing: ListingNews,
  now: Date,
): Promise<number | null> {
  const ko = stockNameIn('ko', listing);
  const other = stockNameIn('en', listing);
  const p = won(listing.offerPrice);
  return createPublishedArticle(
    db,
    {
      source: 'system',
      kind: 'ipo_listing',
      simulated: listing.simulated,
      hot: true,
      tags: ['ipo', 'stocks'],
      stockCodes: [listing.code],
      dedupeKey: `ipo_listing:${listing.code}:${listing.listingDate}`,
      versions: versionsOf(
        {
          ko: {
            title: `${ko}(${listing.code}) 오늘 신규 상장`,
            summary: `${ko}가 ${listing.listingDate} 공모가 ${p}원으로 상장해 거래를 시작합니다.`,
          },
          en: {
            title: `${other} (${listing.code}) lists today`,
            summary: `${other} lists on ${listing.listingDate} at an offering price of ₩${p} and starts trading.`,
          },
          'zh-TW': {
            title: `${other}（${listing.code}）今日新股上市`,
            summary: `${other} 於 ${listing.listingDate} 以發行價 ${p} 韓元上市並開始交易。`,
          },
          'zh-CN': {
            title: `${other}（${listing.code}）今日新股上市`,
            summary: `${other} 于 ${listing.listingDate} 以发行价 ${p} 韩元上市并开始交易。`,
          },
        },
        listing.simulated,
      ),
    },
    now,
  );
}

/**
 * Scans the feed every `pollMs` (0: never), one scan at a time; stopped (waiting for a scan under
 * way) when the app closes.
 */
export function startSystemNews(
  context: AppContext,
  options: { pollMs: number; onError: (error: unknown) => void },
): { stop(): Promise<void> } {
  if (options.pollMs <= 0) return { stop: () => Promise.resolve() };
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    timer = null;
    running = scanFeedForNews(context.db, context.feed, context.clock.now())
      .then(
        () => undefined,
        (error: unknown) => options.onError(error),
      )
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, options.pollMs);
      });
  };
  timer = setTimeout(tick, options.pollMs);
  return {
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      await running;
    },
  };
}
