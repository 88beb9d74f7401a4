import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type {
  NewsDetailDto,
  NewsItemDto,
  NewsListDto,
  NewsLocale,
  NewsSource,
  NewsTag,
  SystemNewsKind,
} from '../../../contract';
import { NEWS_LOCALES, newsImageUrl } from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
import { newsArticleVersions, newsArticles } from '../../db/schema';
import { applyEvent, inState, newsArticleLifecycle } from '../../lifecycle';
import type { Actor } from '../../lifecycle';
import { ApiRefusal } from '../../http/refusal';
import { plainNewsText, sanitiseNewsBody } from './sanitise-body';
// Stamps published_at on every publication, whoever sends it.
import './publication-time';

/**
 * Reading published news for customers, and creating articles that are published at once
 * (system market news, the samples). Staff's own drafts: staff-news.ts.
 */

export type ArticleRow = typeof newsArticles.$inferSelect;
export type VersionRow = typeof newsArticleVersions.$inferSelect;

export interface VersionInput {
  lang: NewsLocale;
  title: string;
  summary: string;
  body: string;
}

/** Titles and summaries lose every tag; bodies keep only what the allow-list allows. */
export function cleanVersion(version: VersionInput): VersionInput {
  return {
    lang: version.lang,
    title: plainNewsText(version.title),
    summary: plainNewsText(version.summary),
    body: sanitiseNewsBody(version.body),
  };
}

/** The reader's language when written, else Korean, else the first written. */
export function pickVersion(versions: readonly VersionRow[], locale: string): VersionRow | null {
  return (
    versions.find((v) => v.lang === locale) ??
    versions.find((v) => v.lang === 'ko') ??
    [...versions].sort((a, b) => NEWS_LOCALES.indexOf(a.lang) - NEWS_LOCALES.indexOf(b.lang))[0] ??
    null
  );
}

export async function versionsOf(
  db: Database | Transaction,
  ids: readonly number[],
): Promise<Map<number, VersionRow[]>> {
  const byArticle = new Map<number, VersionRow[]>();
  if (ids.length === 0) return byArticle;
  const rows = await db
    .select()
    .from(newsArticleVersions)
    .where(inArray(newsArticleVersions.articleId, [...ids]));
  for (const row of rows) {
    const list = byArticle.get(row.articleId) ?? [];
    list.push(row);
    byArticle.set(row.articleId, list);
  }
  return byArticle;
}

function itemOf(row: ArticleRow, version: VersionRow): NewsItemDto {
  return {
    id: row.id,
    lang: version.lang,
    title: version.title,
    summary: version.summary,
    coverUrl: row.coverImageId === null ? null : newsImageUrl(row.coverImageId),
    tags: row.tags,
    stockCodes: row.stockCodes,
    hot: row.hot,
    source: row.source,
    kind: row.kind ?? null,
    simulated: row.simulated,
    publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
  };
}

const published = () => inState(newsArticles.state, 'published');

async function itemsOf(
  db: Database,
  rows: readonly ArticleRow[],
  locale: string,
): Promise<NewsItemDto[]> {
  const versions = await versionsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.flatMap((row) => {
    const version = pickVersion(versions.get(row.id) ?? [], locale);
    return version === null ? [] : [itemOf(row, version)];
  });
}

/** The customer's list: published, by tag, hot first, then newest. */
export async function listNews(
  db: Database,
  query: { tag?: NewsTag | 'all' | undefined; page: number; pageSize: number },
  locale: string,
): Promise<NewsListDto> {
  const conditions: SQL[] = [published()];
  if (query.tag !== undefined && query.tag !== 'all') {
    conditions.push(sql`${newsArticles.tags} @> ${JSON.stringify([query.tag])}::jsonb`);
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(newsArticles).where(where);
  const rows = await db
    .select()
    .from(newsArticles)
    .where(where)
    .orderBy(desc(newsArticles.hot), desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: await itemsOf(db, rows, locale),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

/** One published article; anything else (a draft, withdrawn, unknown) is not found. */
export async function newsDetail(db: Database, id: number, locale: string): Promise<NewsDetailDto> {
  const [row] = await db
    .select()
    .from(newsArticles)
    .where(and(eq(newsArticles.id, id), published()));
  if (!row) throw new ApiRefusal('news.not_found', { field: 'id' });
  const version = pickVersion((await versionsOf(db, [row.id])).get(row.id) ?? [], locale);
  if (version === null) throw new ApiRefusal('news.not_found', { field: 'id' });
  return { ...itemOf(row, version), body: version.body };
}

/** A stock's latest related news (at most 5), newest first. */
export async function stockNews(
  db: Database,
  code: string,
  locale: string,
): Promise<{ items: NewsItemDto[] }> {
  const rows = await db
    .select()
    .from(newsArticles)
    .where(and(published(), sql`${newsArticles.stockCodes} @> ${JSON.stringify([code])}::jsonb`))
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(5);
  return { items: await itemsOf(db, rows, locale) };
}

export interface PublishedArticle {
  source: Exclude<NewsSource, 'staff'>;
  kind: SystemNewsKind | null;
  simulated: boolean;
  hot: boolean;
  tags: NewsTag[];
  stockCodes: string[];
  versions: VersionInput[];
  /** One article per key: a second one with the same key is not written. */
  dedupeKey: string;
}

const SYSTEM: Actor = { kind: 'system', id: null };

/**
 * Writes an article and publishes it through the lifecycle, in one transaction; null when an
 * article with the same key exists already (the feed reported the same event again).
 */
export async function createPublishedArticle(
  db: Database | Transaction,
  article: PublishedArticle,
  now: Date,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsArticles)
      .values({
        source: article.source,
        kind: article.kind,
        simulated: article.simulated,
        hot: article.hot,
        tags: article.tags,
        stockCodes: article.stockCodes,
        dedupeKey: article.dedupeKey,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: newsArticles.dedupeKey })
      .returning({ id: newsArticles.id });
    if (!row) return null;
    await tx
      .insert(newsArticleVersions)
      .values(article.versions.map((v) => ({ articleId: row.id, ...cleanVersion(v) })));
    await applyEvent(tx, {
      lifecycle: newsArticleLifecycle,
      id: row.id,
      event: { type: 'news.publish' },
      actor: SYSTEM,
      now,
    });
    return row.id;
  });
}
