import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { IndexName } from '../../contract';
import { INDEX_NAMES } from '../../contract/schemas/market';
import { BackHeader } from '../components/BackHeader';
import { StockChart } from './chart/StockChart';
import { DIRECTION_COLOR, directionOf, formatLevel } from './format';
import { useIndices } from './live';
import { Card } from './parts/Card';
import { ChangeText } from './parts/ChangeText';
import { ListState } from './parts/ListState';
import { SimulatedBadge } from './parts/SimulatedBadge';
import { StatsGrid } from './parts/StatsGrid';
import { useMarketCall } from './useMarketCall';
import { InvestorTrends } from './panels/InvestorTrends';

/** /market/stockDetailzs?name=KOSPI — an index: live level, day range, 52-week range, chart. */
export default function IndexDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('name') ?? 'KOSPI';
  const name: IndexName = (INDEX_NAMES as readonly string[]).includes(requested)
    ? (requested as IndexName)
    : 'KOSPI';
  const detail = useMarketCall('indexDetail', { name });
  const live = useIndices().data?.find((x) => x.name === name);
  const index = live ?? detail.data?.index;
  const prevClose = index?.prevClose ?? 0;
  const colorOf = (v: number | null | undefined) =>
    v === null || v === undefined ? undefined : DIRECTION_COLOR[directionOf(v - prevClose)];
  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="index-detail">
      <BackHeader title={name} fallback="/market/index" />
      <Stack gap="3" p="3">
        <Card>
          <ListState
            testId="index"
            loading={detail.loading}
            failed={detail.failed && !index}
            empty={!index}
            onRetry={detail.reload}
            rows={3}
          >
            {index ? (
              <>
                <Box px="4" mb="4">
                  <Flex align="center" gap="2" mb="1">
                    <Text fontSize="lg" fontWeight="bold" data-testid="stock-name">
                      {name}
                    </Text>
                    <Box ms="auto">
                      <SimulatedBadge compact />
                    </Box>
                  </Flex>
                  <Text
                    fontSize="3xl"
                    fontWeight="bold"
                    color={DIRECTION_COLOR[directionOf(index.change)]}
                    fontVariantNumeric="tabular-nums"
                    data-testid="stock-price"
                  >
                    {formatLevel(index.value)}
                  </Text>
                  <ChangeText
                    fontSize="sm"
                    fontWeight="semibold"
                    change={index.change}
                    rate={index.changeRate}
                    decimals={2}
                  />
                </Box>
                <StatsGrid
                  stats={[
                    {
                      key: 'open',
                      label: t('market.open'),
                      value: formatLevel(index.open),
                      color: colorOf(index.open),
                    },
                    {
                      key: 'prevClose',
                      label: t('market.prevClose'),
                      value: formatLevel(prevClose),
                    },
                    {
                      key: 'high',
                      label: t('market.high'),
                      value: formatLevel(index.high),
                      color: colorOf(index.high),
                    },
                    {
                      key: 'low',
                      label: t('market.low'),
                      value: formatLevel(index.low),
                      color: colorOf(index.low),
                    },
                    {
                      key: 'week52High',
                      label: t('market.week52High'),
                      value: formatLevel(detail.data?.week52High),
                      color: DIRECTION_COLOR.up,
                    },
                    {
                      key: 'week52Low',
                      label: t('market.week52Low'),
                      value: formatLevel(detail.data?.week52Low),
                      color: DIRECTION_COLOR.down,
                    },
                  ]}
                />
              </>
            ) : null}
          </ListState>
        </Card>
        <StockChart symbol={name} isIndex prevClose={prevClose} />
        {name === 'KOSPI200' ? null : <InvestorTrends scope={name} />}
      </Stack>
    </Box>
  );
}
