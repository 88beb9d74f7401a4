import { array, boolean, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { lifecycleStatusFields } from '../lifecycles';
import {
  NEWS_BODY_MAX,
  NEWS_IMAGE_MAX_BYTES,
  NEWS_IMAGE_ID_PATTERN,
  NEWS_LOCALES,
  NEWS_PAGE_SIZE,
  NEWS_SOURCES,
  NEWS_STOCKS_MAX,
  NEWS_SUMMARY_MAX,
  NEWS_TAGS,
  NEWS_TAGS_MAX,
  NEWS_TITLE_MAX,
  SYSTEM_NEWS_KINDS,
} from '../news';
import type { NewsLocale, NewsSource, NewsTag, SystemNewsKind } from '../news';
import { optionalText, requiredText, strictObject, text } from './fields';
import { paging, positiveId } from './staff';

/** News calls (issue 13, docs/news.md): the customer's list and detail, the back office's desk. */
const code = (c: ErrorCode) => c;

const oneOfText = <T extends string>(values: readonly T[], invalid: ErrorCode) =>
  mixed<T>((v): v is T => typeof v === 'string')
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .oneOf([...values], invalid);

const newsPaging = {
  page: paging.page,
  pageSize: paging.pageSize.max(50, code('request.invalid')).default(NEWS_PAGE_SIZE),
};

const stockCode = () =>
  requiredText(12).matches(/^[0-9A-Z]{6}$/, {
    message: code('news.invalid_stock'),
    excludeEmptyString: false,
  });

// ---- Customer ------------------------------------------------------------------------------

export const newsListRequest = strictObject({
  /** A tag's tab; left out (or `all`) for every article. */
  tag: mixed<NewsTag | 'all'>((v): v is NewsTag | 'all' => typeof v === 'string')
    .typeError(code('request.wrong_type'))
    .oneOf([...NEWS_TAGS, 'all'], code('news.invalid_tag')),
  ...newsPaging,
});

export const newsItem = object({
  id: number().integer().required(),
  /** The language of the version shown: the reader's when written, else Korean, else the first. */
  lang: mixed<NewsLocale>()
    .oneOf([...NEWS_LOCALES])
    .required(),
  title: string().required(),
  summary: string().defined(),
  coverUrl: string().nullable().defined(),
  tags: array(
    mixed<NewsTag>()
      .oneOf([...NEWS_TAGS])
      .required(),
  ).required(),
  stockCodes: array(string().required()).required(),
  hot: boolean().required(),
  source: mixed<NewsSource>()
    .oneOf([...NEWS_SOURCES])
    .required(),
  kind: mixed<SystemNewsKind>()
    .oneOf([...SYSTEM_NEWS_KINDS])
    .nullable()
    .defined(),
  /** Written from the simulator's feed, not a real market: screens say so. */
  simulated: boolean().required(),
  publishedAt: string().required(),
});
export type NewsItemDto = InferType<typeof newsItem>;

export const newsListResponse = object({
  items: array(newsItem).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
});
export type NewsListDto = InferType<typeof newsListResponse>;

export const newsIdRequest = strictObject({ id: positiveId() });

export const newsDetailResponse = newsItem.shape({
  /** Sanitised HTML, stored as the server cleaned it: render as it is. */
  body: string().defined(),
});
export type NewsDetailDto = InferType<typeof newsDetailResponse>;

export const newsStockRequest = strictObject({ code: stockCode() });
export const newsStockResponse = object({ items: array(newsItem).required() });
export type NewsStockDto = InferType<typeof newsStockResponse>;

// ---- Back office ---------------------------------------------------------------------------

export const NEWS_STATES = ['draft', 'scheduled', 'published', 'withdrawn'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

export const newsVersionInput = strictObject({
  lang: oneOfText(NEWS_LOCALES, 'news.invalid_language'),
  title: requiredText(NEWS_TITLE_MAX).test(
    'not-blank',
    code('request.required'),
    (v) => v === undefined || v.trim() !== '',
  ),
  summary: optionalText(NEWS_SUMMARY_MAX).default(''),
  body: optionalText(NEWS_BODY_MAX).default(''),
});

export const newsSaveRequest = strictObject({
  /** Left out for a new draft. */
  id: positiveId().notRequired(),
  version: number()
    .typeError(code('request.wrong_type'))
    .integer(code('request.invalid'))
    .min(0, code('request.invalid'))
    .notRequired(),
  versions: array(newsVersionInput)
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .min(1, code('news.language_required'))
    .max(NEWS_LOCALES.length, code('request.invalid'))
    .test(
      'one-per-language',
      code('news.duplicate_language'),
      (v) => v === undefined || new Set(v.map((x) => x.lang)).size === v.length,
    ),
  /** At least one: the list's tabs are by tag. */
  tags: array(oneOfText(NEWS_TAGS, 'news.invalid_tag'))
    .typeError(code('request.wrong_type'))
    .required(code('news.tag_required'))
    .min(1, code('news.tag_required'))
    .max(NEWS_TAGS_MAX, code('request.invalid')),
  /** The stocks it is about (their detail screens list it); left out when none. */
  stockCodes: array(stockCode())
    .typeError(code('request.wrong_type'))
    .min(1, code('request.invalid'))
    .max(NEWS_STOCKS_MAX, code('request.invalid'))
    .notRequired(),
  hot: boolean().typeError(code('request.wrong_type')).default(false),
  coverImageId: text()
    .matches(NEWS_IMAGE_ID_PATTERN, { message: code('request.invalid') })
    .nullable()
    .default(null),
});
export type NewsSaveRequest = InferType<typeof newsSaveRequest>;

export const newsDecisionRequest = strictObject({
  id: positiveId(),
  version: number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .integer(code('request.invalid'))
    .min(0, code('request.invalid')),
});

export const newsScheduleRequest = newsDecisionRequest.shape({
  /** ISO 8601 with a zone; must be in the future. */
  publishAt: requiredText(40).test(
    'iso-time',
    code('news.invalid_time'),
    (v) => v === undefined || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))),
  ),
});

