import { HStack, Table } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import type { StaffCallName } from '../../../contract/staff-calls';
import type { LifecycleStatus } from '../../../machines/flows/review-decision';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';
import type { DecisionFlow } from './decisionFlow';
import { ConflictAlert, DecisionButton, DecisionSheet, useDecisionFlow } from './decisionFlow';
import { targetOf } from './lifecycles';

/**
 * A queue of applications a reviewer approves or rejects (block trades, seat accounts): each row
 * goes through the `review-decision` flow with the version seen; a rejection's reason is what the
 * customer reads. A queue names its words and test ids by its `prefix`: `${prefix}.decisions.*`
 * for the texts, `${prefix}-approve-${id}`, `${prefix}-reject-${id}`, `${prefix}-decisions-${id}`
 * and `${prefix}-conflict-${id}` for the test ids, `${prefix}.not_pending` for the refusal of a
 * row decided by someone else meanwhile.
 */

/** A decision's look (a button shows only to roles that may make its call). */
const LOOKS = {
  'review.approve': { reason: 'none', palette: 'green', variant: 'solid', words: 'approve' },
  'review.reject': { reason: 'required', palette: 'red', variant: 'outline', words: 'reject' },
} as const;
type ReviewEvent = keyof typeof LOOKS;
const isReview = (event: string): event is ReviewEvent => Object.hasOwn(LOOKS, event);

interface QueueRow {
  id: number;
  state: string;
  version: number;
  accepts: readonly string[];
}

/**
 * What a decision left the application as: its row in the queue the call answered with, or,
 * once it has left the queue (decided), the state the machine leads to.
 */
function statusAfter(
  rows: readonly QueueRow[],
  machine: AnyStateMachine,
  id: number,
  decision: string,
  version: number,
): LifecycleStatus {
  const row = rows.find((r) => r.id === id);
  if (row) return { state: row.state, version: row.version, accepts: [...row.accepts] };
  const state = targetOf(machine, 'pending', decision) ?? decision;
  return { state, version: version + 1, accepts: [] };
}

interface ReviewRow {
  flow: DecisionFlow;
  /** Decided by someone else since the queue was loaded. */
  conflict: boolean;
  /** The decisions the row accepts that this staff member's role may take. */
  decisions: ReviewEvent[];
}

interface ReviewRowProps {
  prefix: string;
  row: QueueRow;
  /** The application's lifecycle machine: where a decided row went once it left the queue. */
  machine: AnyStateMachine;
  /** The calls `approve` and `reject` make, for the role check. */
  calls: { approve: StaffCallName; reject: StaffCallName };
  /** The calls, each answering the queue. */
  approve: (version: number) => Promise<{ rows: readonly QueueRow[] }>;
  reject: (version: number, reason: string) => Promise<{ rows: readonly QueueRow[] }>;
  /** After a decision, and to reload after a conflict. */
  onChanged: () => void;
}

/** One row's decision flow. The screen keys the row by the application. */
function useReviewRow({
  prefix,
  row,
  machine,
  calls,
  approve,
  reject,
  onChanged,
}: ReviewRowProps): ReviewRow {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const flow = useDecisionFlow({
    decide: async ({ decision, version, reason }) => {
      const queue =
        decision === 'review.reject' ? await reject(version, reason ?? '') : await approve(version);
      return statusAfter(queue.rows, machine, row.id, decision, version);
    },
    onDecided: ({ decision }) => {
      if (isReview(decision)) {
        toast(t(`${prefix}.decisions.${LOOKS[decision].words}.done`), 'success');
      }
      onChanged();
    },
    conflictCodes: [`${prefix}.not_pending`],
  });
  const conflict = useSelector(flow, (s) => s.matches({ refused: 'conflict' }));
  const decisions = row.accepts
    .filter(isReview)
    .filter((event) =>
      mayCall(me?.role, event === 'review.approve' ? calls.approve : calls.reject),
    );
  return { flow, conflict, decisions };
}

/** The row's decision buttons and their confirmation sheet; `subject` is named in its title. */
function ReviewDecisions({
  prefix,
  row,
  review,
  subject,
}: {
  prefix: string;
  row: QueueRow;
  review: ReviewRow;
  subject: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <HStack gap="2" justify="flex-end" data-testid={`${prefix}-decisions-${row.id}`}>
        {review.decisions.map((event) => {
          const look = LOOKS[event];
          return (
            <DecisionButton
              key={event}
              flow={review.flow}
              decision={event}
              version={row.version}
              look={look}
              size="xs"
              testId={`${prefix}-${look.words}-${row.id}`}
            >
              {t(`${prefix}.decisions.${look.words}.button`)}
            </DecisionButton>
          );
        })}
      </HStack>
      <DecisionSheet
        flow={review.flow}
        wording={(decision) => {
          const key = `${prefix}.decisions.${isReview(decision) ? LOOKS[decision].words : 'approve'}`;
          return {
            title: t(`${key}.title`, { subject }),
            help: t(`${key}.help`),
            confirmLabel: t(`${key}.button`),
            danger: decision === 'review.reject',
            reasonTestId: `${prefix}-reject-reason`,
            confirmTestId: `${prefix}-decision-confirm`,
          };
        }}
      />
    </>
  );
}

/** Under a row decided by someone else meanwhile: the conflict, with the way to reload. */
function ReviewConflictRow({
  prefix,
  row,
  review,
  columns,
  onReload,
}: {
  prefix: string;
  row: QueueRow;
  review: ReviewRow;
  columns: number;
  onReload: () => void;
}) {
  if (!review.conflict) return null;
  return (
    <Table.Row>
      <Table.Cell colSpan={columns}>
        <ConflictAlert
          flow={review.flow}
          onReload={onReload}
          testId={`${prefix}-conflict-${row.id}`}
        />
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * A queue's row: the screen's cells (`children`), then the decision buttons with their sheet in
 * the last cell, and under the row, once someone else decided meanwhile, the conflict (test id
 * `${prefix}-row-${id}`). `subject` names the application in the sheet's title.
 */
export function ReviewTableRow({
  subject,
  columns,
  children,
  ...props
}: ReviewRowProps & { subject: string; columns: number; children: ReactNode }) {
  const { prefix, row } = props;
  const review = useReviewRow(props);
  return (
    <>
      <Table.Row data-testid={`${prefix}-row-${row.id}`}>
        {children}
        <Table.Cell textAlign="end">
          <ReviewDecisions prefix={prefix} row={row} review={review} subject={subject} />
        </Table.Cell>
      </Table.Row>
      <ReviewConflictRow
        prefix={prefix}
        row={row}
        review={review}
        columns={columns}
        onReload={props.onChanged}
      />
    </>
  );
}
