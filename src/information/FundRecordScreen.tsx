import { Badge, Box, Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { FUND_RECORD_TYPES } from '../../contract/schemas/funds';
import type {
  FundOrderDto,
  FundRecordDto,
  FundRecordRowDto,
  FundRecordType,
} from '../../contract/schemas/funds';
import { formatMoney } from '../../contract/money';
import { call } from '../api';
import { BackHeader } from '../components/BackHeader';
import { PagedListBody, usePagedList } from '../components/PagedList';
import { useLifecycleWords } from '../lifecycle/words';
import { onLiveFundOrder, onLiveReconnect } from '../market/live/account-live';
import { Segmented } from '../market/parts/Segmented';
import { FundOrderDetailView } from './FundOrderDetailView';
import { KIND_OF_TAB, entryKindWords, RECORD_TABS, TAB_OF_KIND, recordLook } from './fundRecordLook';
import { formatRecordTime } from './recordTime';

const PAGE_SIZE = 20;

/** The tab from `?type=`, deposits when absent or unknown. */
function tabOf(value: string | null): FundRecordType {
  return (FUND_RECORD_TYPES as readonly string[]).includes(value ?? '')
    ? (value as FundRecordType)
    : 'recharge';
}

/**
 * /information/fundRecord — the customer's fund records by tab (trades, deposits, withdrawals,
 * exchanges), newest first, 20 at a time with "load more". `?type=` keeps the tab, `?id=` opens a
 * deposit's or withdrawal's detail. Deposits and withdrawals follow the `/account` socket: a
 * changed order updates its row, a new one reloads the first page.
 */
export default function FundRecordScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('type'));
  const openId = Number(params.get('id'));

  if (openId > 0) return <FundOrderDetailView id={openId} />;

  const open = (row: FundRecordRowDto) => setParams({ type: tab, id: String(row.id) });
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('money.records.title')} />
      <Box bg="bg" px="4">
        <Segmented
          variant="underline"
          fill
          items={RECORD_TABS.map((value) => ({ value, label: t(`money.records.tabs.${value}`) }))}
          value={tab}
          onChange={(value) => setParams({ type: value }, { replace: true })}
          testIdPrefix="fundrecord-tab"
        />
      </Box>
      {/* Keyed by the tab: another tab starts from an empty list. */}
      <RecordTab key={tab} tab={tab} onOpen={open} />
    </Box>
  );
}

/** One tab's rows, page by page, kept up to date by the socket. */
function RecordTab({
  tab,
  onOpen,
}: {
  tab: FundRecordType;
  onOpen: (row: FundRecordRowDto) => void;
}) {
  const { t } = useTranslation();
  const fetch = useCallback(
    (page: number) => call('fundRecord', { type: tab, page, pageSize: PAGE_SIZE }),
    [tab],
  );
  const { list, setList, fetchPage, load, forget } = usePagedList(fetch, itemsOf);

  useEffect(() => {
    fetchPage(1);
    const stopOrders = onLiveFundOrder((order: FundOrderDto) => {
      if (TAB_OF_KIND[order.kind] !== tab) return;
      setList((l) => {
        const index = l.items.findIndex((row) => row.id === order.id);
        const row = l.items[index];
        if (!row) {
          // A new order: the first page shows it.
          queueMicrotask(() => fetchPage(1));
          return l;
        }
        const items = [...l.items];
        items[index] = { ...row, state: order.state, reason: order.reason };
        return { ...l, items };
      });
    });
    const stopReconnect = onLiveReconnect(() => fetchPage(1));
    return () => {
      forget();
      stopOrders();
      stopReconnect();
    };
  }, [tab, fetchPage, setList, forget]);

  return (
    <Stack gap="3" px="4" pt="4">
      <PagedListBody
        list={list}
        load={load}
        testId="fundrecord"
        texts={{
          more: t('money.records.more'),
          loadFailed: t('money.records.loadFailed'),
          empty: t('money.records.empty'),
        }}
      >
        {list.items.map((row) => (
          <RecordRow key={`${row.type}-${row.id}`} row={row} onOpen={() => onOpen(row)} />
        ))}
      </PagedListBody>
    </Stack>
  );
}

const itemsOf = (answer: FundRecordDto) => answer.items;

/** The order a trading entry (`trade_…`) was posted for, from its reason (`T<id>`); else null. */
function tradeOrderIdOf(row: FundRecordRowDto): number | null {
  if (!row.entryKind?.startsWith('trade_')) return null;
  const match = /^T(\d+)$/.exec(row.reason ?? '');
  return match ? Number(match[1]) : null;
}

function RecordRow({ row, onOpen }: { row: FundRecordRowDto; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  const kind = KIND_OF_TAB[row.type] ?? null;
  const look = recordLook(words, kind, row.state, t('money.records.done'));
  const tradeOrderId = tradeOrderIdOf(row);
  const content = (
    <>
      <Flex justify="space-between" align="center" gap="3">
        <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
          {row.orderNo}
        </Text>
        <Badge
          colorPalette={look.palette}
          variant="subtle"
          data-testid={`fundrecord-state-${row.id}`}
        >
          {look.label}
        </Badge>
      </Flex>
      <Flex justify="space-between" align="baseline" gap="3" mt="1">
        <Text fontSize="xs" color="fg.muted">
          {formatRecordTime(row.time, i18n.language)}
        </Text>
        <Text
          fontWeight="bold"
          fontVariantNumeric="tabular-nums"
          data-testid={`fundrecord-amount-${row.id}`}
        >
          {/* Each amount with its currency: a list mixes won, dollars and USDT. */}
          {row.amount > 0 && row.type !== 'withdraw' ? '+' : ''}
          {formatMoney(row.amount, row.currency)} {row.currency}
          {row.counterAmount !== null && row.counterCurrency !== null
            ? ` → ${formatMoney(row.counterAmount, row.counterCurrency)} ${row.counterCurrency}`
            : ''}
        </Text>
      </Flex>
      {row.entryKind ? (
        <Text fontSize="sm" mt="1" data-testid={`fundrecord-kind-${row.id}`}>
          {entryKindWords(t, row.entryKind)}
        </Text>
      ) : null}
      {tradeOrderId !== null ? (
        // A trade entry's reason is its order's number: a way to the order, not a reason.
        <Button asChild size="xs" variant="ghost" ms="-2" mt="1">
          <Link
            to={`/trade/positionDetail?id=${tradeOrderId}`}
            data-testid={`fundrecord-order-${row.id}`}
          >
            {t('money.records.order', { orderNo: row.reason })}
          </Link>
        </Button>
      ) : row.reason ? (
        <Text fontSize="xs" color="fg.error" mt="1" data-testid={`fundrecord-reason-${row.id}`}>
          {t('money.records.reason')} {row.reason}
        </Text>
      ) : null}
    </>
  );
  const card = {
    bg: 'bg',
    borderRadius: 'xl',
    p: '4',
    boxShadow: '0 4px 16px rgba(20, 43, 102, 0.08)',
    'data-testid': `fundrecord-row-${row.id}`,
  } as const;
  // Deposits and withdrawals open their detail; trades and exchanges have no lifecycle to show.
  return kind ? (
    <chakra.button type="button" textAlign="start" w="full" onClick={onOpen} {...card}>
      {content}
    </chakra.button>
  ) : (
    <Box {...card}>{content}</Box>
  );
}
