import { Box, Button, Flex, Link, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  SupportConversationDto,
  SupportMessageDto,
  SupportSendDto,
  SupportStatusDto,
} from '../../../contract';
import { SUPPORT_TEXT_MAX_LENGTH } from '../../../contract/schemas/support';
import { SUPPORT_IMAGE_UPLOAD } from '../../../contract/calls';
import { call } from '../../api';
import { uploadImage } from '../../api/uploadImage';
import { BackHeader } from '../../components/BackHeader';
import { LoadError } from '../../components/LoadError';
import { useSiteConfig } from '../../config/siteConfig';
import { useLifecycleWords } from '../../lifecycle/words';
import { ListLoading } from '../../information/LoadState';
import { sessionStore } from '../../session/sessionStore';
import { ChatComposer } from './ChatComposer';
import { Bubble, TypingDots, formatChatTime, mergeMessages, useRemoteTyping } from './chatParts';
import { openSupportLive } from './supportLive';
import type { SupportLive } from './supportLive';

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The message boxes' look, given here: the customer app's theme carries only the recipes its
 * start screen needs (src/theme/system.ts), and a textarea is not one of them.
 */
const BOX = {
  w: 'full',
  px: '3',
  py: '2',
  fontSize: 'sm',
  bg: 'bg',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' },
} as const;

const loadImage = (messageId: number) =>
  call('supportImage', { messageId }, { silent: true }).then((d) => d.dataUrl);

interface Loaded {
  status: SupportStatusDto;
  messages: SupportMessageDto[];
  hasMore: boolean;
}

/**
 * /home/kefuCenter — customer service (docs/support.md): a live chat with the staff agents over
 * the `/support` socket (bubbles, the agent typing, read ticks on the customer's own messages,
 * image attachments), the service hours, and while no agent is on shift a form to leave a
 * message instead. The site's `kefu_url_1` and `kefu_url_2`, when configured, are offered as
 * other ways to reach the service.
 */