export const newsWithdrawRequest = newsDecisionRequest.shape({
  reason: requiredText(500),
});

export const newsStaffListRequest = strictObject({
  state: mixed<NewsState>((v): v is NewsState => typeof v === 'string')
    .typeError(code('request.wrong_type'))
    .oneOf([...NEWS_STATES], code('request.invalid')),
  ...paging,
});

export const newsVersion = object({
  lang: mixed<NewsLocale>()
    .oneOf([...NEWS_LOCALES])
    .required(),
  title: string().required(),
  summary: string().defined(),
  body: string().defined(),
});

export const newsStaffItem = object({
  id: number().integer().required(),
  title: string().required(),
  langs: array(
    mixed<NewsLocale>()
      .oneOf([...NEWS_LOCALES])
      .required(),
  ).required(),
  tags: array(
    mixed<NewsTag>()
      .oneOf([...NEWS_TAGS])
      .required(),
  ).required(),
  hot: boolean().required(),
  source: mixed<NewsSource>()
    .oneOf([...NEWS_SOURCES])
    .required(),
  publishAt: string().nullable().defined(),
  publishedAt: string().nullable().defined(),
  updatedAt: string().required(),
  ...lifecycleStatusFields,
});
export type NewsStaffItemDto = InferType<typeof newsStaffItem>;

export const newsStaffListResponse = object({
  items: array(newsStaffItem).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
});
export type NewsStaffListDto = InferType<typeof newsStaffListResponse>;

export const newsStaffDetailResponse = newsStaffItem.shape({
  versions: array(newsVersion).required(),
  stockCodes: array(string().required()).required(),
  coverImageId: string().nullable().defined(),
  coverUrl: string().nullable().defined(),
  kind: mixed<SystemNewsKind>()
    .oneOf([...SYSTEM_NEWS_KINDS])
    .nullable()
    .defined(),
  simulated: boolean().required(),
});
export type NewsStaffDetailDto = InferType<typeof newsStaffDetailResponse>;

export const newsImageRequest = strictObject({
  /** The image's bytes as base64 (JPEG or PNG, re-encoded by the upload pipeline). */
  data: requiredText(Math.ceil((NEWS_IMAGE_MAX_BYTES * 4) / 3) + 8)
    .matches(/^[A-Za-z0-9+/]+={0,2}$/, { message: code('upload.unsupported_type') })
    // JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A) by the base64 of their first bytes.
    .test(
      'image-signature',
      code('upload.unsupported_type'),
      (v) => v === undefined || v.startsWith('/9j/') || v.startsWith('iVBORw0KGgo'),
    ),
});
export const newsImageResponse = object({
  id: string().required(),
  url: string().required(),
  width: number().integer().required(),
  height: number().integer().required(),
});
export type NewsImageDto = InferType<typeof newsImageResponse>;
