import { Badge, Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { FundOrderKind } from '../../../contract/schemas/funds';
import { useLifecycleWords } from '../../lifecycle/words';
import { staffCall } from '../api';
import { PageTitle, Panel, ReloadButton, formatTime, useLoad } from '../parts/common';
import {
  AmountCell,
  FUND_DEFAULT_FILTER,
  FUND_ROUTES,
  FUND_STATES,
  FundOverdueFlag,
  FundStateBadge,
  approvalsNeeded,
  isOverdue,
} from '../parts/funds';
import { PagedTable } from '../parts/PagedTable';

const PAGE_SIZE = 20;
/** The filter's value for "every state" (the call then leaves `state` out). */
const ALL = 'all';

/**
 * Deposits or withdrawals waiting for staff (pending by default, nested states included), the
 * oldest first, each past its service time flagged; a toggle shows only the flagged ones.
 */
export default function FundQueueScreen({ kind }: { kind: FundOrderKind }) {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  const [params, setParams] = useSearchParams();
  const states = FUND_STATES[kind];
  const stateParam = params.get('state') ?? FUND_DEFAULT_FILTER[kind];
  const state =
    stateParam === ALL || states.includes(stateParam) ? stateParam : FUND_DEFAULT_FILTER[kind];
  const overdueOnly = params.get('overdue') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const call = kind === 'deposit' ? 'depositsQueue' : 'withdrawalsQueue';
  const { data, failed, loading, reload } = useLoad(
    () =>
      staffCall(call, {
        ...(state === ALL ? {} : { state }),
        ...(overdueOnly ? { overdueOnly: true } : {}),
        page,
        pageSize: PAGE_SIZE,
      }),
    `${kind}:${state}:${overdueOnly}:${page}`,
  );
  const go = (next: { state?: string; overdue?: boolean; page?: number }) =>
    setParams({
      state: next.state ?? state,
      ...((next.overdue ?? overdueOnly) ? { overdue: '1' } : {}),
      page: String(next.page ?? 1),
    });

  return (
    <>
      <PageTitle
        actions={
          <HStack wrap="wrap">
            <NativeSelect.Root size="sm" width="44">
              <NativeSelect.Field
                data-testid="fund-state-filter"
                aria-label={t('funds.stateFilter')}
                value={state}
                onChange={(e) => go({ state: e.currentTarget.value })}
              >
                <option value={ALL}>{t('funds.allStates')}</option>
                {states.map((path) => (
                  <option key={path} value={path}>
                    {'\u00a0\u00a0'.repeat(path.split('.').length - 1)}
                    {words.state(kind, path)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {/* A toggle button (no checkbox recipe in the back office's lean theme). */}
            <Button
              size="sm"
              data-testid="fund-overdue-only"
              aria-pressed={overdueOnly}
              colorPalette={overdueOnly ? 'red' : undefined}
              variant={overdueOnly ? 'solid' : 'outline'}
              onClick={() => go({ overdue: !overdueOnly })}
            >
              {t('funds.overdueOnly')}
            </Button>
            <ReloadButton onClick={reload} />
          </HStack>
        }
      >
        {t(`funds.${kind}.queueTitle`)}
      </PageTitle>
      <Panel>
        <PagedTable
          testId="fund-queue"
          interactive
          state={{ loading, failed, data, reload }}
          rowKey={(item) => item.id}
          rowTestId={(item) => `fund-row-${item.orderNo}`}
          onPage={(p) => go({ page: p })}
          columns={[
            { key: 'orderNo', header: t('funds.orderNo'), width: '7rem', cell: (i) => i.orderNo },
            {
              key: 'customer',
              header: t('funds.customer'),
              full: (i) => `${i.account} ${i.realName ?? ''}`,
              cell: (i) => (
                <>
                  {i.account}
                  {i.realName ? (
                    <Text as="span" color="fg.muted">
                      {' '}
                      {i.realName}
                    </Text>
                  ) : null}
                </>
              ),
            },
            {
              key: 'amount',
              header: t('funds.amount'),
              width: '9rem',
              align: 'end',
              cell: (item) => <AmountCell item={item} />,
            },
            {
              key: 'state',
              header: t('funds.state'),
              width: '10rem',
              cell: (item) => (
                <HStack gap="1.5" wrap="wrap">
                  <FundStateBadge kind={kind} state={item.state} />
                  {isOverdue(item) ? (
                    <FundOverdueFlag kind={kind} testId={`fund-overdue-${item.orderNo}`} />
                  ) : null}
                  {kind === 'withdrawal' && item.needsTwoApprovals ? (
                    <Badge
                      colorPalette="purple"
                      variant="outline"
                      data-testid={`fund-approvals-${item.orderNo}`}
                    >
                      {t('funds.approvalsOf', {
                        have: item.approvals.length,
                        needed: approvalsNeeded(item),
                      })}
                    </Badge>
                  ) : null}
                </HStack>
              ),
            },
            {
              key: 'createdAt',
              header: t('funds.createdAt'),
              width: '8rem',
              cell: (i) => formatTime(i.createdAt, i18n.language),
            },
            {
              key: 'open',
              header: null,
              width: '5rem',
              align: 'end',
              cell: (item) => (
                <Stack align="flex-end">
                  <Button asChild size="xs" variant="outline">
                    <Link
                      to={`${FUND_ROUTES[kind].detail}?id=${item.id}`}
                      data-testid={`fund-open-${item.orderNo}`}
                    >
                      {t('funds.open')}
                    </Link>
                  </Button>
                </Stack>
              ),
            },
          ]}
        />
      </Panel>
    </>
  );
}
