import { useTranslation } from 'react-i18next';
import { staffCall } from '../api';
import { ChannelProposalTable } from '../parts/ChannelProposalTable';
import { Loaded, PageTitle, Panel, ReloadButton, useLoad } from '../parts/common';
import { ProposalDecision } from '../parts/ProposalDecision';
import { CHANNEL_PAGES, isUndecided } from '../parts/proposals';
import { SubNav } from '../parts/SubNav';
import { toast } from '../toaster';

/**
 * Proposals to change the receiving accounts that wait for a second staff member: approve (the
 * change takes effect) or reject; one's own proposal cannot be decided by oneself.
 */
export default function ChannelApproveScreen() {
  const { t } = useTranslation();
  const state = useLoad(() => staffCall('channelsList', {}), 'channels');
  return (
    <>
      <PageTitle actions={<ReloadButton onClick={state.reload} />}>
        {t('channels.approveTitle')}
      </PageTitle>
      <SubNav items={CHANNEL_PAGES} />
      <Loaded state={state}>
        {(data) => (
          <Panel title={t('channels.pending')}>
            <ChannelProposalTable
              proposals={data.proposals.filter(isUndecided)}
              decide={(proposal) => (
                <ProposalDecision
                  proposedBy={proposal.proposedBy}
                  testId={`proposal-${proposal.id}`}
                  summary={t(`channels.summary.${proposal.action}`, {
                    account: `${proposal.channel.bankName} ${proposal.channel.accountNumber}`,
                    staff: proposal.proposedBy,
                  })}
                  onDecide={async (approve) => {
                    await staffCall('channelsApprove', { id: proposal.id, approve });
                    toast(t(approve ? 'proposals.approved' : 'proposals.rejected'), 'success');
                    state.reload();
                  }}
                />
              )}
            />
          </Panel>
        )}
      </Loaded>
    </>
  );
}