export default function KefuCenterScreen() {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [olderLoading, setOlderLoading] = useState(false);
  const [agentTyping, setAgentTyping] = useRemoteTyping();
  const live = useRef<SupportLive | null>(null);

  const load = useCallback(() => {
    Promise.all([
      call('supportStatus', {}, { silent: true }),
      call('supportHistory', {}, { silent: true }),
    ]).then(
      ([status, history]) => {
        setFailed(false);
        setLoaded({ status, messages: history.rows, hasMore: history.hasMore });
      },
      () => setFailed(true),
    );
  }, []);
  const retry = () => {
    setFailed(false);
    load();
  };

  const setConversation = (conversation: SupportConversationDto) =>
    setLoaded((l) =>
      l && (!l.status.conversation || conversation.version >= l.status.conversation.version)
        ? { ...l, status: { ...l.status, conversation } }
        : l,
    );

  useEffect(() => {
    load();
    const { token, account } = sessionStore.get();
    if (!token || !account) return;
    live.current = openSupportLive(
      { token, account },
      {
        message: (m) => {
          setLoaded((l) => (l ? { ...l, messages: mergeMessages(l.messages, [m]) } : l));
          if (m.sender === 'staff') setAgentTyping(false);
        },
        conversation: setConversation,
        read: (push) => {
          if (push.by !== 'staff') return;
          setLoaded((l) =>
            l?.status.conversation
              ? {
                  ...l,
                  status: {
                    ...l.status,
                    conversation: {
                      ...l.status.conversation,
                      staffReadUpTo: Math.max(l.status.conversation.staffReadUpTo, push.upTo),
                    },
                  },
                }
              : l,
          );
        },
        typing: (push) => {
          if (push.from === 'staff') setAgentTyping(push.typing);
        },
        shift: ({ agentsOnShift }) =>
          setLoaded((l) => (l ? { ...l, status: { ...l.status, agentsOnShift } } : l)),
        reconnected: load,
      },
    );
    return () => {
      live.current?.close();
      live.current = null;
    };
    // setAgentTyping and setConversation only set state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);

  // Reading: the agents' newest message shown is marked read (the agent sees the tick).
  const newestStaff = loaded?.messages.filter((m) => m.sender === 'staff').at(-1)?.id ?? 0;
  const readUpTo = loaded?.status.conversation?.customerReadUpTo ?? 0;
  useEffect(() => {
    if (newestStaff > readUpTo) {
      call('supportRead', { upTo: newestStaff }, { silent: true }).then(
        (status) => setLoaded((l) => (l ? { ...l, status } : l)),
        () => undefined,
      );
    }
  }, [newestStaff, readUpTo]);

  const loadOlder = () => {
    const first = loaded?.messages[0]?.id;
    if (!first) return;
    setOlderLoading(true);
    call('supportHistory', { before: first }).then(
      (page) => {
        setOlderLoading(false);
        setLoaded((l) =>
          l ? { ...l, messages: mergeMessages(l.messages, page.rows), hasMore: page.hasMore } : l,
        );
      },
      () => setOlderLoading(false),
    );
  };

  const onSent = (sent: { message: SupportMessageDto; conversation: SupportConversationDto }) =>
    setLoaded((l) =>
      l
        ? {
            ...l,
            messages: mergeMessages(l.messages, [sent.message]),
            status: { ...l.status, conversation: sent.conversation },
          }
        : l,
    );

  return (
    <Flex direction="column" minH="100dvh" bg="bg.muted">
      <BackHeader title={t('kefu.title')} fallback="/home/index" />
      {failed ? (
        <Box px="4" pt="4">
          <LoadError testId="kefu-error" text={t('kefu.loadFailed')} onRetry={retry} card />
        </Box>
      ) : !loaded ? (
        <Box px="4" pt="4" aria-busy="true">
          <ListLoading testId="kefu-loading" />
        </Box>
      ) : (
        <ChatBody
          loaded={loaded}
          agentTyping={agentTyping}
          olderLoading={olderLoading}
          onOlder={loadOlder}
          onSent={onSent}
          live={live}
        />
      )}
    </Flex>
  );
}

function ChatBody({
  loaded,
  agentTyping,
  olderLoading,
  onOlder,
  onSent,
  live,
}: {
  loaded: Loaded;
  agentTyping: boolean;
  olderLoading: boolean;
  onOlder: () => void;
  onSent: (sent: { message: SupportMessageDto; conversation: SupportConversationDto }) => void;
  live: React.RefObject<SupportLive | null>;
}) {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  const { status, messages, hasMore } = loaded;
  const conversation = status.conversation;
  const online = status.agentsOnShift > 0;
  const end = useRef<HTMLDivElement | null>(null);
  const lastId = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId, agentTyping]);

  return (
    <>
      <Stack gap="3" px="4" pt="3" flex="1">
        <ServiceInfo status={status} />
        {conversation ? (
          <Text fontSize="xs" color="fg.muted" textAlign="center" data-testid="kefu-state">
            {words.state('conversation', conversation.state)}
            {conversation.agent ? ` · ${t('kefu.agent', { name: conversation.agent })}` : ''}
          </Text>
        ) : null}
        {hasMore ? (
          <Button
            size="xs"
            variant="ghost"
            alignSelf="center"
            onClick={onOlder}
            loading={olderLoading}
            data-testid="kefu-older"
          >
            {t('kefu.older')}
          </Button>
        ) : null}
        {messages.length === 0 ? (
          <Text textAlign="center" color="fg.muted" fontSize="sm" py="8" data-testid="kefu-empty">
            {online ? t('kefu.empty') : t('kefu.emptyOffline')}
          </Text>
        ) : (
          <Stack gap="2" data-testid="kefu-messages" role="log" aria-label={t('kefu.log')}>
            {messages.map((m) => {
              const own = m.sender === 'customer';
              const read = own && conversation !== null && m.id <= conversation.staffReadUpTo;
              const time = formatChatTime(m.createdAt, i18n.language);
              const footer = own
                ? `${time} · ${m.left ? t('kefu.left') : read ? t('kefu.read') : t('kefu.sent')}`
                : time;
              return (
                <Bubble
                  key={m.id}
                  message={m}
                  own={own}
                  author={own ? null : t('kefu.agent', { name: m.agent ?? '' })}
                  footer={footer}
                  read={read}
                  loadImage={loadImage}
                  imageAlt={t('kefu.imageAlt')}
                  imageFailed={t('kefu.imageFailed')}
                  testIdPrefix="kefu"
                />
              );
            })}
          </Stack>
        )}
        {agentTyping ? <TypingDots text={t('kefu.typing')} testId="kefu-typing" /> : null}
        <div ref={end} />
      </Stack>
      {online ? (
        <Composer conversation={conversation} onSent={onSent} live={live} />
      ) : (
        <LeaveMessage onSent={onSent} />
      )}
    </>
  );
}

