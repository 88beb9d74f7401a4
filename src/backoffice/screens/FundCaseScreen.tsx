import { Alert, Box, Button, DataList, HStack, Image, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StaffCallName } from '../../../contract/staff-calls';
import type { FundOrderKind } from '../../../contract/schemas/funds';
import type { FundCaseDto } from '../../../contract/schemas/funds-staff';
import type { ReasonRule } from '../../../machines/flows/review-decision';
import { isInState } from '../../../machines/state-value';
import { useLifecycleWords } from '../../lifecycle/words';
import { staffCall } from '../api';
import { BackToList, DetailOfId } from '../parts/DetailOfId';
import {
  EmptyRow,
  LoadFailed,
  Loading,
  PageTitle,
  Panel,
  formatTime,
  useLoad,
} from '../parts/common';
import {
  ConflictAlert,
  DecisionButton,
  DecisionSheet,
  useDecisionFlow,
} from '../parts/decisionFlow';
import {
  AmountCell,
  FUND_ROUTES,
  FundOverdueFlag,
  FundStateBadge,
  approvalsNeeded,
  awaitsSecondApprover,
  isOverdue,
} from '../parts/funds';
import { money } from '../parts/amounts';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';

/** A decision's look, and the call that takes it (a button shows only to roles that may make it). */
interface Decision {
  call: StaffCallName;
  reason: ReasonRule;
  palette: string;
  variant: 'solid' | 'outline';
  testId: string;
  confirmTestId: string;
  reasonTestId?: string;
  /** Keys under `funds.decisions.<event>`: title, help, done. */
  words: string;
}

const APPROVE = {
  reason: 'none',
  palette: 'green',
  variant: 'solid',
  testId: 'fund-approve',
  confirmTestId: 'approve-confirm',
  words: 'approve',
} as const;
const REJECT = {
  reason: 'required',
  palette: 'red',
  variant: 'outline',
  testId: 'fund-reject',
  confirmTestId: 'reject-confirm',
  reasonTestId: 'reject-reason',
  words: 'reject',
} as const;

/** The decisions by machine event; `review.overdue` (the clock's) and the customer's are absent. */
const DECISIONS: Record<FundOrderKind, Record<string, Decision>> = {
  deposit: {
    'review.approve': { ...APPROVE, call: 'depositsApprove' },
    'review.reject': { ...REJECT, call: 'depositsReject' },
  },
  withdrawal: {
    'review.approve': { ...APPROVE, call: 'withdrawalsApprove' },
    'review.reject': { ...REJECT, call: 'withdrawalsReject' },
    'payout.paid': {
      call: 'withdrawalsPaid',
      // The bank's reference travels in the flow's text field.
      reason: 'required',
      palette: 'brand',
      variant: 'solid',
      testId: 'fund-paid',
      confirmTestId: 'paid-confirm',
      reasonTestId: 'paid-reference',
      words: 'paid',
    },
  },
};

const decisionOf = (kind: FundOrderKind, event: string): Decision | undefined =>
  Object.hasOwn(DECISIONS[kind], event) ? DECISIONS[kind][event] : undefined;

/** Only images, as data: URLs: nothing else the server sends is put in an <img>. */
const isImageDataUrl = (value: string | null): value is string =>
  value !== null && /^data:image\/(jpeg|png|webp);base64,/.test(value);

/**
 * One deposit or withdrawal: the customer, the amount (and its won equivalent), the voucher or
 * the destination, approvals so far, the customer's recent fund orders, and the decisions the
 * machine accepts now that the staff member's role may take, each through the `review-decision`
 * flow with the version seen; a conflict offers a reload.
 */
export default function FundCaseScreen({ kind }: { kind: FundOrderKind }) {
  const { t } = useTranslation();
  // Keyed by the order: the decision flow is made once per case (useDecisionFlow).
  return (
    <DetailOfId
      title={t(`funds.${kind}.caseTitle`, { orderNo: '' })}
      missing={t('funds.noCase')}
      missingTestId="fund-case-none"
      listPath={FUND_ROUTES[kind].queue}
    >
      {(id) => <FundCase key={`${kind}:${id}`} kind={kind} id={id} />}
    </DetailOfId>
  );
}

