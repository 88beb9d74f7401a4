import { Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelProposalDto } from '../../../contract/schemas/funds-staff';
import { EmptyRow, formatTime } from './common';
import { ChannelWords, ProposalStateBadge } from './proposals';
import { ScrollX } from './ScrollX';

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
  const columns = decide ? 5 : 4;
  return (
    <ScrollX>
      <Table.Root size="sm" tableLayout="fixed" data-testid="proposal-table" minW="2xl">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="5rem">{t('channels.action')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('channels.account')}</Table.ColumnHeader>
            {/* The reason with who proposed and decided under it, so a tablet fits the table. */}
            <Table.ColumnHeader>{t('adjust.reasonAndWho')}</Table.ColumnHeader>
            <Table.ColumnHeader width="6rem">{t('channels.status')}</Table.ColumnHeader>
            {decide ? <Table.ColumnHeader width="8.5rem" /> : null}
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
              <Table.Cell overflowWrap="anywhere">
                <Text>{p.reason}</Text>
                <Text fontSize="xs" color="fg.muted" data-testid={`proposal-who-${p.id}`}>
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
                </Text>
              </Table.Cell>
              <Table.Cell>
                <ProposalStateBadge state={p.state} testId={`proposal-state-${p.id}`} />
              </Table.Cell>
              {decide ? <Table.Cell textAlign="end">{decide(p)}</Table.Cell> : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollX>
  );
}
