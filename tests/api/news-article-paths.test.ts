import type { EventObject } from 'xstate';
import type { NewsStaffDetailDto } from '../../contract';
import type { NewsArticleContext, NewsArticleEvent } from '../../machines/news-article';
import { newsArticleLifecycle } from '../../server/lifecycle';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import { describeLifecyclePaths, resultOfAnswer, sendClockEvent } from '../support/lifecycle-paths';
import { expectSuccess } from './api-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';

/**
 * Every path of the news article machine through the real app: an operator saves a draft,
 * publishes it, schedules it (the clock job publishes at the time), takes it back to draft, or
 * withdraws a published one with a reason. A blank reason never reaches the machine (the
 * request's schema refuses it), so it is listed as unsendable.
 */
interface PathArticle {
  id: number;
}

describeLifecyclePaths({
  name: 'news article',
  lifecycle: newsArticleLifecycle,
  extraEvents: [{ type: 'news.withdraw', reason: '   ' }] as const,
  sendsAsIs: (event: EventObject & { reason?: unknown }) =>
    event.type !== 'news.withdraw' ||
    typeof event.reason !== 'string' ||
    event.reason.trim() !== '',
  adapter: async (
    t,
  ): Promise<LifecycleAdapter<PathArticle, NewsArticleContext, NewsArticleEvent>> => {
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    const versionOf = async (a: PathArticle) =>
      (await newsArticleLifecycle.storage.load(t.db as never, a.id))?.version ?? 0;
    const decide = async (path: string, a: PathArticle, extra: Record<string, unknown> = {}) =>
      resultOfAnswer(
        await staffCall(
          t.app,
          path,
          { id: a.id, version: await versionOf(a), ...extra },
          operator.token,
        ),
      );
    return {
      async create() {
        const draft = expectSuccess<NewsStaffDetailDto>(
          await staffCall(
            t.app,
            '/news/save',
            {
              versions: [{ lang: 'ko', title: '경로 시험', summary: '', body: '<p>본문</p>' }],
              tags: ['notice'],
            },
            operator.token,
          ),
        );
        return { id: draft.id };
      },
      async send(a, event) {
        switch (event.type) {
          case 'news.publish':
            return decide('/news/publish', a);
          case 'news.schedule':
            return decide('/news/schedule', a, { publishAt: event.at });
          case 'news.unschedule':
            return decide('/news/unschedule', a);
          case 'news.withdraw':
            return decide('/news/withdraw', a, { reason: event.reason });
          case 'news.publishDue':
            return sendClockEvent(t.db, newsArticleLifecycle, a.id, event);
        }
      },
      actorOf: (event) =>
        event.type === 'news.publishDue'
          ? { kind: 'system', id: null }
          : { kind: 'staff', id: operator.id },
      reasonOf: (event) => (event.type === 'news.withdraw' ? event.reason.trim() : null),
      async status(a) {
        const detail = expectSuccess<NewsStaffDetailDto>(
          await staffCall(t.app, '/news/detail', { id: a.id }, operator.token),
        );
        return { state: detail.state, version: detail.version, accepts: detail.accepts };
      },
    };
  },
});