function ServiceInfo({ status }: { status: SupportStatusDto }) {
  const { t } = useTranslation();
  const link1 = useSiteConfig('kefu_url_1');
  const link2 = useSiteConfig('kefu_url_2');
  const online = status.agentsOnShift > 0;
  return (
    <Box bg="bg" borderRadius="xl" px="4" py="3" data-testid="kefu-hours">
      <Flex align="center" gap="2">
        <Box
          as="span"
          w="2"
          h="2"
          borderRadius="full"
          bg={online ? 'green.600' : 'gray.500'}
          aria-hidden="true"
        />
        <Text fontSize="sm" fontWeight="semibold" data-testid="kefu-online">
          {online ? t('kefu.online') : t('kefu.offline')}
        </Text>
      </Flex>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {t('kefu.hours', { opens: hhmm(status.hours.opens), closes: hhmm(status.hours.closes) })}
      </Text>
      {link1 || link2 ? (
        <Flex gap="3" mt="2" wrap="wrap" data-testid="kefu-links">
          <Text fontSize="xs" color="fg.muted">
            {t('kefu.otherWays')}
          </Text>
          {link1 ? (
            <Link
              href={link1}
              target="_blank"
              rel="noopener noreferrer"
              fontSize="xs"
              color="blue.700"
            >
              {t('kefu.line1')}
            </Link>
          ) : null}
          {link2 ? (
            <Link
              href={link2}
              target="_blank"
              rel="noopener noreferrer"
              fontSize="xs"
              color="blue.700"
            >
              {t('kefu.line2')}
            </Link>
          ) : null}
        </Flex>
      ) : null}
    </Box>
  );
}

function Composer({
  conversation,
  onSent,
  live,
}: {
  conversation: SupportConversationDto | null;
  onSent: (sent: SupportSendDto) => void;
  live: React.RefObject<SupportLive | null>;
}) {
  const { t } = useTranslation();
  return (
    <ChatComposer
      sendText={(text) => call('supportSend', { text }).then(onSent)}
      sendImage={(file) =>
        uploadImage<SupportSendDto>(SUPPORT_IMAGE_UPLOAD.path, file, {}).then(onSent)
      }
      onTyping={(typing) => live.current?.typing(typing)}
      labels={{
        input: t('kefu.input'),
        placeholder: t('kefu.placeholder'),
        send: t('kefu.send'),
        attach: t('kefu.attach'),
      }}
      testIds={{
        form: 'kefu-composer',
        input: 'kefu-input',
        send: 'kefu-send',
        attach: 'kefu-attach',
        attachInput: 'kefu-attach-input',
      }}
      enterSends
      formProps={{
        position: 'sticky',
        bottom: '0',
        bg: 'bg',
        borderTopWidth: '1px',
        borderColor: 'border.muted',
        px: '3',
        py: '2',
        pb: 'calc(0.5rem + env(safe-area-inset-bottom))',
        'data-conversation': String(conversation?.id ?? ''),
      }}
      textareaProps={{ rows: 1, autoresize: true, maxH: '32', ...BOX, flex: '1' }}
    />
  );
}

function LeaveMessage({
  onSent,
}: {
  onSent: (sent: { message: SupportMessageDto; conversation: SupportConversationDto }) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const blank = text.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || sending) return;
    setSending(true);
    call('supportLeaveMessage', { text }).then(
      (sent) => {
        setSending(false);
        setText('');
        setDone(true);
        onSent(sent);
      },
      () => setSending(false),
    );
  };
  return (
    <chakra.form
      onSubmit={submit}
      bg="bg"
      borderTopWidth="1px"
      borderColor="border.muted"
      px="4"
      py="3"
      pb="calc(0.75rem + env(safe-area-inset-bottom))"
      data-testid="kefu-leave"
    >
      <Text fontWeight="semibold" fontSize="sm" as="h2">
        {t('kefu.leaveTitle')}
      </Text>
      <Text fontSize="xs" color="fg.muted" mb="2">
        {t('kefu.leaveHelp')}
      </Text>
      <Textarea
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setDone(false);
        }}
        aria-label={t('kefu.leaveTitle')}
        placeholder={t('kefu.leavePlaceholder')}
        maxLength={SUPPORT_TEXT_MAX_LENGTH}
        rows={3}
        {...BOX}
        data-testid="kefu-leave-input"
      />
      <Flex justify="space-between" align="center" mt="2" gap="2">
        <Text fontSize="xs" color="green.700" role="status" data-testid="kefu-leave-done">
          {done ? t('kefu.leaveDone') : ''}
        </Text>
        <Button
          type="submit"
          size="sm"
          colorPalette="blue"
          disabled={blank}
          loading={sending}
          data-testid="kefu-leave-send"
        >
          {t('kefu.leaveSend')}
        </Button>
      </Flex>
    </chakra.form>
  );
}
