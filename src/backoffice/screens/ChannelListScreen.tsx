import { Badge, Box, Button, Stack, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { staffCall } from '../api';
import { ChannelProposalTable } from '../parts/ChannelProposalTable';
import { EmptyRow, Loaded, PageTitle, Panel, ReloadButton, useLoad } from '../parts/common';
import { CHANNEL_PAGES, ChannelWords } from '../parts/proposals';
import { SubNav } from '../parts/SubNav';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';

/**
 * The broker's receiving accounts (the same for every verified customer; demo ones labelled) and
 * every proposal to change them, with who proposed and who decided. A change is only ever a
 * proposal: another staff member approves it (`/channels/approve`).
 */
export default function ChannelListScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const state = useLoad(() => staffCall('channelsList', {}), 'channels');
  const mayPropose = mayCall(me?.role, 'channelsPropose');
  return (
    <>
      <PageTitle actions={<ReloadButton onClick={state.reload} />}>{t('channels.title')}</PageTitle>
      <SubNav items={CHANNEL_PAGES} />
      <Loaded state={state}>
        {(data) => (
          <Stack gap="5">
            <Panel title={t('channels.active')}>
              <Box overflowX="auto">
                <Table.Root size="sm" data-testid="channel-table" minW="2xl">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('channels.account')}</Table.ColumnHeader>
                      <Table.ColumnHeader width="8rem">{t('channels.status')}</Table.ColumnHeader>
                      <Table.ColumnHeader width="10rem" />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.channels.length === 0 ? (
                      <EmptyRow columns={3} testId="channel-table-empty" />
                    ) : null}
                    {data.channels.map((channel) => (
                      <Table.Row key={channel.id} data-testid={`channel-row-${channel.id}`}>
                        <Table.Cell overflowWrap="anywhere">
                          <ChannelWords channel={channel} />
                        </Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={channel.active ? 'green' : 'gray'}>
                            {channel.active ? t('channels.inUse') : t('channels.removed')}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          {mayPropose && channel.active ? (
                            <Button asChild size="xs" variant="outline">
                              <Link
                                to={`/channels/propose?remove=${channel.id}`}
                                data-testid={`channel-remove-${channel.id}`}
                              >
                                {t('channels.proposeRemoval')}
                              </Link>
                            </Button>
                          ) : null}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            </Panel>
            <Panel title={t('channels.proposals')}>
              <ChannelProposalTable proposals={data.proposals} />
            </Panel>
          </Stack>
        )}
      </Loaded>
    </>
  );
}
