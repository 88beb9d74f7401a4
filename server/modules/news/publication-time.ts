import { eq } from 'drizzle-orm';
import { newsArticles } from '../../db/schema';
import { subscribeTransitions } from '../../lifecycle/subscribers';
import type { TransitionSubscriber } from '../../lifecycle/subscribers';

/**
 * An article's publication time is the time of the transition that published it, whoever sent
 * it (staff now, the clock job at its time, the system for market news): one subscriber rather
 * than each caller, because the job runner applies its event without side effects of its own.
 */
export const stampPublication: TransitionSubscriber = async (tx, notice) => {
  if (notice.lifecycle.type !== 'newsArticle') return;
  if (notice.to !== 'published' || notice.from === 'published') return;
  await tx
    .update(newsArticles)
    .set({ publishedAt: notice.now, updatedAt: notice.now })
    .where(eq(newsArticles.id, notice.id));
};

subscribeTransitions(stampPublication);
