import { Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SeatQueueDto } from '../../../contract/schemas/service';
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
import { LIFECYCLE_MACHINES } from '../parts/lifecycles';
import { ReviewTableRow } from '../parts/ReviewQueue';
import { ScrollX } from '../parts/ScrollX';
import { StateBadges } from '../parts/StateBadges';

type SeatRow = SeatQueueDto['rows'][number];

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

function SeatRowView({ row, onChanged }: { row: SeatRow; onChanged: () => void }) {
  const { i18n } = useTranslation();
  return (
    <ReviewTableRow
      prefix="seat"
      row={row}
      machine={LIFECYCLE_MACHINES.seatAccount}
      calls={{ approve: 'seatApprove', reject: 'seatReject' }}
      approve={(version) => staffCall('seatApprove', { id: row.id, version })}
      reject={(version, reason) => staffCall('seatReject', { id: row.id, version, reason })}
      onChanged={onChanged}
      subject={`${row.account} (${row.accountId})`}
      columns={COLUMNS}
    >
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
    </ReviewTableRow>
  );
}
