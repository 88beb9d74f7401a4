import { count, desc, eq } from 'drizzle-orm';
import type {
  NewsSaveRequest,
  NewsStaffDetailDto,
  NewsStaffItemDto,
  NewsStaffListDto,
  NewsState,
} from '../../../contract';
import { newsImageUrl } from '../../../contract';
import type { NewsArticleEvent } from '../../../machines/news-article';
import { isInState } from '../../../machines/state-value';
import type { Database } from '../../db/connect';
import { newsArticleVersions, newsArticles, newsImages } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { applyEvent, inState, newsArticleLifecycle, statusOf } from '../../lifecycle';
import type { Actor } from '../../lifecycle';
import { scheduleJob } from '../../lifecycle/jobs/schedule';
import type { ArticleRow, VersionRow } from './articles';
import { cleanVersion, pickVersion, versionsOf } from './articles';

/**
 * The back office's news desk (docs/news.md): drafts saved with their language versions (bodies
 * sanitised on the way in), publication now or at a time (a clock job), withdrawal. Every state
 * change goes through the article's lifecycle.
 */

function staffItem(row: ArticleRow, versions: VersionRow[]): NewsStaffItemDto {
  return {
    id: row.id,
    title: pickVersion(versions, 'ko')?.title ?? '',
    langs: versions.map((v) => v.lang),
    tags: row.tags,
    hot: row.hot,
    source: row.source,
    publishAt: row.context.publishAt,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    ...statusOf(newsArticleLifecycle, row),
  };
}

export async function staffNewsList(
  db: Database,
  query: { state?: NewsState | undefined; page: number; pageSize: number },
): Promise<NewsStaffListDto> {
  const where = query.state === undefined ? undefined : inState(newsArticles.state, query.state);
  const [total] = await db.select({ n: count() }).from(newsArticles).where(where);
  const rows = await db
    .select()
    .from(newsArticles)
    .where(where)
    .orderBy(desc(newsArticles.updatedAt), desc(newsArticles.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const versions = await versionsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => staffItem(row, versions.get(row.id) ?? [])),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

export async function staffNewsDetail(db: Database, id: number): Promise<NewsStaffDetailDto> {
  const [row] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
  if (!row) throw new ApiRefusal('news.not_found', { field: 'id' });
  const versions = (await versionsOf(db, [id])).get(id) ?? [];
  return {
    ...staffItem(row, versions),
    versions: versions.map((v) => ({
      lang: v.lang,
      title: v.title,
      summary: v.summary,
      body: v.body,
    })),
    stockCodes: row.stockCodes,
    coverImageId: row.coverImageId,
    coverUrl: row.coverImageId === null ? null : newsImageUrl(row.coverImageId),
    kind: row.kind ?? null,
    simulated: row.simulated,
  };
}

/**
 * Creates a draft (no id) or rewrites an article's versions and fields. A withdrawn article is
 * kept as it was withdrawn. `version` (when sent) must be the one the editor loaded.
 */
export async function saveNews(
  db: Database,
  staffId: number,
  body: NewsSaveRequest,
  now: Date,
): Promise<NewsStaffDetailDto> {
  if (body.coverImageId != null) {
    const [image] = await db
      .select({ id: newsImages.id })
      .from(newsImages)
      .where(eq(newsImages.id, body.coverImageId));
    if (!image) throw new ApiRefusal('news.image_not_found', { field: 'coverImageId' });
  }
  const fields = {
    tags: [...new Set(body.tags)],
    stockCodes: [...new Set(body.stockCodes ?? [])],
    hot: body.hot,
    coverImageId: body.coverImageId ?? null,
    updatedAt: now,
  };
  const versions = body.versions.map((v) =>
    cleanVersion({ lang: v.lang, title: v.title, summary: v.summary, body: v.body }),
  );
  if (versions.some((v) => v.title === '')) {
    throw new ApiRefusal('request.required', { field: 'versions.title' });
  }
  let id: number;
  if (body.id == null) {
    const [row] = await db
      .insert(newsArticles)
      .values({ source: 'staff', createdBy: staffId, createdAt: now, ...fields })
      .returning({ id: newsArticles.id });
    if (!row) throw new Error('news article insert returned no row');
    id = row.id;
  } else {
    id = body.id;
    const [row] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
    if (!row) throw new ApiRefusal('news.not_found', { field: 'id' });
    if (body.version != null && body.version !== row.version) {
      throw new ApiRefusal('lifecycle.conflict');
    }
    if (isInState(row.state, 'withdrawn')) throw new ApiRefusal('news.withdrawn');
    await db.update(newsArticles).set(fields).where(eq(newsArticles.id, id));
    await db.delete(newsArticleVersions).where(eq(newsArticleVersions.articleId, id));
  }
  await db.insert(newsArticleVersions).values(versions.map((v) => ({ articleId: id, ...v })));
  return staffNewsDetail(db, id);
}

export type NewsDecision =
  | { kind: 'publish' }
  | { kind: 'schedule'; publishAt: string }
  | { kind: 'unschedule' }
  | { kind: 'withdraw'; reason: string };

function eventOf(decision: NewsDecision): NewsArticleEvent {
  switch (decision.kind) {
    case 'publish':
      return { type: 'news.publish' };
    case 'schedule':
      return { type: 'news.schedule', at: decision.publishAt };
    case 'unschedule':
      return { type: 'news.unschedule' };
    case 'withdraw':
      return { type: 'news.withdraw', reason: decision.reason };
  }
}

/**
 * One staff decision through the lifecycle. Scheduling normalises the time, refuses one that is
 * not in the future, and writes the clock job that publishes at it (with the time in its event,
 * so a job left by an earlier schedule is refused when it falls due).
 */
export async function decideNews(
  db: Database,
  request: { id: number; version: number; actor: Actor; now: Date },
  decision: NewsDecision,
): Promise<NewsStaffDetailDto> {
  const normalised: NewsDecision =
    decision.kind === 'schedule'
      ? { kind: 'schedule', publishAt: new Date(decision.publishAt).toISOString() }
      : decision;
  if (normalised.kind === 'schedule' && Date.parse(normalised.publishAt) <= request.now.getTime()) {
    throw new ApiRefusal('news.time_past', { field: 'publishAt' });
  }
  const event = eventOf(normalised);
  await applyEvent(db, {
    lifecycle: newsArticleLifecycle,
    id: request.id,
    event,
    actor: request.actor,
    expectedVersion: request.version,
    now: request.now,
    reason: normalised.kind === 'withdraw' ? normalised.reason.trim() : null,
    sideEffects: async (tx) => {
      await tx
        .update(newsArticles)
        .set({ updatedAt: request.now })
        .where(eq(newsArticles.id, request.id));
      if (normalised.kind === 'schedule') {
        const due: NewsArticleEvent = { type: 'news.publishDue', at: normalised.publishAt };
        await scheduleJob(
          tx,
          {
            entityType: newsArticleLifecycle.type,
            entityId: request.id,
            event: due,
            dueAt: new Date(normalised.publishAt),
          },
          request.now,
        );
      }
    },
  });
  return staffNewsDetail(db, request.id);
}
