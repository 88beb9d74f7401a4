import type { FastifyInstance } from 'fastify';
import {
  CUSTOMER_API,
  NEWS_IMAGE_BODY_LIMIT,
  NEWS_PAGE_SIZE,
  NEWS_SAVE_BODY_LIMIT,
  STAFF_API,
} from '../../../contract';
import { defineCall } from '../../http/define-call';
import { listNews, newsDetail, stockNews } from './articles';
import { registerNewsImageRoute, uploadNewsImage } from './images';
import { decideNews, saveNews, staffNewsDetail, staffNewsList } from './staff-news';

export { publishListingNews, scanFeedForNews, startSystemNews } from './system-news';
export type { ListingNews } from './system-news';

/** News (issue 13, docs/news.md): the customer's list and detail, the back office's desk. */
export function registerNewsModule(app: FastifyInstance): void {
  defineCall(app, CUSTOMER_API, 'newsList', ({ db, body, request }) =>
    listNews(
      db,
      { tag: body.tag, page: body.page, pageSize: body.pageSize ?? NEWS_PAGE_SIZE },
      request.locale,
    ),
  );
  defineCall(app, CUSTOMER_API, 'newsDetail', ({ db, body, request }) =>
    newsDetail(db, body.id, request.locale),
  );
  defineCall(app, CUSTOMER_API, 'newsStock', ({ db, body, request }) =>
    stockNews(db, body.code, request.locale),
  );
  registerNewsImageRoute(app);

  defineCall(app, STAFF_API, 'newsArticles', ({ db, body }) =>
    staffNewsList(db, { state: body.state, page: body.page, pageSize: body.pageSize }),
  );
  defineCall(app, STAFF_API, 'newsArticle', async ({ db, body, audit }) => {
    audit.entity = `newsArticle:${body.id}`;
    return staffNewsDetail(db, body.id);
  });
  defineCall(
    app,
    STAFF_API,
    'newsSave',
    async ({ db, maru, body, staff, audit }) => {
      const saved = await saveNews(db, staff.staff.id, body, maru.clock.now());
      audit.entity = `newsArticle:${saved.id}`;
      audit.detail = { created: body.id == null, langs: saved.langs, hot: saved.hot };
      return saved;
    },
    { bodyLimitBytes: NEWS_SAVE_BODY_LIMIT },
  );
  defineCall(app, STAFF_API, 'newsPublish', async ({ db, maru, body, staff, audit }) => {
    audit.entity = `newsArticle:${body.id}`;
    return decideNews(db, request(body, staff.staff.id, maru.clock.now()), { kind: 'publish' });
  });
  defineCall(app, STAFF_API, 'newsSchedule', async ({ db, maru, body, staff, audit }) => {
    audit.entity = `newsArticle:${body.id}`;
    audit.detail = { publishAt: body.publishAt };
    return decideNews(db, request(body, staff.staff.id, maru.clock.now()), {
      kind: 'schedule',
      publishAt: body.publishAt,
    });
  });
  defineCall(app, STAFF_API, 'newsUnschedule', async ({ db, maru, body, staff, audit }) => {
    audit.entity = `newsArticle:${body.id}`;
    return decideNews(db, request(body, staff.staff.id, maru.clock.now()), {
      kind: 'unschedule',
    });
  });
  defineCall(app, STAFF_API, 'newsWithdraw', async ({ db, maru, body, staff, audit }) => {
    audit.entity = `newsArticle:${body.id}`;
    audit.detail = { reason: body.reason };
    return decideNews(db, request(body, staff.staff.id, maru.clock.now()), {
      kind: 'withdraw',
      reason: body.reason,
    });
  });
  defineCall(
    app,
    STAFF_API,
    'newsImage',
    async ({ db, body, staff, audit }) => {
      const image = await uploadNewsImage(db, staff.staff.id, body.data);
      audit.entity = `newsImage:${image.id}`;
      audit.detail = { width: image.width, height: image.height };
      return image;
    },
    { bodyLimitBytes: NEWS_IMAGE_BODY_LIMIT },
  );
}

function request(body: { id: number; version: number }, staffId: number, now: Date) {
  return {
    id: body.id,
    version: body.version,
    actor: { kind: 'staff' as const, id: staffId },
    now,
  };
}
