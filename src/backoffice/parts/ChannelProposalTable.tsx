import { Box, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelProposalDto } from '../../../contract/schemas/funds-staff';
import { EmptyRow, formatTime } from './common';
import { ChannelWords, ProposalStateBadge } from './proposals';

/** Every proposal: what, why, its state, who proposed and who decided. */
export function ChannelProposalTable({
  proposals,
  decide,
}: {
  proposals: readonly ChannelProposalDto[];
  /** The decision cell of a pending proposal (the approve screen). */
  decide?: (proposal: ChannelProposalDto) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const columns = decide ? 6 : 5;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="proposal-table" minW="2xl">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="7rem">{t('channels.action')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('channels.account')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('common.reason')}</Table.ColumnHeader>
            <Table.ColumnHeader width="8rem">{t('channels.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('proposals.who')}</Table.ColumnHeader>
            {decide ? <Table.ColumnHeader width="12rem" /> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {proposals.length === 0 ? (
            <EmptyRow columns={columns} testId="proposal-table-empty" />
          ) : null}
          {proposals.map((p) => (
            <Table.Row key={p.id} data-testid={`proposal-row-${p.id}`}>
              <Table.Cell>{t(`channels.actions.${p.action}`)}</Table.Cell>
              <Table.Cell overflowWrap="anywhere">
                <ChannelWords channel={p.channel} />
              </Table.Cell>
              <Table.Cell overflowWrap="anywhere">{p.reason}</Table.Cell>
              <Table.Cell>
                <ProposalStateBadge state={p.state} testId={`proposal-state-${p.id}`} />
              </Table.Cell>
              <Table.Cell fontSize="xs" data-testid={`proposal-who-${p.id}`}>
                {t('proposals.proposedBy', {
                  staff: p.proposedBy,
                  time: formatTime(p.proposedAt, i18n.language),
                })}
                {p.decidedBy ? (
                  <>
                    <br />
                    {t('proposals.decidedBy', {
                      staff: p.decidedBy,
                      time: formatTime(p.decidedAt, i18n.language),
                    })}
                  </>
                ) : null}
              </Table.Cell>
              {decide ? <Table.Cell textAlign="end">{decide(p)}</Table.Cell> : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
