import { HStack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { SeatQueueDto } from '../../../contract/schemas/service';
import type { LifecycleStatus } from '../../../machines/flows/review-decision';
import { staffCall } from '../api';
import {
  EmptyRow,
  Loaded,
  PageTitle,
  Panel,
  ReloadButton,
  formatTime,
  useLoad,
} from '../parts/common';
import {
  ConflictAlert,
  DecisionButton,
  DecisionSheet,
  useDecisionFlow,
} from '../parts/decisionFlow';
import { LIFECYCLE_MACHINES, targetOf } from '../parts/lifecycles';
import { ScrollX } from '../parts/ScrollX';
import { StateBadges } from '../parts/StateBadges';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';

type SeatRow = SeatQueueDto['rows'][number];

/** A decision's look and the call that takes it (a button shows only to roles that may make it). */
const DECISIONS = {
  'review.approve': {
    call: 'seatApprove',
    reason: 'none',
    palette: 'green',
    variant: 'solid',
    words: 'approve',
  },
  'review.reject': {
    call: 'seatReject',
    reason: 'required',
    palette: 'red',
    variant: 'outline',
    words: 'reject',
  },
} as const;
type DecisionEvent = keyof typeof DECISIONS;
const isDecision = (event: string): event is DecisionEvent => Object.hasOwn(DECISIONS, event);

/**
 * Seat accounts (docs/service.md): the applications waiting for a reviewer, each approved or
 * rejected through the `review-decision` flow with the version seen; a rejection's reason is what
 * the customer reads. The seat commission an approved account pays is the `seat.commission`
 * setting (administrators change it under Settings).
 */
export default function SeatScreen() {
  const { t } = useTranslation();
  const state = useLoad(() => staffCall('seatQueue', {}), 'seat');
  return (
    <>
      <PageTitle actions={<ReloadButton onClick={state.reload} />}>{t('seat.title')}</PageTitle>
      <Loaded state={state}>
        {(data) => (
          <Panel title={t('seat.queue')}>
            <Text mb="3" fontSize="sm" color="fg.muted" data-testid="seat-commission">
              {t('seat.commission', {
                percent: (data.commissionPpm / 10_000).toLocaleString('en-US', {
                  maximumFractionDigits: 4,
                }),
              })}
            </Text>
            <ScrollX>
              <Table.Root size="sm" minW="2xl" data-testid="seat-queue">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('seat.account')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('seat.kyc')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('seat.state')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('seat.appliedAt')}</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.rows.length === 0 ? (
                    <EmptyRow columns={COLUMNS} testId="seat-queue-empty" />
                  ) : null}
                  {data.rows.map((row) => (
                    <SeatRowView key={row.id} row={row} onChanged={state.reload} />
                  ))}
                </Table.Body>
              </Table.Root>
            </ScrollX>
          </Panel>
        )}
      </Loaded>
    </>
  );
}

const COLUMNS = 5;

function statusAfter(
  queue: SeatQueueDto,
  id: number,
  decision: string,
  version: number,
): LifecycleStatus {
  const row = queue.rows.find((r) => r.id === id);
  if (row) return { state: row.state, version: row.version, accepts: row.accepts };
  const state = targetOf(LIFECYCLE_MACHINES.seatAccount, 'pending', decision) ?? decision;
  return { state, version: version + 1, accepts: [] };
}

function SeatRowView({ row, onChanged }: { row: SeatRow; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const { me } = useStaffSession();
  const flow = useDecisionFlow({
    decide: async ({ decision, version, reason }) => {
      const queue =
        decision === 'review.reject'
          ? await staffCall('seatReject', { id: row.id, version, reason: reason ?? '' })
          : await staffCall('seatApprove', { id: row.id, version });
      return statusAfter(queue, row.id, decision, version);
    },
    onDecided: ({ decision }) => {
      if (isDecision(decision)) {
        toast(t(`seat.decisions.${DECISIONS[decision].words}.done`), 'success');
      }
      onChanged();
    },
    // Decided by someone else since the queue was loaded.
    conflictCodes: ['seat.not_pending'],
  });
  const conflict = useSelector(flow, (s) => s.matches({ refused: 'conflict' }));
  const decisions = row.accepts
    .filter(isDecision)
    .filter((event) => mayCall(me?.role, DECISIONS[event].call));
  const subject = `${row.account} (${row.accountId})`;
  return (
    <>
      <Table.Row data-testid={`seat-row-${row.id}`}>
        <Table.Cell>
          {row.account}{' '}
          <Text as="span" color="fg.muted">
            {row.accountId}
          </Text>
        </Table.Cell>
        <Table.Cell>
          <StateBadges entityType="kyc" state={row.kycState} />
        </Table.Cell>
        <Table.Cell>
          <StateBadges entityType="seatAccount" state={row.state} />
        </Table.Cell>
        <Table.Cell fontSize="xs">{formatTime(row.updatedAt, i18n.language)}</Table.Cell>
        <Table.Cell textAlign="end">
          <HStack gap="2" justify="flex-end" data-testid={`seat-decisions-${row.id}`}>
            {decisions.map((event) => {
              const look = DECISIONS[event];
              return (
                <DecisionButton
                  key={event}
                  flow={flow}
                  decision={event}
                  version={row.version}
                  look={look}
                  size="xs"
                  testId={`seat-${look.words}-${row.id}`}
                >
                  {t(`seat.decisions.${look.words}.button`)}
                </DecisionButton>
              );
            })}
          </HStack>
          <DecisionSheet
            flow={flow}
            wording={(decision) => {
              const key = isDecision(decision)
                ? `seat.decisions.${DECISIONS[decision].words}`
                : 'seat.decisions.approve';
              return {
                title: t(`${key}.title`, { subject }),
                help: t(`${key}.help`),
                confirmLabel: t(`${key}.button`),
                danger: decision === 'review.reject',
                reasonTestId: 'seat-reject-reason',
                confirmTestId: 'seat-decision-confirm',
              };
            }}
          />
        </Table.Cell>
      </Table.Row>
      {conflict ? (
        <Table.Row>
          <Table.Cell colSpan={COLUMNS}>
            <ConflictAlert flow={flow} onReload={onChanged} testId={`seat-conflict-${row.id}`} />
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
  );
}
