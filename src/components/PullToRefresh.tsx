import { Box, Flex, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode, TouchEvent } from 'react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How far (px, after damping) the list must be pulled before letting go refreshes it. */
export const PULL_THRESHOLD = 64;
const MAX_PULL = 96;
/** Pulling moves the content by half the finger's travel, which feels like elastic. */
const DAMPING = 0.5;
/** The spinner stays at least this long, so a quick answer still reads as "refreshed". */
const MIN_SPIN_MS = 400;

const pageAtTop = () => (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;

/**
 * Touch pull-down state for a list screen: a pull starts only when the page is scrolled to the
 * top; past PULL_THRESHOLD, letting go runs `onRefresh` and shows a spinner until it settles.
 */
export function usePullToRefresh(onRefresh: () => unknown) {
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  const onTouchStart = useCallback(
    (event: TouchEvent) => {
      start.current = !refreshing && pageAtTop() ? (event.touches[0]?.clientY ?? null) : null;
    },
    [refreshing],
  );
  const onTouchMove = useCallback((event: TouchEvent) => {
    const y = event.touches[0]?.clientY;
    if (start.current === null || y === undefined) return;
    setPull(Math.min(MAX_PULL, Math.max(0, (y - start.current) * DAMPING)));
  }, []);
  const onTouchEnd = useCallback(() => {
    if (start.current === null) return;
    start.current = null;
    const pulled = pull;
    setPull(0);
    if (pulled < PULL_THRESHOLD) return;
    setRefreshing(true);
    const settle = Promise.resolve()
      .then(onRefresh)
      .catch(() => undefined);
    const spin = new Promise((resolve) => setTimeout(resolve, MIN_SPIN_MS));
    void Promise.all([settle, spin]).then(() => setRefreshing(false));
  }, [pull, onRefresh]);

  return {
    pull,
    refreshing,
    handlers: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd },
  };
}

/**
 * Pull down to refresh a list screen. `onRefresh` re-runs the screen's query; without it the
 * children are mounted afresh, which re-runs every call and live subscription inside them.
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh?: () => unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(
    () => (onRefresh ? onRefresh() : setGeneration((n) => n + 1)),
    [onRefresh],
  );
  const { pull, refreshing, handlers } = usePullToRefresh(refresh);
  const height = refreshing ? 48 : pull;
  const phase = refreshing ? 'refreshing' : pull >= PULL_THRESHOLD ? 'release' : 'pull';
  const words = { refreshing: 'pull.refreshing', release: 'pull.release', pull: 'pull.hint' };
  return (
    <Box {...handlers} data-testid="pull-to-refresh">
      <Flex
        h={`${height}px`}
        overflow="hidden"
        align="center"
        justify="center"
        gap="2"
        color="fg.muted"
        transition={pull > 0 ? undefined : 'height 0.2s'}
        aria-live="polite"
        data-testid="pull-indicator"
        data-state={height > 0 ? phase : 'idle'}
      >
        {height > 0 ? (
          <>
            {refreshing ? <Spinner size="sm" data-testid="pull-spinner" /> : null}
            <Text fontSize="xs">{t(words[phase])}</Text>
          </>
        ) : null}
      </Flex>
      <Box key={generation}>{children}</Box>
    </Box>
  );
}
