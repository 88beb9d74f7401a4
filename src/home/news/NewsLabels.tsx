import { Badge, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NewsItemDto } from '../../../contract/schemas/news';

/**
 * What an article is, said on every row and on the detail: hot, a sample of the embedded
 * default, written by the system from the feed, and from simulated data (never mistaken for real
 * news about real prices).
 */
export function NewsLabels({ item }: { item: NewsItemDto }) {
  const { t } = useTranslation();
  return (
    <Flex gap="1" wrap="wrap">
      {item.hot ? (
        <Badge colorPalette="red" data-testid={`news-hot-${item.id}`}>
          {t('news.hot')}
        </Badge>
      ) : null}
      {item.source === 'sample' ? (
        <Badge colorPalette="gray" data-testid={`news-sample-${item.id}`}>
          {t('news.sample')}
        </Badge>
      ) : null}
      {item.source === 'system' ? (
        <Badge colorPalette="blue" data-testid={`news-generated-${item.id}`}>
          {t('news.generated')}
        </Badge>
      ) : null}
      {item.simulated ? (
        <Badge colorPalette="orange" data-testid={`news-simulated-${item.id}`}>
          {t('news.simulated')}
        </Badge>
      ) : null}
    </Flex>
  );
}
