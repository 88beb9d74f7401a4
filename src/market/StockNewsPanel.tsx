import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NewsRow } from '../home/news/NewsRow';
import { Card } from './parts/Card';
import { ListState } from './parts/ListState';
import { useMarketCall } from './useMarketCall';

/** A stock's related news on its detail screen: the latest articles that name its code. */
export function StockNewsPanel({ code }: { code: string }) {
  const { t } = useTranslation();
  const news = useMarketCall('newsStock', { code });
  const items = news.data?.items ?? [];
  return (
    <Card title={t('news.related')} px="0">
      <ListState
        testId="stock-news"
        loading={news.loading}
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
  );
}
