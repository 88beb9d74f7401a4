import { Badge, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SubNavItem } from './SubNav';

export type ProposalState = 'pending' | 'approved' | 'rejected';
export const PROPOSAL_STATES: readonly ProposalState[] = ['pending', 'approved', 'rejected'];

const PALETTE: Record<ProposalState, string> = {
  pending: 'blue',
  approved: 'green',
  rejected: 'red',
};

/** A proposal's state (channels and adjustments share the three). */
export function ProposalStateBadge({ state, testId }: { state: ProposalState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[state]} data-testid={testId} data-state={state}>
      {t(`proposals.states.${state}`)}
    </Badge>
  );
}

/** A receiving account as one line; demo ones (seeded for a fresh install) labelled. */
export function ChannelWords({
  channel,
}: {
  channel: {
    currency: string;
    kind: 'bank' | 'wallet';
    bankName: string;
    accountName: string;
    accountNumber: string;
    demo: boolean;
  };
}) {
  const { t } = useTranslation();
  return (
    <Text as="span">
      {channel.currency} · {t(`channels.kinds.${channel.kind}`)} · {channel.bankName} ·{' '}
      {channel.accountName} ·{' '}
      <Text as="span" fontFamily="mono">
        {channel.accountNumber}
      </Text>
      {channel.demo ? (
        <Badge ms="2" colorPalette="orange" data-testid="channel-demo">
          {t('channels.demo')}
        </Badge>
      ) : null}
    </Text>
  );
}

export const CHANNEL_PAGES: readonly SubNavItem[] = [
  {
    path: '/channels/list',
    label: 'channels.pages.list',
    testId: 'channels-tab-list',
    call: 'channelsList',
  },
  {
    path: '/channels/propose',
    label: 'channels.pages.propose',
    testId: 'channels-tab-propose',
    call: 'channelsPropose',
  },
  {
    path: '/channels/approve',
    label: 'channels.pages.approve',
    testId: 'channels-tab-approve',
    call: 'channelsApprove',
  },
];

export const ADJUST_PAGES: readonly SubNavItem[] = [
  {
    path: '/ledger/adjust/list',
    label: 'adjust.pages.list',
    testId: 'adjust-tab-list',
    call: 'adjustList',
  },
  {
    path: '/ledger/adjust/propose',
    label: 'adjust.pages.propose',
    testId: 'adjust-tab-propose',
    call: 'adjustPropose',
  },
];

/**
 * A proposal (channel change, manual adjustment) no one has decided yet. Proposals are not
 * lifecycles: they are decided once, which `decidedAt` records.
 */
export function isUndecided(proposal: { decidedAt: string | null }): boolean {
  return proposal.decidedAt === null;
}
