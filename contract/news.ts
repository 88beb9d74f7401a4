import type { Locale } from './languages';

/**
 * News (issue 13, docs/news.md): the languages an article is written in, its tags, and the list
 * defaults of the spec (page size 10, the next page asked for 300 px before the end).
 */
export const NEWS_LOCALES = ['ko', 'en', 'zh-TW', 'zh-CN'] as const satisfies readonly Locale[];
export type NewsLocale = (typeof NEWS_LOCALES)[number];

/** The tabs of the news list; `all` is every tag. */
export const NEWS_TAGS = ['market', 'stocks', 'ipo', 'economy', 'notice'] as const;
export type NewsTag = (typeof NEWS_TAGS)[number];

/** Who wrote an article: staff, the system from the feed, or the embedded default's samples. */
export const NEWS_SOURCES = ['staff', 'system', 'sample'] as const;
export type NewsSource = (typeof NEWS_SOURCES)[number];

/** What the feed did that a system article reports. */
export const SYSTEM_NEWS_KINDS = [
  'vi',
  'limit_up',
  'limit_down',
  'index_move',
  'ipo_listing',
] as const;
export type SystemNewsKind = (typeof SYSTEM_NEWS_KINDS)[number];

/** The spec's list defaults (§9): page size 10, load offset 300 px. */
export const NEWS_PAGE_SIZE = 10;
export const NEWS_LOAD_OFFSET_PX = 300;

export const NEWS_TITLE_MAX = 200;
export const NEWS_SUMMARY_MAX = 1000;
/** Characters of one language's body as staff send it (HTML, before sanitising). */
export const NEWS_BODY_MAX = 60_000;
export const NEWS_TAGS_MAX = 5;
export const NEWS_STOCKS_MAX = 10;
/** An uploaded cover or body image, before re-encoding. */
export const NEWS_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The save call carries four bodies; the image call one image as base64. */
export const NEWS_SAVE_BODY_LIMIT = 4 * (NEWS_BODY_MAX * 4 + 8 * 1024);
export const NEWS_IMAGE_BODY_LIMIT = Math.ceil((NEWS_IMAGE_MAX_BYTES * 4) / 3) + 4 * 1024;

/**
 * Where a stored news image is read: a GET outside the JSON API (an <img> sends no session
 * headers, and a published image may be cached for good).
 */
export const NEWS_IMAGE_PATH = '/media/news';
export const newsImageUrl = (id: string) => `${NEWS_IMAGE_PATH}/${id}`;
export const NEWS_IMAGE_ID_PATTERN = /^[0-9a-f]{32}$/;
