import type { NewsArticleContext, NewsArticleEvent } from '../../../machines/news-article';
import { newsArticleLifecycle as definition } from '../../../machines/news-article';
import { newsArticles } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/**
 * News articles live in `news_articles`. The publication job is written by the schedule call
 * (server/modules/news/staff-news.ts) with the time in its event, not by a state's meta: the job
 * must carry the time it was scheduled for (docs/news.md).
 */
export const newsArticleLifecycle: Lifecycle<NewsArticleContext, NewsArticleEvent> = {
  type: 'newsArticle',
  definition,
  storage: tableStorage<NewsArticleContext>(newsArticles, {
    id: newsArticles.id,
    state: newsArticles.state,
    context: newsArticles.context,
    version: newsArticles.version,
  }),
  notFound: 'news.not_found',
};
