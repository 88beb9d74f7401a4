import { Box, Flex, Image, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NewsItemDto } from '../../../contract/schemas/news';
import { formatRecordTime } from '../../information/recordTime';
import { NewsLabels } from './NewsLabels';

/** One article in a list: labels, title, summary, time, and the cover when it has one. */
export function NewsRow({ item }: { item: NewsItemDto }) {
  const { i18n } = useTranslation();
  return (
    <Box
      asChild
      display="block"
      px="4"
      py="3"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: 0 }}
    >
      <Link to={`/home/newsDetail?id=${item.id}`} data-testid={`news-item-${item.id}`}>
        <Flex gap="3" align="flex-start">
          <Box flex="1" minW="0">
            <NewsLabels item={item} />
            <Text fontWeight="semibold" mt="1" lineClamp={2} lang={item.lang}>
              {item.title}
            </Text>
            {item.summary ? (
              <Text fontSize="sm" color="fg.muted" mt="1" lineClamp={2} lang={item.lang}>
                {item.summary}
              </Text>
            ) : null}
            <Text fontSize="xs" color="fg.muted" mt="1">
              {formatRecordTime(item.publishedAt, i18n.language)}
            </Text>
          </Box>
          {item.coverUrl ? (
            <Image
              src={item.coverUrl}
              alt=""
              w="20"
              h="16"
              objectFit="cover"
              borderRadius="md"
              flexShrink={0}
            />
          ) : null}
        </Flex>
      </Link>
    </Box>
  );
}
