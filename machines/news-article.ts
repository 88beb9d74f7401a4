import { assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';

/**
 * A news article (issue 13, docs/news.md): staff write a draft, publish it now or schedule it;
 * a scheduled one is published by a clock job at its time; a published one can be withdrawn
 * (it leaves the customer list, the reason is kept). System market news and the samples are
 * created and published at once by the server.
 *
 * The publication job carries the time it was scheduled for, and is taken only while the article
 * is still scheduled for that time: rescheduling leaves the old job behind (jobs are never
 * deleted), and it must not publish early.
 */
export type NewsArticleEvent =
  | { type: 'news.publish' }
  | { type: 'news.schedule'; at: string }
  | { type: 'news.publishDue'; at: string }
  | { type: 'news.unschedule' }
  | { type: 'news.withdraw'; reason: string };

export interface NewsArticleContext {
  /** The time a scheduled article is due (ISO); null when not scheduled. */
  publishAt: string | null;
  withdrawReason: string | null;
}

const meta = stateMeta<NewsArticleEvent>;

const isTime = (value: unknown): boolean =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

export const newsArticleMachine = setup({
  types: {
    context: {} as NewsArticleContext,
    events: {} as NewsArticleEvent,
  },
  guards: {
    hasTime: ({ event }) => event.type === 'news.schedule' && isTime(event.at),
    isDue: ({ context, event }) =>
      event.type === 'news.publishDue' && event.at === context.publishAt,
    hasReason: ({ event }) => event.type === 'news.withdraw' && event.reason.trim() !== '',
  },
  actions: {
    recordTime: assign({
      publishAt: ({ event }) => (event.type === 'news.schedule' ? event.at : null),
    }),
    clearTime: assign({ publishAt: null }),
    recordReason: assign({
      withdrawReason: ({ event }) => (event.type === 'news.withdraw' ? event.reason.trim() : null),
    }),
  },
}).createMachine({
  id: 'newsArticle',
  context: { publishAt: null, withdrawReason: null },
  initial: 'draft',
  states: {
    draft: {
      meta: meta({
        tone: 'neutral',
        refusals: {
          'news.schedule': 'news.invalid_time',
          'news.publishDue': 'news.not_scheduled',
          'news.unschedule': 'news.not_scheduled',
          'news.withdraw': 'news.not_published',
        },
      }),
      on: {
        'news.publish': { target: 'published' },
        'news.schedule': { target: 'scheduled', guard: 'hasTime', actions: 'recordTime' },
      },
    },
    scheduled: {
      meta: meta({
        tone: 'info',
        refusals: {
          'news.schedule': 'news.already_scheduled',
          'news.publishDue': 'news.schedule_changed',
          'news.withdraw': 'news.not_published',
        },
      }),
      on: {
        'news.publish': { target: 'published', actions: 'clearTime' },
        'news.publishDue': { target: 'published', guard: 'isDue', actions: 'clearTime' },
        'news.unschedule': { target: 'draft', actions: 'clearTime' },
      },
    },
    published: {
      meta: meta({
        tone: 'success',
        refusals: {
          'news.publish': 'news.already_published',
          'news.schedule': 'news.already_published',
          'news.publishDue': 'news.already_published',
          'news.unschedule': 'news.not_scheduled',
          'news.withdraw': 'news.reason_required',
        },
      }),
      on: {
        'news.withdraw': { target: 'withdrawn', guard: 'hasReason', actions: 'recordReason' },
      },
    },
    withdrawn: {
      type: 'final',
      meta: meta({
        tone: 'danger',
        refusals: {
          'news.publish': 'news.withdrawn',
          'news.schedule': 'news.withdrawn',
          'news.publishDue': 'news.withdrawn',
          'news.unschedule': 'news.withdrawn',
          'news.withdraw': 'news.withdrawn',
        },
      }),
    },
  },
});

/** A fixed future time for the samples: the path tests schedule and publish at it. */
export const NEWS_SAMPLE_PUBLISH_AT = '2030-01-02T00:00:00.000Z';

export const newsArticleLifecycle = defineLifecycleMachine<NewsArticleEvent>({
  machine: newsArticleMachine,
  version: 1,
  sampleEvents: [
    { type: 'news.publish' },
    { type: 'news.schedule', at: NEWS_SAMPLE_PUBLISH_AT },
    { type: 'news.publishDue', at: NEWS_SAMPLE_PUBLISH_AT },
    { type: 'news.unschedule' },
    { type: 'news.withdraw', reason: 'Outdated figures' },
    { type: 'news.withdraw', reason: '' },
  ],
});
