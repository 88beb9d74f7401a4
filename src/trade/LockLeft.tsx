import { isInState } from '../../machines/state-value';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TradeOrderDto } from '../../contract/schemas/trade';
import { secondsLeft, splitLeft } from './lockClock';

/**
 * A locked position's time left until it may be closed, counting down with `now`; at zero it says
 * the position is about to become closable (the unlock job runs then, and the order's push brings
 * the Close button).
 */
export function LockLeft({
  order,
  now,
  testId,
}: {
  order: Pick<TradeOrderDto, 'state' | 'unlockAt'>;
  now: number;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!isInState(order.state, 'holding.locked')) return null;
  const left = secondsLeft(order.unlockAt, now);
  if (left === null) return null;
  const { days, clock } = splitLeft(left);
  const text =
    left === 0
      ? t('positions.lock.due')
      : days > 0
        ? t('positions.lock.leftDays', { days, clock })
        : t('positions.lock.left', { clock });
  return (
    <Text
      fontSize="xs"
      fontWeight="medium"
      color="orange.700"
      fontVariantNumeric="tabular-nums"
      data-testid={testId}
      data-seconds={left}
    >
      {text}
    </Text>
  );
}
