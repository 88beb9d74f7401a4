import { Badge, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FundOrderKind } from '../../../contract/schemas/funds';
import type { FundQueueItemDto } from '../../../contract/schemas/funds-staff';
import { formatMoney } from '../../../contract/money';
import { isInState } from '../../../machines/state-value';
import { useLifecycleWords } from '../../lifecycle/words';
import { money } from './amounts';

/**
 * The states of the `deposit` and `withdrawal` machines as the staff screens filter and colour
 * them (issue 10 fixes the names; machines/deposit.ts and machines/withdrawal.ts hold them),
 * nested ones after their parent.
 */
export const FUND_STATES: Record<FundOrderKind, readonly string[]> = {
  deposit: ['pending', 'pending.waiting', 'pending.overdue', 'credited', 'rejected', 'cancelled'],
  withdrawal: [
    'pending',
    'pending.waiting',
    'pending.overdue',
    'approved',
    'paid',
    'rejected',
    'cancelled',
  ],
};

/** What a reviewer opens a queue on: everything waiting for staff. */
export const FUND_DEFAULT_FILTER: Record<FundOrderKind, string> = {
  deposit: 'pending',
  withdrawal: 'pending',
};

const PALETTE: Record<string, string> = {
  pending: 'blue',
  approved: 'teal',
  credited: 'green',
  paid: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

/** The top-level state of an encoded state (`pending.overdue` → `pending`). */
const topOf = (state: string) => state.split(',')[0]?.split('.')[0] ?? state;

/** Routes of each kind's screens (the detail takes `?id=`: the route sweep needs no real id). */
export const FUND_ROUTES: Record<FundOrderKind, { queue: string; detail: string }> = {
  deposit: { queue: '/deposits/queue', detail: '/deposits/detail' },
  withdrawal: { queue: '/withdrawals/queue', detail: '/withdrawals/detail' },
};

export function FundStateBadge({
  kind,
  state,
  testId,
}: {
  kind: FundOrderKind;
  state: string;
  testId?: string;
}) {
  const words = useLifecycleWords();
  const top = topOf(state);
  return (
    <Badge colorPalette={PALETTE[top] ?? 'gray'} data-testid={testId} data-state={state}>
      {words.state(kind, top)}
    </Badge>
  );
}

/** Marks an item past its service time (the machine's `pending.overdue`, or the queue's flag). */
export function FundOverdueFlag({ kind, testId }: { kind: FundOrderKind; testId: string }) {
  const words = useLifecycleWords();
  return (
    <Badge colorPalette="red" variant="solid" data-testid={testId}>
      {words.state(kind, 'pending.overdue')}
    </Badge>
  );
}

/** Whether a queue item is flagged: the server's flag, or the machine's overdue state. */
export const isOverdue = (item: Pick<FundQueueItemDto, 'overdue' | 'state'>) =>
  item.overdue || isInState(item.state, 'pending.overdue');

/** The amount, and its won equivalent below when the currency is not won. */
export function AmountCell({
  item,
  align = 'end',
}: {
  item: Pick<FundQueueItemDto, 'amount' | 'currency' | 'amountKrw'>;
  /** `end` in a table's amount column, `start` in a case's details. */
  align?: 'start' | 'end';
}) {
  const { t } = useTranslation();
  return (
    <HStack gap="0" flexDirection="column" alignItems={align === 'end' ? 'flex-end' : 'flex-start'}>
      <Text>{money(item.amount, item.currency)}</Text>
      {item.currency === 'KRW' ? null : (
        <Text fontSize="xs" color="fg.muted">
          {t('funds.wonEquivalent', { amount: formatMoney(item.amountKrw, 'KRW') })}
        </Text>
      )}
    </HStack>
  );
}

/**
 * Four eyes on a withdrawal: how many approvals it has of how many it needs, and whether one
 * more (by someone else) is awaited.
 */
export function approvalsNeeded(item: Pick<FundQueueItemDto, 'needsTwoApprovals'>): number {
  return item.needsTwoApprovals ? 2 : 1;
}

export function awaitsSecondApprover(
  item: Pick<FundQueueItemDto, 'needsTwoApprovals' | 'approvals' | 'state'>,
): boolean {
  return item.needsTwoApprovals && item.approvals.length === 1 && isInState(item.state, 'pending');
}
