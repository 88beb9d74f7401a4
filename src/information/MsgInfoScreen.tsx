import { Badge, Box, Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { MessageDto, MsgListDto } from '../../contract/schemas/messages';
import { MESSAGE_PAGE_SIZE } from '../../contract/schemas/messages';
import { call } from '../api';
import { BackHeader } from '../components/BackHeader';
import { EmptyData } from '../components/EmptyData';
import { LoadError } from '../components/LoadError';
import { PagedListBody, usePagedList } from '../components/PagedList';
import { onLiveMessages, onLiveReconnect } from '../market/live/account-live';
import { ListLoading } from './LoadState';
import { formatRecordTime } from './recordTime';
import { unreadStore } from './messages/unreadStore';

const itemsOf = (answer: MsgListDto) => answer.items;

/**
 * /information/msgInfo — the message centre: what happened to the customer's verification,
 * money, orders and applications, and staff announcements, newest first, 10 at a time (the
 * spec's list defaults), unread ones marked; `?id=` opens one (and marks it read); "read all"
 * clears the badge. Texts come from the server in the app's language. A new message arrives
 * over the `/account` socket and reloads the first page.
 */
export default function MsgInfoScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id'));
  const fetch = useCallback(
    (page: number) => call('msgList', { page, pageSize: MESSAGE_PAGE_SIZE }),
    [],
  );
  const { list, setList, fetchPage, load, forget } = usePagedList(fetch, itemsOf);

  useEffect(() => {
    fetchPage(1);
    const stopMessages = onLiveMessages(({ unread }) => {
      // A count that went up is a new message: show it. A read (here or elsewhere) only moves
      // the badge.
      const before = unreadStore.get();
      unreadStore.set(unread);
      if (unread > before) fetchPage(1);
    });
    const stopReconnect = onLiveReconnect(() => fetchPage(1));
    return () => {
      forget();
      stopMessages();
      stopReconnect();
    };
  }, [fetchPage, forget]);

  useEffect(() => {
    if (list.answer) unreadStore.set(list.answer.unread);
  }, [list.answer]);

  const markRead = useCallback(
    (ids: number[] | 'all') => {
      const answer =
        ids === 'all'
          ? call('msgReadAll', {})
          : Promise.all(ids.map((id) => call('msgRead', { id }, { silent: true }))).then(
              (answers) => answers[answers.length - 1] ?? { unread: unreadStore.get() },
            );
      answer.then(
        ({ unread }) => {
          unreadStore.set(unread);
          setList((l) => ({
            ...l,
            items: l.items.map((m) =>
              ids === 'all' || ids.includes(m.id) ? { ...m, read: true } : m,
            ),
          }));
        },
        () => undefined,
      );
    },
    [setList],
  );

  if (openId > 0) {
    return (
      <MessageDetail
        id={openId}
        items={list.items}
        loading={list.loading}
        failed={list.failed}
        onRetry={() => load(1)}
        onRead={markRead}
      />
    );
  }

  const anyUnread = list.items.some((m) => !m.read) || (list.answer?.unread ?? 0) > 0;
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader
        title={t('messages.title')}
        right={
          anyUnread ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => markRead('all')}
              data-testid="msg-read-all"
            >
              {t('messages.readAll')}
            </Button>
          ) : null
        }
      />
      <Stack gap="3" px="4" pt="4">
        <PagedListBody
          list={list}
          load={load}
          testId="msg"
          texts={{
            more: t('messages.more'),
            loadFailed: t('messages.loadFailed'),
            empty: t('messages.empty'),
          }}
        >
          {list.items.map((m) => (
            <MessageRow key={m.id} message={m} onOpen={() => setParams({ id: String(m.id) })} />
          ))}
        </PagedListBody>
      </Stack>
    </Box>
  );
}

function MessageRow({ message, onOpen }: { message: MessageDto; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <chakra.button
      type="button"
      textAlign="start"
      bg="bg"
      borderRadius="xl"
      px="4"
      py="3"
      onClick={onOpen}
      data-testid={`msg-row-${message.id}`}
      data-read={message.read ? 'true' : 'false'}
    >
      <Flex align="center" gap="2">
        {message.read ? null : (
          <Box
            as="span"
            w="2"
            h="2"
            borderRadius="full"
            bg="red.600"
            flexShrink={0}
            aria-label={t('messages.unread')}
            role="img"
          />
        )}
        <Text flex="1" fontWeight={message.read ? 'normal' : 'semibold'} overflowWrap="anywhere">
          {message.title}
        </Text>
        <KindBadge message={message} />
      </Flex>
      <Text mt="1" fontSize="sm" color="fg.muted" lineClamp={2}>
        {message.body}
      </Text>
      <Text mt="1" fontSize="xs" color="fg.muted">
        {formatRecordTime(message.createdAt, i18n.language)}
      </Text>
    </chakra.button>
  );
}

function KindBadge({ message }: { message: MessageDto }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" colorPalette={message.kind === 'announcement' ? 'orange' : 'blue'}>
      {message.kind === 'announcement' ? t('messages.kind.announcement') : t('messages.kind.event')}
    </Badge>
  );
}

/** One message in full; opening it marks it read. */
function MessageDetail({
  id,
  items,
  loading,
  failed,
  onRetry,
  onRead,
}: {
  id: number;
  items: MessageDto[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onRead: (ids: number[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const message = items.find((m) => m.id === id);
  const unread = message !== undefined && !message.read;
  useEffect(() => {
    if (unread) onRead([id]);
  }, [unread, id, onRead]);
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('messages.detailTitle')} fallback="/information/msgInfo" />
      <Box px="4" pt="4">
        {message ? (
          <Stack gap="3" bg="bg" borderRadius="xl" p="4" data-testid="msg-detail">
            <Flex align="center" gap="2">
              <Text as="h2" flex="1" fontSize="lg" fontWeight="semibold">
                {message.title}
              </Text>
              <KindBadge message={message} />
            </Flex>
            <Text fontSize="xs" color="fg.muted">
              {formatRecordTime(message.createdAt, i18n.language)}
            </Text>
            <Text whiteSpace="pre-wrap" data-testid="msg-detail-body">
              {message.body}
            </Text>
          </Stack>
        ) : failed ? (
          <LoadError
            card
            testId="msg-detail-error"
            text={t('messages.loadFailed')}
            onRetry={onRetry}
          />
        ) : loading ? (
          <ListLoading testId="msg-detail-loading" />
        ) : (
          <Box bg="bg" borderRadius="xl" data-testid="msg-detail-empty">
            <EmptyData text={t('messages.notFound')} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
