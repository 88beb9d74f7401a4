import { Button, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RestrictionPanel, useRestrictionInstead } from '../../account/RestrictionPanel';
import { EmptyData } from '../../components/EmptyData';

interface ListStateProps {
  /** Names the list in the test ids: `<testId>-loading`, `-error`, `-empty`. */
  testId: string;
  loading: boolean;
  failed: boolean;
  empty: boolean;
  emptyText?: string;
  onRetry?: () => void;
  rows?: number;
  children: ReactNode;
}

/** Every list's three other states: skeleton rows while loading, an error with retry, empty. */
export function ListState({
  testId,
  loading,
  failed,
  empty,
  emptyText,
  onRetry,
  rows = 5,
  children,
}: ListStateProps) {
  const { t } = useTranslation();
  const restricted = useRestrictionInstead();
  if (failed && restricted) {
    return (
      <Flex px="4" py="2">
        <RestrictionPanel status={restricted} compact />
      </Flex>
    );
  }
  if (failed) {
    return (
      <Flex direction="column" align="center" gap="3" py="8" data-testid={`${testId}-error`}>
        <Text color="fg.muted" fontSize="sm">
          {t('market.loadFailed')}
        </Text>
        {onRetry ? (
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </Flex>
    );
  }
  if (loading && empty) {
    return (
      <Stack gap="3" py="3" px="4" data-testid={`${testId}-loading`} aria-busy="true">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} h="10" borderRadius="md" />
        ))}
      </Stack>
    );
  }
  if (empty) {
    return (
      <div data-testid={`${testId}-empty`}>
        <EmptyData text={emptyText} />
      </div>
    );
  }
  return <>{children}</>;
}
