import { Badge, Button, HStack, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { kycMachine } from '../../../machines/kyc';
import { statePaths } from '../../../machines/lifecycle';
import { isInState } from '../../../machines/state-value';
import { paletteOf, topStateOf } from '../../lifecycle/tones';
import { useLifecycleWords } from '../../lifecycle/words';
import { staffCall } from '../api';
import { PageTitle, Panel, ReloadButton, formatTime, useLoad } from '../parts/common';
import { PagedTable } from '../parts/PagedTable';

const PAGE_SIZE = 20;
/** The states a reviewer filters by: the machine's, nested ones included (overdue). */
const KYC_STATES = statePaths(kycMachine);
/** What a reviewer opens the queue on: every case waiting for a decision, overdue ones included. */
const DEFAULT_FILTER = 'under_review';

const OVERDUE = 'under_review.overdue';

/** A verification's state: the top-level state's words, the colour the machine gives the state. */
export function KycStateBadge({ state }: { state: string }) {
  const words = useLifecycleWords();
  return (
    <Badge
      colorPalette={paletteOf(kycMachine, state)}
      data-testid="kyc-state-badge"
      data-state={state}
    >
      {words.state('kyc', topStateOf(state))}
    </Badge>
  );
}

/** Marks a case still waiting after the review time (the machine's `under_review.overdue`). */
export function OverdueFlag({ testId }: { testId: string }) {
  const words = useLifecycleWords();
  return (
    <Badge colorPalette="red" variant="solid" data-testid={testId}>
      {words.state('kyc', OVERDUE)}
    </Badge>
  );
}

/** Verifications by state (under review by default): overdue ones first, then the oldest. */
export default function KycQueueScreen() {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state = KYC_STATES.includes(stateParam ?? '') ? (stateParam ?? '') : DEFAULT_FILTER;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('kycQueue', { state, page, pageSize: PAGE_SIZE }),
    `${state}:${page}`,
  );

  return (
    <>
      <PageTitle
        actions={
          <HStack>
            <NativeSelect.Root size="sm" width="44">
              <NativeSelect.Field
                data-testid="kyc-state-filter"
                aria-label={t('kyc.stateFilter')}
                value={state}
                onChange={(e) => setParams({ state: e.currentTarget.value, page: '1' })}
              >
                {KYC_STATES.map((path) => (
                  <option key={path} value={path}>
                    {/* Nested states indented under their parent. */}
                    {'\u00a0\u00a0'.repeat(path.split('.').length - 1)}
                    {words.state('kyc', path)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <ReloadButton onClick={reload} />
          </HStack>
        }
      >
        {t('kyc.queueTitle')}
      </PageTitle>
      <Panel>
        <PagedTable
          testId="kyc-queue"
          interactive
          state={{ loading, failed, data, reload }}
          rowKey={(item) => item.customerId}
          rowTestId={(item) => `kyc-row-${item.account}`}
          onPage={(p) => setParams({ state, page: String(p) })}
          columns={[
            {
              key: 'account',
              header: t('kyc.account'),
              cell: (i) => i.account,
            },
            { key: 'accountId', header: t('kyc.accountId'), cell: (i) => i.accountId },
            { key: 'realName', header: t('kyc.realName'), cell: (i) => i.realName ?? '—' },
            {
              key: 'state',
              header: t('kyc.state'),
              width: '14rem',
              cell: (item) => (
                <HStack gap="1.5" wrap="wrap">
                  <KycStateBadge state={item.state} />
                  {isInState(item.state, OVERDUE) ? (
                    <OverdueFlag testId={`kyc-overdue-${item.account}`} />
                  ) : null}
                </HStack>
              ),
            },
            {
              key: 'submissions',
              header: t('kyc.submissions'),
              width: '6rem',
              align: 'end',
              cell: (i) => i.submissions,
            },
            {
              key: 'submittedAt',
              header: t('kyc.submittedAt'),
              width: '11rem',
              cell: (i) => formatTime(i.submittedAt, i18n.language),
            },
            {
              key: 'open',
              header: null,
              width: '6rem',
              align: 'end',
              cell: (item) => (
                <Button asChild size="xs" variant="outline">
                  <Link to={`/kyc/${item.customerId}`} data-testid={`kyc-open-${item.account}`}>
                    {t('kyc.open')}
                  </Link>
                </Button>
              ),
            },
          ]}
        />
      </Panel>
    </>
  );
}
