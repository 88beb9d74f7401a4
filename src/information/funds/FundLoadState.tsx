import { Skeleton } from '@chakra-ui/react';
import { LoadError } from '../../components/LoadError';
import type { Loaded } from '../useLoaded';

/**
 * What a money form shows instead of itself until its data is in: the retry card if the load
 * failed (`<testId>-error`), else a skeleton (`<testId>-loading`).
 */
export function FundLoadState({
  load,
  testId,
  failedText,
}: {
  load: Pick<Loaded<unknown>, 'failed' | 'reload'>;
  testId: string;
  failedText: string;
}) {
  if (load.failed) {
    return <LoadError card testId={`${testId}-error`} text={failedText} onRetry={load.reload} />;
  }
  return <Skeleton h="64" borderRadius="xl" data-testid={`${testId}-loading`} />;
}
