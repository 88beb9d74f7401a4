import { Box, Flex, Image, Skeleton, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { SupportMessageDto } from '../../../contract';
import { SUPPORT_TYPING_TTL_MS } from '../../../contract/support-socket';

/**
 * Pieces of the chat the customer screen and the back office share (docs/support.md): a bubble,
 * the typing dots, an image loaded on demand, and the typing signal a text box sends.
 */

/** Merges messages by id, oldest first (pushes and pages may overlap). */
export function mergeMessages(
  current: readonly SupportMessageDto[],
  incoming: readonly SupportMessageDto[],
): SupportMessageDto[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function formatChatTime(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language, {
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Seoul',
  });
}

export interface BubbleProps {
  message: SupportMessageDto;
  /** Drawn on the right (the viewer's own side). */
  own: boolean;
  /** Who wrote it, above the text (the agent's name on the customer's screen). */
  author?: string | null;
  /** Under the bubble: time, and for own messages the read tick's words. */
  footer: string;
  /** For own messages: read by the other side. */
  read?: boolean;
  /** Loads an image message's data: URL. */
  loadImage: (messageId: number) => Promise<string>;
  imageAlt: string;
  imageFailed: string;
  testIdPrefix: string;
}

export function Bubble({
  message,
  own,
  author,
  footer,
  read,
  loadImage,
  imageAlt,
  imageFailed,
  testIdPrefix,
}: BubbleProps) {
  return (
    <Flex
      direction="column"
      align={own ? 'flex-end' : 'flex-start'}
      data-testid={`${testIdPrefix}-msg-${message.id}`}
      data-sender={message.sender}
    >
      {author ? (
        <Text fontSize="xs" color="fg.muted" mb="0.5">
          {author}
        </Text>
      ) : null}
      <Box
        maxW="80%"
        px="3"
        py="2"
        borderRadius="2xl"
        bg={own ? 'blue.700' : 'bg'}
        color={own ? 'white' : 'fg'}
        borderWidth={own ? '0' : '1px'}
        borderColor="border.muted"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
      >
        {message.image ? (
          <ChatImage
            messageId={message.id}
            width={message.image.width}
            height={message.image.height}
            load={loadImage}
            alt={imageAlt}
            failed={imageFailed}
          />
        ) : (
          <Text fontSize="sm">{message.text}</Text>
        )}
      </Box>
      <Text
        fontSize="2xs"
        color="fg.muted"
        mt="0.5"
        data-testid={own ? `${testIdPrefix}-tick-${message.id}` : undefined}
        data-read={own ? (read ? 'true' : 'false') : undefined}
      >
        {footer}
      </Text>
    </Flex>
  );
}

function ChatImage({
  messageId,
  width,
  height,
  load,
  alt,
  failed,
}: {
  messageId: number;
  width: number;
  height: number;
  load: (messageId: number) => Promise<string>;
  alt: string;
  failed: string;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let live = true;
    load(messageId).then(
      (url) => {
        if (live) setSrc(url);
      },
      () => {
        if (live) setError(true);
      },
    );
    return () => {
      live = false;
    };
  }, [load, messageId]);
  const shown = Math.min(220, width);
  const shownHeight = width > 0 ? Math.round((shown * height) / width) : 160;
  if (error) return <Text fontSize="sm">{failed}</Text>;
  if (!src) return <Skeleton w={`${shown}px`} h={`${shownHeight}px`} borderRadius="lg" />;
  return <Image src={src} alt={alt} w={`${shown}px`} h="auto" borderRadius="lg" />;
}

/** Three dots and the words, announced politely to screen readers. */
export function TypingDots({ text, testId }: { text: string; testId: string }) {
  return (
    <Flex
      align="center"
      gap="2"
      color="fg.muted"
      role="status"
      aria-live="polite"
      data-testid={testId}
    >
      <Flex gap="1" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <Box
            key={i}
            w="1.5"
            h="1.5"
            borderRadius="full"
            bg="fg.muted"
            css={{
              animation: `kefu-dot 1.2s ${i * 0.2}s infinite ease-in-out`,
              '@keyframes kefu-dot': {
                '0%, 80%, 100%': { opacity: 0.3 },
                '40%': { opacity: 1 },
              },
            }}
          />
        ))}
      </Flex>
      <Text fontSize="xs">{text}</Text>
    </Flex>
  );
}

/**
 * The other side's typing: true on a "typing" signal, false on "stopped" or when no signal came
 * for SUPPORT_TYPING_TTL_MS (a client that went away never says it stopped).
 */
export function useRemoteTyping(): [boolean, (typing: boolean) => void] {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const signal = (next: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setTyping(next);
    if (next) timer.current = setTimeout(() => setTyping(false), SUPPORT_TYPING_TTL_MS);
  };
  return [typing, signal];
}

/**
 * The local typing signal: `typing(true)` at most every 2 s while keys are pressed, `false`
 * after 3 s without one or when the message is sent.
 */
export function useTypingSignal(send: (typing: boolean) => void): {
  onInput: () => void;
  stop: () => void;
} {
  const last = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const active = useRef(false);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);
  const stop = () => {
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
    if (active.current) sendRef.current(false);
    active.current = false;
    last.current = 0;
  };
  useEffect(() => stop, []);
  const onInput = () => {
    const now = Date.now();
    if (!active.current || now - last.current > 2_000) {
      sendRef.current(true);
      active.current = true;
      last.current = now;
    }
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(stop, 3_000);
  };
  return { onInput, stop };
}
