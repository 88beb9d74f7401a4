import {
  Badge,
  Box,
  Button,
  DataList,
  Flex,
  Grid,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type {
  CannedReplyDto,
  SupportConversationDetailDto,
  SupportQueueDto,
  SupportQueueRowDto,
} from '../../../contract/schemas/support';
import { SUPPORT_STAFF_IMAGE_UPLOAD_PATH } from '../../../contract/schemas/support';
import { isInState } from '../../../machines/state-value';
import {
  Bubble,
  TypingDots,
  formatChatTime,
  mergeMessages,
  useRemoteTyping,
} from '../../home/kefu/chatParts';
import { ChatComposer } from '../../home/kefu/ChatComposer';
import { openSupportLive } from '../../home/kefu/supportLive';
import type { SupportLive } from '../../home/kefu/supportLive';
import { staffCall, staffUploadImage } from '../api';
import { Loaded, PageTitle, Panel, ReloadButton, formatTime, useLoad } from '../parts/common';
import { StateBadges } from '../parts/StateBadges';
import { mayCall } from '../roles';
import { staffSession, useStaffSession } from '../session';
import { toast } from '../toaster';

const loadImage = (messageId: number) =>
  staffCall('supportStaffImage', { messageId }).then((d) => d.dataUrl);

/**
 * Customer service (docs/support.md): the agents' chat desk. Going on shift lets customers chat
 * live (off shift they can only leave messages, which wait here); the queue lists waiting and
 * reopened conversations, the caller's, other agents' and lately closed ones; a conversation
 * shows its messages live over the `/support` socket with the customer typing and read ticks,
 * a reply box with canned replies, take / hand back / close from the machine's `accepts`, and the
 * customer's account summary (identity and account state, pending deposits and withdrawals).
 */
export default function SupportScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('id')) || null;
  const queue = useLoad(() => staffCall('supportQueue', {}), 'support-queue');
  // The conversation shown and the one whose load failed, each by id: picking another shows
  // its own loading state without resetting anything.
  const [stored, setDetail] = useState<SupportConversationDetailDto | null>(null);
  const [failedId, setFailedId] = useState<number | null>(null);
  const detail = stored && stored.conversation.id === selected ? stored : null;
  const detailFailed = failedId !== null && failedId === selected && detail === null;
  const [customerTyping, setCustomerTyping] = useRemoteTyping();
  const live = useRef<SupportLive | null>(null);
  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  const reloadQueue = queue.reload;

  const loadDetail = useCallback((id: number) => {
    staffCall('supportConversation', { id }).then(
      (d) => {
        setFailedId(null);
        if (selectedRef.current === id) setDetail(d);
      },
      () => setFailedId(id),
    );
  }, []);

  useEffect(() => {
    if (selected) loadDetail(selected);
  }, [selected, loadDetail]);

  useEffect(() => {
    const token = staffSession.get().token;
    if (!token) return;
    live.current = openSupportLive(
      { staffToken: token },
      {
        message: (m) => {
          if (m.conversationId === selectedRef.current) {
            setDetail((d) =>
              d && d.conversation.id === m.conversationId
                ? { ...d, messages: mergeMessages(d.messages, [m]) }
                : d,
            );
            if (m.sender === 'customer') setCustomerTyping(false);
          }
        },
        conversation: (row) => {
          reloadQueue();
          if (row.id === selectedRef.current) {
            setDetail((d) =>
              d && d.conversation.id === row.id && row.version >= d.conversation.version
                ? { ...d, conversation: row as SupportQueueRowDto }
                : d,
            );
          }
        },
        read: (push) => {
          if (push.by !== 'customer' || push.conversationId !== selectedRef.current) return;
          setDetail((d) =>
            d && d.conversation.id === push.conversationId
              ? {
                  ...d,
                  conversation: {
                    ...d.conversation,
                    customerReadUpTo: Math.max(d.conversation.customerReadUpTo, push.upTo),
                  },
                }
              : d,
          );
        },
        typing: (push) => {
          if (push.from === 'customer' && push.conversationId === selectedRef.current) {
            setCustomerTyping(push.typing);
          }
        },
        shift: () => reloadQueue(),
        reconnected: () => {
          reloadQueue();
          if (selectedRef.current) loadDetail(selectedRef.current);
        },
      },
    );
    return () => {
      live.current?.close();
      live.current = null;
    };
    // setCustomerTyping only sets state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reloadQueue, loadDetail]);

  // Reading: the customer's newest message shown is marked read (the customer sees the tick).
  const newestCustomer = detail?.messages.filter((m) => m.sender === 'customer').at(-1)?.id ?? 0;
  const staffReadUpTo = detail?.conversation.staffReadUpTo ?? 0;
  const detailId = detail?.conversation.id ?? null;
  useEffect(() => {
    if (detailId !== null && newestCustomer > staffReadUpTo) {
      staffCall('supportStaffRead', { id: detailId, upTo: newestCustomer }).then(
        () =>
          setDetail((d) =>
            d && d.conversation.id === detailId
              ? { ...d, conversation: { ...d.conversation, staffReadUpTo: newestCustomer } }
              : d,
          ),
        () => undefined,
      );
    }
  }, [detailId, newestCustomer, staffReadUpTo]);

  const toggleShift = (onShift: boolean) =>
    staffCall('supportShift', { onShift }).then(
      () => {
        toast(t(onShift ? 'support.shiftOnDone' : 'support.shiftOffDone'), 'success');
        reloadQueue();
      },
      () => undefined,
    );

  return (
    <>
      <PageTitle
        actions={
          <>
            {queue.data ? (
              <Button
                size="sm"
                colorPalette={queue.data.onShift ? 'gray' : 'green'}
                variant={queue.data.onShift ? 'outline' : 'solid'}
                onClick={() => void toggleShift(!queue.data?.onShift)}
                data-testid="support-shift"
                data-on-shift={queue.data.onShift ? 'true' : 'false'}
              >
                {queue.data.onShift ? t('support.goOff') : t('support.goOn')}
              </Button>
            ) : null}
            <ReloadButton onClick={reloadQueue} />
          </>
        }
      >
        {t('support.title')}
      </PageTitle>
      <Loaded state={queue}>
        {(data) => (
          <Grid templateColumns={{ base: '1fr', lg: '320px 1fr' }} gap="4">
            <QueuePanel
              data={data}
              selected={selected}
              onSelect={(id) => setParams({ id: String(id) })}
            />
            <Stack gap="4">
              {selected === null ? (
                <Panel>
                  <Text color="fg.muted" data-testid="support-pick">
                    {t('support.pick')}
                  </Text>
                </Panel>
              ) : detailFailed ? (
                <Panel>
                  <Stack align="center" role="alert" data-testid="support-detail-error">
                    <Text color="fg.muted">{t('common.loadFailed')}</Text>
                    <Button
                      size="sm"
                      onClick={() => {
                        setFailedId(null);
                        loadDetail(selected);
                      }}
                    >
                      {t('common.reload')}
                    </Button>
                  </Stack>
                </Panel>
              ) : detail === null ? (
                <Panel>
                  <Text aria-busy="true" data-testid="support-detail-loading">
                    {t('support.loading')}
                  </Text>
                </Panel>
              ) : (
                <ConversationPanel
                  detail={detail}
                  myId={me?.id ?? null}
                  onShift={data.onShift}
                  agents={data.agents}
                  customerTyping={customerTyping}
                  live={live}
                  onChanged={(d) => {
                    setDetail(d);
                    reloadQueue();
                  }}
                />
              )}
              {detail && selected !== null ? <SummaryPanel detail={detail} /> : null}
              <CannedPanel canWrite={mayCall(me?.role, 'supportCannedCreate')} />
            </Stack>
          </Grid>
        )}
      </Loaded>
    </>
  );
}

const SECTIONS = ['waiting', 'mine', 'others', 'closed'] as const;

function QueuePanel({
  data,
  selected,
  onSelect,
}: {
  data: SupportQueueDto;
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Panel title={t('support.queue')}>
      <Text
        fontSize="sm"
        color="fg.muted"
        mb={data.onShift ? '1' : '3'}
        data-testid="support-agents"
      >
        {t('support.agentsOnShift', { count: data.agentsOnShift })}
      </Text>
      {data.onShift ? (
        <Text fontSize="xs" color="fg.muted" mb="3" data-testid="support-presence">
          {t('support.presenceHint')}
        </Text>
      ) : null}
      <Stack gap="4" data-testid="support-queue">
        {SECTIONS.map((section) => (
          <Box key={section}>
            <Text fontWeight="semibold" fontSize="sm" mb="1" as="h3">
              {t(`support.sections.${section}`)} ({data[section].length})
            </Text>
            {data[section].length === 0 ? (
              <Text fontSize="xs" color="fg.muted" data-testid={`support-${section}-empty`}>
                {t('common.empty')}
              </Text>
            ) : (
              <Stack gap="1">
                {data[section].map((row) => (
                  <chakra.button
                    key={row.id}
                    type="button"
                    textAlign="start"
                    borderWidth="1px"
                    borderRadius="md"
                    px="2"
                    py="1.5"
                    bg={row.id === selected ? 'blue.subtle' : 'bg'}
                    aria-current={row.id === selected ? 'true' : undefined}
                    onClick={() => onSelect(row.id)}
                    data-testid={`support-row-${row.id}`}
                  >
                    <Flex justify="space-between" gap="2" align="center">
                      <Text fontSize="sm" fontWeight="medium" overflowWrap="anywhere">
                        {row.account}
                      </Text>
                      <HStack gap="1">
                        {row.staffUnread > 0 ? (
                          <Badge colorPalette="red" size="sm">
                            {t('support.unread', { count: row.staffUnread })}
                          </Badge>
                        ) : null}
                        <StateBadges entityType="conversation" state={row.state} />
                      </HStack>
                    </Flex>
                    <Text fontSize="xs" color="fg.muted" truncate title={row.preview ?? undefined}>
                      {row.preview ?? t('support.image')}
                    </Text>
                    <Text fontSize="2xs" color="fg.muted">
                      {row.agent ? `${row.agent} · ` : ''}
                      {formatTime(row.lastMessageAt, i18n.language)}
                    </Text>
                  </chakra.button>
                ))}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
    </Panel>
  );
}

const ACTIONS = [
  { event: 'chat.assign', call: 'supportTake', words: 'take', palette: 'green' },
  { event: 'chat.release', call: 'supportRelease', words: 'release', palette: 'gray' },
  { event: 'chat.close', call: 'supportClose', words: 'close', palette: 'red' },
] as const;

function ConversationPanel({
  detail,
  myId,
  onShift,
  agents,
  customerTyping,
  live,
  onChanged,
}: {
  detail: SupportConversationDetailDto;
  myId: number | null;
  onShift: boolean;
  /** Agents on shift a waiting conversation can be given to. */
  agents: SupportQueueDto['agents'];
  customerTyping: boolean;
  live: React.RefObject<SupportLive | null>;
  onChanged: (detail: SupportConversationDetailDto) => void;
}) {
  const { t, i18n } = useTranslation();
  const { conversation, messages } = detail;
  const assigned = isInState(conversation.state, 'assigned');
  const mine = assigned && conversation.agentId === myId;
  const [busy, setBusy] = useState(false);
  const [older, setOlder] = useState(false);

  const act = (action: (typeof ACTIONS)[number]) => {
    setBusy(true);
    staffCall(action.call, { id: conversation.id, version: conversation.version }).then(
      (d) => {
        setBusy(false);
        toast(t(`support.actions.${action.words}.done`), 'success');
        onChanged(d);
      },
      () => setBusy(false),
    );
  };
  const loadOlder = () => {
    const first = messages[0]?.id;
    if (!first) return;
    setOlder(true);
    staffCall('supportConversation', { id: conversation.id, before: first }).then(
      (page) => {
        setOlder(false);
        onChanged({
          ...detail,
          messages: mergeMessages(messages, page.messages),
          hasMore: page.hasMore,
        });
      },
      () => setOlder(false),
    );
  };

  return (
    <Panel
      title={
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <span>{t('support.conversationWith', { account: conversation.account })}</span>
          <StateBadges entityType="conversation" state={conversation.state} />
        </Flex>
      }
    >
      <HStack gap="2" mb="3" wrap="wrap" data-testid="support-actions">
        {ACTIONS.filter((a) => conversation.accepts.includes(a.event))
          .filter((a) => a.event === 'chat.assign' || !assigned || mine)
          .map((a) => (
            <Button
              key={a.event}
              size="xs"
              colorPalette={a.palette}
              variant={a.event === 'chat.assign' ? 'solid' : 'outline'}
              disabled={busy || (a.event === 'chat.assign' && !onShift)}
              onClick={() => act(a)}
              data-testid={`support-${a.words}`}
            >
              {t(`support.actions.${a.words}.button`)}
            </Button>
          ))}
        {conversation.accepts.includes('chat.assign') ? (
          <AssignTo
            agents={agents.filter((a) => a.id !== myId)}
            disabled={busy}
            onAssign={(agentId) => {
              setBusy(true);
              staffCall('supportAssign', {
                id: conversation.id,
                version: conversation.version,
                agentId,
              }).then(
                (d) => {
                  setBusy(false);
                  toast(t('support.assignDone'), 'success');
                  onChanged(d);
                },
                () => setBusy(false),
              );
            }}
          />
        ) : null}
        {conversation.accepts.includes('chat.assign') && !onShift ? (
          <Text fontSize="xs" color="fg.muted">
            {t('support.goOnToTake')}
          </Text>
        ) : null}
        {assigned && !mine ? (
          <Text fontSize="xs" color="fg.muted">
            {t('support.othersConversation', { agent: conversation.agent ?? '' })}
          </Text>
        ) : null}
      </HStack>
      <Stack
        gap="2"
        bg="bg.muted"
        borderRadius="md"
        p="3"
        maxH="480px"
        overflowY="auto"
        role="log"
        aria-label={t('support.messages')}
        data-testid="support-messages"
        tabIndex={0}
      >
        {detail.hasMore ? (
          <Button size="xs" variant="ghost" alignSelf="center" loading={older} onClick={loadOlder}>
            {t('support.older')}
          </Button>
        ) : null}
        {messages.map((m) => {
          const own = m.sender === 'staff';
          const read = own && m.id <= conversation.customerReadUpTo;
          const time = formatChatTime(m.createdAt, i18n.language);
          return (
            <Bubble
              key={m.id}
              message={m}
              own={own}
              author={own ? m.agent : conversation.account}
              footer={
                own
                  ? `${time} · ${read ? t('support.read') : t('support.sent')}`
                  : `${time}${m.left ? ` · ${t('support.left')}` : ''}`
              }
              read={read}
              loadImage={loadImage}
              imageAlt={own ? t('support.agentImageAlt') : t('support.imageAlt')}
              imageFailed={t('common.loadFailed')}
              testIdPrefix="support"
            />
          );
        })}
        {customerTyping ? (
          <TypingDots text={t('support.customerTyping')} testId="support-typing" />
        ) : null}
      </Stack>
      {mine ? (
        <ReplyBox conversationId={conversation.id} live={live} onSent={(d) => onChanged(d)} />
      ) : null}
    </Panel>
  );
}

/** Gives the conversation to another agent on shift. */
function AssignTo({
  agents,
  disabled,
  onAssign,
}: {
  agents: SupportQueueDto['agents'];
  disabled: boolean;
  onAssign: (agentId: number) => void;
}) {
  const { t } = useTranslation();
  if (agents.length === 0) return null;
  return (
    <NativeSelect.Root size="xs" width="auto" disabled={disabled}>
      <NativeSelect.Field
        aria-label={t('support.assignTo')}
        value=""
        onChange={(e) => {
          const agentId = Number(e.target.value);
          if (agentId > 0) onAssign(agentId);
        }}
        data-testid="support-assign"
      >
        <option value="">{t('support.assignTo')}</option>
        {agents.map((a) => (
          <option key={a.id} value={a.id}>
            {a.account}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function ReplyBox({
  conversationId,
  live,
  onSent,
}: {
  conversationId: number;
  live: React.RefObject<SupportLive | null>;
  onSent: (detail: SupportConversationDetailDto) => void;
}) {
  const { t } = useTranslation();
  const canned = useLoad(() => staffCall('supportCanned', {}), 'support-canned-pick');
  return (
    <ChatComposer
      sendText={(text) => staffCall('supportReply', { id: conversationId, text }).then(onSent)}
      sendImage={(file) =>
        staffUploadImage<SupportConversationDetailDto>(SUPPORT_STAFF_IMAGE_UPLOAD_PATH, file, {
          id: String(conversationId),
        }).then(onSent)
      }
      onTyping={(typing) => live.current?.typing(typing, conversationId)}
      labels={{
        input: t('support.replyLabel'),
        placeholder: t('support.replyPlaceholder'),
        send: t('support.send'),
        attach: t('support.attach'),
      }}
      testIds={{
        form: 'support-reply',
        input: 'support-reply-input',
        send: 'support-reply-send',
        attach: 'support-attach',
        attachInput: 'support-attach-input',
      }}
      above={(fill) =>
        canned.data && canned.data.rows.length > 0 ? (
          <NativeSelect.Root size="sm" mb="2">
            <NativeSelect.Field
              aria-label={t('support.cannedPick')}
              value=""
              onChange={(e) => {
                const row = canned.data?.rows.find((r) => String(r.id) === e.target.value);
                if (row) fill(row.text);
              }}
              data-testid="support-canned-pick"
            >
              <option value="">{t('support.cannedPick')}</option>
              {canned.data.rows.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null
      }
      formProps={{ mt: '3' }}
      textareaProps={{ rows: 3, size: 'sm' }}
    />
  );
}

function SummaryPanel({ detail }: { detail: SupportConversationDetailDto }) {
  const { t, i18n } = useTranslation();
  const s = detail.summary;
  return (
    <Panel title={t('support.summary')}>
      <DataList.Root orientation="horizontal" size="sm" data-testid="support-summary">
        <DataList.Item>
          <DataList.ItemLabel>{t('support.account')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {s.account} ({s.accountId}){s.nickname ? ` · ${s.nickname}` : ''}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('support.identity')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <StateBadges entityType="kyc" state={s.kycState} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('support.accountState')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <StateBadges entityType="account" state={s.accountState} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('support.pending')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {s.pendingFundOrders.length === 0 ? (
              <Text data-testid="support-pending-empty">{t('support.nonePending')}</Text>
            ) : (
              <Stack gap="1">
                {s.pendingFundOrders.map((o) => (
                  <HStack key={`${o.kind}-${o.id}`} gap="2" data-testid={`support-pending-${o.id}`}>
                    <Text>{t(`support.kinds.${o.kind}`)}</Text>
                    <Text>
                      {o.amount.toLocaleString(i18n.language)} ({o.currency})
                    </Text>
                    <StateBadges entityType={o.kind} state={o.state} />
                    <Text fontSize="xs" color="fg.muted">
                      {formatTime(o.createdAt, i18n.language)}
                    </Text>
                  </HStack>
                ))}
              </Stack>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Panel>
  );
}

function CannedPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const state = useLoad(() => staffCall('supportCanned', {}), 'support-canned');
  const [editing, setEditing] = useState<CannedReplyDto | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const reset = () => {
    setEditing(null);
    setTitle('');
    setText('');
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const done = () => {
      toast(t('support.canned.saved'), 'success');
      reset();
      state.reload();
    };
    (editing
      ? staffCall('supportCannedUpdate', { id: editing.id, title, text })
      : staffCall('supportCannedCreate', { title, text })
    ).then(done, () => undefined);
  };
  const remove = (row: CannedReplyDto) =>
    staffCall('supportCannedDelete', { id: row.id }).then(
      () => {
        toast(t('support.canned.deleted'), 'success');
        if (editing?.id === row.id) reset();
        state.reload();
      },
      () => undefined,
    );
  return (
    <Panel title={t('support.canned.title')}>
      <Loaded state={state}>
        {(data) => (
          <Stack gap="2" data-testid="support-canned">
            {data.rows.length === 0 ? (
              <Text fontSize="sm" color="fg.muted" data-testid="support-canned-empty">
                {t('support.canned.empty')}
              </Text>
            ) : null}
            {data.rows.map((row) => (
              <Flex
                key={row.id}
                gap="2"
                align="flex-start"
                data-testid={`support-canned-${row.id}`}
              >
                <Box flex="1">
                  <Text fontSize="sm" fontWeight="medium">
                    {row.title}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" whiteSpace="pre-wrap">
                    {row.text}
                  </Text>
                </Box>
                {canWrite ? (
                  <HStack gap="1">
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => {
                        setEditing(row);
                        setTitle(row.title);
                        setText(row.text);
                      }}
                    >
                      {t('support.canned.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => void remove(row)}
                    >
                      {t('support.canned.delete')}
                    </Button>
                  </HStack>
                ) : null}
              </Flex>
            ))}
            {canWrite ? (
              <chakra.form onSubmit={save} borderTopWidth="1px" pt="3" mt="1">
                <Stack gap="2">
                  <Input
                    size="sm"
                    value={title}
                    onChange={(e) => setTitle(e.target.value)}
                    aria-label={t('support.canned.titleLabel')}
                    placeholder={t('support.canned.titleLabel')}
                    data-testid="support-canned-title"
                  />
                  <Textarea
                    size="sm"
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    aria-label={t('support.canned.textLabel')}
                    placeholder={t('support.canned.textLabel')}
                    rows={2}
                    data-testid="support-canned-text"
                  />
                  <HStack justify="flex-end">
                    {editing ? (
                      <Button size="xs" variant="ghost" onClick={reset}>
                        {t('support.canned.cancel')}
                      </Button>
                    ) : null}
                    <Button
                      type="submit"
                      size="xs"
                      disabled={title.trim() === '' || text.trim() === ''}
                      data-testid="support-canned-save"
                    >
                      {editing ? t('support.canned.update') : t('support.canned.add')}
                    </Button>
                  </HStack>
                </Stack>
              </chakra.form>
            ) : null}
          </Stack>
        )}
      </Loaded>
    </Panel>
  );
}
