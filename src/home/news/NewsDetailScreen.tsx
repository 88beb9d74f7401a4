import { Box, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { BackHeader } from '../../components/BackHeader';
import { formatRecordTime } from '../../information/recordTime';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { useMarketCall } from '../../market/useMarketCall';
import { NewsLabels } from './NewsLabels';
import './news-body.css';

/**
 * /home/newsDetail?id= — one article in the reader's language. The body is the HTML the server
 * stored after sanitising it by its allow-list (server/modules/news/sanitise-body.ts): rendered
 * as it is, never built from anything the client received elsewhere.
 */
export default function NewsDetailScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const detail = useMarketCall('newsDetail', valid ? { id } : null);
  if (!valid) return <Navigate to="/home/newsList" replace />;
  const article = detail.data;

  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="news-detail-screen">
      <BackHeader title={t('news.detailTitle')} fallback="/home/newsList" />
      <Stack gap="3" p="3">
        <Card px="4">
          <ListState
            testId="news-detail"
            loading={detail.loading}
            failed={detail.failed}
            empty={article === null}
            emptyText={t('news.notFound')}
            onRetry={detail.reload}
            rows={6}
          >
            {article ? (
              <article lang={article.lang} data-testid="news-article">
                <NewsLabels item={article} />
                <Heading as="h1" fontSize="xl" mt="2" data-testid="news-article-title">
                  {article.title}
                </Heading>
                <Text fontSize="xs" color="fg.muted" mt="1">
                  {formatRecordTime(article.publishedAt, i18n.language)}
                </Text>
                {article.coverUrl ? (
                  <Image src={article.coverUrl} alt="" mt="3" borderRadius="lg" w="full" />
                ) : null}
                {article.summary ? (
                  <Text mt="3" fontWeight="medium" color="fg.muted">
                    {article.summary}
                  </Text>
                ) : null}
                <div
                  className="maru-news-body"
                  data-testid="news-article-body"
                  // Sanitised on the server when it was saved (docs/news.md); rendered as stored.
                  dangerouslySetInnerHTML={{ __html: article.body }}
                />
                {article.stockCodes.length > 0 ? (
                  <Stack direction="row" gap="2" mt="4" wrap="wrap">
                    {article.stockCodes.map((code) => (
                      <Link
                        key={code}
                        to={`/market/stockDetail?code=${code}`}
                        data-testid={`news-stock-${code}`}
                      >
                        <Text as="span" fontSize="sm" color="blue.700" textDecoration="underline">
                          {t('news.stockLink', { code })}
                        </Text>
                      </Link>
                    ))}
                  </Stack>
                ) : null}
              </article>
            ) : null}
          </ListState>
        </Card>
      </Stack>
    </Box>
  );
}
