import { Stack } from '@chakra-ui/react';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { EmptyData } from '../../components/EmptyData';
import { LoadError } from '../../components/LoadError';
import { SkeletonBlock } from './SkeletonBlock';

interface ListStateProps {
  /** Names the list in the test ids: `<testId>-loading`, `-error`, `-empty`. */
  testId: string;
  loading: boolean;
  failed: boolean;
  empty: boolean;
  emptyText?: string;
  onRetry?: () => void;
  rows?: number;
  /**
   * The children draw their own loading state (the same elements as loaded, with grey blocks):
   * they stay mounted from loading to loaded, under one element either way, so an answer changes
   * their text rather than replacing skeleton rows by the rows' own elements.
   */
  childrenWhileLoading?: boolean;
  children: ReactNode;
}

/**
 * Grey rows while a list loads. Memoised on its two plain props: a list's parent re-renders while
 * it loads (the screen's first paint, its other answers, a language pack) without re-rendering
 * its skeleton rows each time.
 */
const SkeletonRows = memo(function SkeletonRows({
  testId,
  rows,
}: {
  testId: string;
  rows: number;
}) {
  return (
    <Stack gap="3" py="3" px="4" data-testid={`${testId}-loading`} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <SkeletonBlock
          key={i}
          style={{ height: '2.5rem', borderRadius: 'var(--chakra-radii-md)' }}
        />
      ))}
    </Stack>
  );
});

/**
 * Every list's three other states: skeleton rows while loading, an error with retry, empty. The
 * test ids end in `-loading`, `-error` and `-empty`, which src/app/screenStates.test.tsx relies on.
 */
export function ListState({
  testId,
  loading,
  failed,
  empty,
  emptyText,
  onRetry,
  rows = 5,
  childrenWhileLoading = false,
  children,
}: ListStateProps) {
  if (failed) {
    return <LoadError testId={`${testId}-error`} onRetry={onRetry} />;
  }
  if (childrenWhileLoading && (loading || !empty)) {
    const waiting = loading && empty;
    return (
      <div
        data-testid={waiting ? `${testId}-loading` : undefined}
        aria-busy={waiting ? 'true' : undefined}
      >
        {children}
      </div>
    );
  }
  if (loading && empty) return <SkeletonRows testId={testId} rows={rows} />;
  if (empty) {
    return (
      <div data-testid={`${testId}-empty`}>
        <EmptyData text={emptyText} />
      </div>
    );
  }
  return <>{children}</>;
}
