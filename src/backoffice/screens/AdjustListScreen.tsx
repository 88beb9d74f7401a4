import { HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { staffCall } from '../api';
import { signedMoney } from '../parts/amounts';
import { PageTitle, Panel, ReloadButton, formatTime, useLoad } from '../parts/common';
import { PagedTable } from '../parts/PagedTable';
import { ProposalDecision } from '../parts/ProposalDecision';
import { ADJUST_PAGES, PROPOSAL_STATES, ProposalStateBadge, isUndecided } from '../parts/proposals';
import type { ProposalState } from '../parts/proposals';
import { SubNav } from '../parts/SubNav';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';

const PAGE_SIZE = 20;
const ALL = 'all';
const isState = (value: string | null): value is ProposalState =>
  (PROPOSAL_STATES as readonly (string | null)[]).includes(value);

/**
 * Manual balance adjustments by state (pending by default). Each is a journal entry proposed by
 * one staff member with a reason and posted only when another approves; the customer sees it in
 * their records.
 */
export default function AdjustListScreen() {
  const { t, i18n } = useTranslation();
  const { me } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state: ProposalState | typeof ALL =
    stateParam === ALL ? ALL : isState(stateParam) ? stateParam : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, failed, loading, reload } = useLoad(
    () =>
      staffCall('adjustList', {
        ...(state === ALL ? {} : { state }),
        page,
        pageSize: PAGE_SIZE,
      }),
    `${state}:${page}`,
  );
  const mayDecide = mayCall(me?.role, 'adjustApprove');
  const mayOpenCustomer = mayCall(me?.role, 'customerDetail');

  return (
    <>
      <PageTitle
        actions={
          <HStack>
            <NativeSelect.Root size="sm" width="40">
              <NativeSelect.Field
                data-testid="adjust-state-filter"
                aria-label={t('adjust.stateFilter')}
                value={state}
                onChange={(e) => setParams({ state: e.currentTarget.value, page: '1' })}
              >
                <option value={ALL}>{t('adjust.allStates')}</option>
                {PROPOSAL_STATES.map((s) => (
                  <option key={s} value={s}>
                    {t(`proposals.states.${s}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <ReloadButton onClick={reload} />
          </HStack>
        }
      >
        {t('adjust.title')}
      </PageTitle>
      <SubNav items={ADJUST_PAGES} />
      <Panel>
        <PagedTable
          testId="adjust-table"
          state={{ loading, failed, data, reload }}
          rowKey={(a) => a.id}
          rowTestId={(a) => `adjust-row-${a.id}`}
          onPage={(p) => setParams({ state, page: String(p) })}
          columns={[
            { key: 'id', header: '#', width: '3rem', cell: (a) => a.id },
            {
              key: 'customer',
              header: t('adjust.customer'),
              width: '7rem',
              cell: (a) =>
                mayOpenCustomer ? (
                  <Link to={`/customers/${a.customerId}`}>{a.account}</Link>
                ) : (
                  a.account
                ),
            },
            {
              key: 'amount',
              header: t('adjust.amount'),
              width: '8rem',
              align: 'end',
              cell: (a) => (
                <Text
                  as="span"
                  color={a.amount < 0 ? 'red.fg' : 'green.fg'}
                  data-testid={`adjust-amount-${a.id}`}
                >
                  {signedMoney(a.amount, a.currency)}
                </Text>
              ),
            },
            {
              // The reason with who proposed and decided under it: one flexible column, so the
              // table fits a 768 px tablet.
              key: 'reason',
              header: t('adjust.reasonAndWho'),
              cell: (a) => (
                <>
                  <Text>{a.reason}</Text>
                  <Text fontSize="xs" color="fg.muted" data-testid={`adjust-who-${a.id}`}>
                    {t('proposals.proposedBy', {
                      staff: a.proposedBy,
                      time: formatTime(a.proposedAt, i18n.language),
                    })}
                    {a.decidedBy ? (
                      <>
                        <br />
                        {t('proposals.decidedBy', {
                          staff: a.decidedBy,
                          time: formatTime(a.decidedAt, i18n.language),
                        })}
                      </>
                    ) : null}
                    {a.entryId !== null ? (
                      <>
                        <br />
                        {t('adjust.entry', { id: a.entryId })}
                      </>
                    ) : null}
                  </Text>
                </>
              ),
            },
            {
              key: 'state',
              header: t('adjust.state'),
              width: '6rem',
              cell: (a) => <ProposalStateBadge state={a.state} testId={`adjust-state-${a.id}`} />,
            },
            {
              key: 'decide',
              header: null,
              width: '8.5rem',
              align: 'end',
              cell: (a) =>
                isUndecided(a) && mayDecide ? (
                  <ProposalDecision
                    proposedBy={a.proposedBy}
                    testId={`adjust-${a.id}`}
                    summary={t('adjust.summary', {
                      amount: signedMoney(a.amount, a.currency),
                      account: a.account,
                      staff: a.proposedBy,
                      reason: a.reason,
                    })}
                    onDecide={async (approve) => {
                      await staffCall('adjustApprove', { id: a.id, approve });
                      toast(t(approve ? 'adjust.approved' : 'proposals.rejected'), 'success');
                      reload();
                    }}
                  />
                ) : null,
            },
          ]}
        />
      </Panel>
    </>
  );
}