function FundCase({ kind, id }: { kind: FundOrderKind; id: number }) {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  const { me } = useStaffSession();
  const { data, failed, loading, reload } = useLoad(
    () => staffCall(kind === 'deposit' ? 'depositsDetail' : 'withdrawalsDetail', { id }),
    String(id),
  );
  const flow = useDecisionFlow({
    decide: ({ decision, version, reason }) => {
      const text = reason ?? '';
      if (decision === 'review.reject') {
        return staffCall(kind === 'deposit' ? 'depositsReject' : 'withdrawalsReject', {
          id,
          version,
          reason: text,
        });
      }
      if (decision === 'payout.paid') {
        return staffCall('withdrawalsPaid', { id, version, reference: text });
      }
      return staffCall(kind === 'deposit' ? 'depositsApprove' : 'withdrawalsApprove', {
        id,
        version,
      });
    },
    onDecided: ({ decision, outcome }) => {
      const look = decisionOf(kind, decision);
      // Four eyes: a first approval leaves the withdrawal pending for a second approver.
      const firstOfTwo = decision === 'review.approve' && isInState(outcome.state, 'pending');
      if (look) {
        toast(
          firstOfTwo ? t('funds.firstApproval') : t(`funds.decisions.${look.words}.done`),
          'success',
        );
      }
      reload();
    },
    // Decided, paid or cancelled by someone else since the case was loaded.
    conflictCodes: ['fund_order.not_pending'],
  });

  if (loading && !data) return <Loading />;
  if (!data) return failed ? <LoadFailed onRetry={reload} /> : null;
  const { item } = data;
  const decisions = item.accepts
    .map((event) => [event, decisionOf(kind, event)] as const)
    .filter(
      (pair): pair is readonly [string, Decision] =>
        pair[1] !== undefined && mayCall(me?.role, pair[1].call),
    );
  const mayOpenCustomer = mayCall(me?.role, 'customerDetail');

  return (
    <>
      <PageTitle
        actions={
          <>
            <BackToList to={FUND_ROUTES[kind].queue} />
            <Button asChild size="sm" variant="outline">
              <Link to={`/entities/${kind}/${item.id}`} data-testid="fund-open-entity">
                {t('funds.openEntity')}
              </Link>
            </Button>
          </>
        }
      >
        {t(`funds.${kind}.caseTitle`, { orderNo: item.orderNo })}
      </PageTitle>
      <ConflictAlert flow={flow} onReload={reload} testId="fund-conflict" />
      <Stack gap="5">
        <Panel title={t('funds.case')}>
          <DataList.Root orientation="horizontal" size="md">
            <Row label={t('funds.orderNo')} testId="fund-detail-order">
              {item.orderNo}
            </Row>
            <Row label={t('funds.customer')} testId="fund-detail-customer">
              {mayOpenCustomer ? (
                <Link to={`/customers/${item.customerId}`}>{item.account}</Link>
              ) : (
                item.account
              )}
              {` · ${item.accountId}${item.realName ? ` · ${item.realName}` : ''}`}
            </Row>
            <Row label={t('funds.amount')} testId="fund-detail-amount">
              <AmountCell item={item} align="start" />
            </Row>
            <DataList.Item>
              <DataList.ItemLabel>{t('funds.state')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="fund-detail-state" data-state={item.state}>
                <HStack gap="2">
                  <FundStateBadge kind={kind} state={item.state} />
                  {isOverdue(item) ? (
                    <FundOverdueFlag kind={kind} testId="fund-detail-overdue" />
                  ) : null}
                </HStack>
              </DataList.ItemValue>
            </DataList.Item>
            <Row label={t('funds.version')}>{item.version}</Row>
            <Row label={t('funds.createdAt')}>{formatTime(item.createdAt, i18n.language)}</Row>
            {item.reason ? (
              <Row label={t('funds.rejectionReason')} testId="fund-detail-reason">
                {item.reason}
              </Row>
            ) : null}
            {kind === 'withdrawal' ? <WithdrawalRows data={data} /> : null}
          </DataList.Root>
        </Panel>
        {kind === 'withdrawal' ? <Approvals data={data} /> : null}
        <Panel title={t('funds.decision')}>
          {decisions.length > 0 ? (
            <HStack gap="3" data-testid="fund-decisions" wrap="wrap">
              {decisions.map(([event, look]) => (
                <DecisionButton
                  key={event}
                  flow={flow}
                  decision={event}
                  version={item.version}
                  look={look}
                  testId={look.testId}
                >
                  {t(`funds.decisions.${look.words}.button`)}
                </DecisionButton>
              ))}
            </HStack>
          ) : (
            <Text color="fg.muted" data-testid="fund-no-decision">
              {t('funds.nothingToDecide')}
            </Text>
          )}
        </Panel>
        {kind === 'deposit' ? (
          <Panel title={t('funds.voucher')}>
            {isImageDataUrl(data.voucher) ? (
              <Image
                data-testid="fund-voucher"
                src={data.voucher}
                alt={t('funds.voucherAlt', { orderNo: item.orderNo })}
                borderWidth="1px"
                borderRadius="md"
                maxH="96"
                objectFit="contain"
                bg="bg.muted"
              />
            ) : (
              <Text color="fg.muted" data-testid="fund-no-voucher">
                {t('funds.noVoucher')}
              </Text>
            )}
          </Panel>
        ) : null}
        <Panel title={t('funds.recent')}>
          <RecentOrders data={data} />
        </Panel>
      </Stack>
      <DecisionSheet
        flow={flow}
        wording={(decision) => {
          const look = decisionOf(kind, decision);
          const key = look ? `funds.decisions.${look.words}` : null;
          return {
            title: key ? t(`${key}.title`, { orderNo: item.orderNo }) : words.event(decision),
            help: key ? t(`${key}.help`) : undefined,
            confirmLabel: key ? t(`${key}.button`) : words.event(decision),
            danger: decision === 'review.reject',
            reasonTestId: look?.reasonTestId,
            confirmTestId: look?.confirmTestId,
            ...(decision === 'payout.paid'
              ? { reasonLabel: t('funds.reference'), reasonMissing: t('funds.referenceRequired') }
              : {}),
          };
        }}
      />
    </>
  );
}

function Row({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** Where the money goes: what the customer chose, and the whole number for the payer. */
function WithdrawalRows({ data }: { data: FundCaseDto }) {
  const { t } = useTranslation();
  const { destination } = data.item;
  return (
    <>
      <Row label={t('funds.destination')} testId="fund-detail-destination">
        {destination
          ? `${t(`funds.destinationType.${destination.type}`)} · ${destination.label}`
          : '—'}
      </Row>
      <Row label={t('funds.payTo')} testId="fund-detail-pay-to">
        <Text fontFamily="mono">{data.payTo ?? '—'}</Text>
      </Row>
    </>
  );
}

/** Approvals so far, and whether a second, different staff member is awaited. */
function Approvals({ data }: { data: FundCaseDto }) {
  const { t, i18n } = useTranslation();
  const { item } = data;
  return (
    <Panel title={t('funds.approvals')}>
      <Stack gap="3">
        <Text fontSize="sm" data-testid="fund-approvals-needed">
          {item.needsTwoApprovals ? t('funds.twoApprovalsRule') : t('funds.oneApprovalRule')}{' '}
          {t('funds.approvalsOf', { have: item.approvals.length, needed: approvalsNeeded(item) })}
        </Text>
        {awaitsSecondApprover(item) ? (
          <Alert.Root status="info" data-testid="fund-needs-second">
            <Alert.Indicator />
            <Alert.Description>
              {t('funds.needsSecond', { staff: item.approvals[0]?.staff ?? '' })}
            </Alert.Description>
          </Alert.Root>
        ) : null}
        {item.approvals.length > 0 ? (
          <Stack gap="1" as="ul" listStyleType="none" data-testid="fund-approval-list">
            {item.approvals.map((approval) => (
              <Text as="li" key={`${approval.staff}:${approval.at}`} fontSize="sm">
                {t('funds.approvedBy', {
                  staff: approval.staff,
                  time: formatTime(approval.at, i18n.language),
                })}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Panel>
  );
}

/** The customer's recent deposits and withdrawals, this one included, with their states. */
function RecentOrders({ data }: { data: FundCaseDto }) {
  const { t, i18n } = useTranslation();
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" tableLayout="fixed" minW="2xl" data-testid="fund-recent">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('funds.orderNo')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('funds.amount')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('funds.state')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('funds.createdAt')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('funds.rejectionReason')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.recent.length === 0 ? <EmptyRow columns={5} testId="fund-recent-empty" /> : null}
          {data.recent.map((order) => (
            <Table.Row key={order.id} data-testid={`fund-recent-${order.orderNo}`}>
              <Table.Cell>{order.orderNo}</Table.Cell>
              <Table.Cell textAlign="end">{money(order.amount, order.currency)}</Table.Cell>
              <Table.Cell>
                <FundStateBadge kind={order.kind} state={order.state} />
              </Table.Cell>
              <Table.Cell>{formatTime(order.createdAt, i18n.language)}</Table.Cell>
              <Table.Cell overflowWrap="anywhere">{order.reason ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
