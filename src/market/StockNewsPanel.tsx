import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NewsRow } from '../home/news/NewsRow';
import { Card } from './parts/Card';
import { ListState } from './parts/ListState';
import { useNearViewport } from './parts/useNearViewport';
import { useMarketCall } from './useMarketCall';

/**
 * A stock's related news on its detail screen: the latest articles that name its code. At the
 * foot of the screen, so the call leaves when the panel comes near the screen (skeleton until
 * then), not in the same task as the price's first render.
 */
export function StockNewsPanel({ code }: { code: string }) {
  const { t } = useTranslation();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const news = useMarketCall('newsStock', near ? { code } : null);
  const items = news.data?.items ?? [];
  return (
    <div ref={ref} data-testid="stock-news-panel">
      <Card title={t('news.related')} px="0">
        <ListState
          testId="stock-news"
          loading={!near || news.loading}
          failed={news.failed}
          empty={items.length === 0}
          emptyText={t('news.relatedEmpty')}
          onRetry={news.reload}
          rows={2}
        >
          <Stack gap="0" data-testid="stock-news">
            {items.map((item) => (
              <NewsRow key={item.id} item={item} />
            ))}
          </Stack>
        </ListState>
      </Card>
    </div>
  );
}
