import { Badge, Box, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { IPO_RECORD_TABS } from '../../../contract/ipo';
import type { IpoRecordTab } from '../../../contract/ipo';
import type { IpoRecordRowDto, IpoRecordsDto } from '../../../contract/schemas/ipo';
import { call } from '../../api';
import { BackHeader } from '../../components/BackHeader';
import { PagedListBody, usePagedList } from '../../components/PagedList';
import { useLifecycleWords } from '../../lifecycle/words';
import { formatPrice } from '../../market/format';
import { useStockName } from '../../market/names';
import { Segmented } from '../../market/parts/Segmented';
import { Fact } from '../block/OfferingFacts';
import { seoulMinute, subscriptionLook } from './ipoLook';

export const RECORDS_PAGE_SIZE = 20;

/** The lifecycle words' name for each tab's rows. */
const ENTITY_OF_TAB: Record<IpoRecordTab, string> = {
  subscriptions: 'subscription',
  placements: 'placement',
  auctions: 'auction',
  allotments: 'allotment',
};

const tabOf = (value: string | null): IpoRecordTab =>
  (IPO_RECORD_TABS as readonly string[]).includes(value ?? '')
    ? (value as IpoRecordTab)
    : 'subscriptions';

const rowsOf = (answer: IpoRecordsDto) => answer.rows;

/**
 * /home/newStockRecords — the customer's records: subscriptions and their lottery results,
 * placement applications, auction bids and rights allotments (`?tab=` keeps the tab), 20 at a
 * time. A subscription opens its record (/home/newStockRecord).
 */
export default function NewStockRecordsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8" data-testid="ipo-records-screen">
      <BackHeader title={t('ipo.records.title')} fallback="/home/newStock" />
      <Box bg="bg" px="4" pt="2">
        <Segmented
          variant="underline"
          fill
          items={IPO_RECORD_TABS.map((value) => ({ value, label: t(`ipo.records.tabs.${value}`) }))}
          value={tab}
          onChange={(value) => setParams({ tab: value }, { replace: true })}
          testIdPrefix="ipo-records-tab"
        />
      </Box>
      <Stack gap="3" px="3" pt="3">
        {/* Keyed by the tab: another tab starts from an empty list. */}
        <RecordList key={tab} tab={tab} />
      </Stack>
    </Box>
  );
}

function RecordList({ tab }: { tab: IpoRecordTab }) {
  const { t } = useTranslation();
  const fetch = useCallback(
    (page: number) =>
      call('ipoRecords', { tab, page, pageSize: RECORDS_PAGE_SIZE }, { silent: true }),
    [tab],
  );
  const { list, fetchPage, load, forget } = usePagedList(fetch, rowsOf);
  useEffect(() => {
    fetchPage(1);
    return forget;
  }, [fetchPage, forget]);
  return (
    <PagedListBody
      list={list}
      load={load}
      testId="ipo-records"
      texts={{
        more: t('ipo.records.more'),
        loadFailed: t('ipo.records.loadFailed'),
        empty: t(`ipo.records.empty.${tab}`),
      }}
      listProps={{ 'data-tab': tab }}
    >
      {list.items.map((row) => (
        <RecordRow key={`${row.kind}-${row.id}`} row={row} />
      ))}
    </PagedListBody>
  );
}

function RecordRow({ row }: { row: IpoRecordRowDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const words = useLifecycleWords();
  const nameOf = useStockName();
  const look =
    row.kind === 'subscriptions'
      ? subscriptionLook(words, row.state)
      : { label: words.state(ENTITY_OF_TAB[row.kind], row.state), palette: 'gray' };
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });
  const body = (
    <>
      <Flex align="center" justify="space-between" gap="2" mb="1">
        <Text fontSize="sm" fontWeight="semibold" overflowWrap="anywhere">
          {`${nameOf(row)} ${row.symbol}`}
        </Text>
        <Badge colorPalette={look.palette} data-testid={`ipo-record-row-state-${row.id}`}>
          {look.label}
        </Badge>
      </Flex>
      <Text fontSize="xs" color="fg.muted" mb="1">
        {`${row.recordNo} · ${seoulMinute(row.createdAt)}`}
      </Text>
      <Fact label={t('ipo.f.price')}>{won(row.price)}</Fact>
      <Fact label={t('ipo.f.shares')}>
        {t('ticket.sharesCount', { shares: formatPrice(row.shares) })}
      </Fact>
      <Fact label={t('ipo.f.allotted')}>
        {row.allotted === null
          ? t('ipo.notDrawn')
          : t('ticket.sharesCount', { shares: formatPrice(row.allotted) })}
      </Fact>
      <Fact label={t('ipo.f.amount')}>{row.amount === null ? t('ipo.none') : won(row.amount)}</Fact>
    </>
  );
  if (row.kind !== 'subscriptions') {
    return (
      <Box bg="bg" borderRadius="xl" p="4" data-testid={`ipo-records-row-${row.id}`}>
        {body}
      </Box>
    );
  }
  return (
    <chakra.button
      type="button"
      textAlign="start"
      bg="bg"
      borderRadius="xl"
      p="4"
      onClick={() => void navigate(`/home/newStockRecord?id=${row.id}`)}
      data-testid={`ipo-records-row-${row.id}`}
    >
      {body}
    </chakra.button>
  );
}
