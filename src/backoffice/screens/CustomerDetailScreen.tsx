import { Badge, Button, DataList, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AccountStateName, CustomerDetailDto } from '../../../contract/schemas/staff';
import { ACCOUNT_EVENTS, accountMachine } from '../../../machines/account';
import { paletteOf } from '../../lifecycle/tones';
import { useLifecycleWords } from '../../lifecycle/words';
import { staffCall } from '../api';
import { BackToList } from '../parts/DetailOfId';
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
import { eventsWithin, leafWithin, targetOf, topStatesOf } from '../parts/lifecycles';
import { toast } from '../toaster';
import { KycStateBadge } from './KycQueueScreen';

/** The restrictions, as the account machine's regions (one per restriction). */
const REGIONS = topStatesOf(accountMachine) as AccountStateName[];

/** Which restriction an account event sets or clears: what /customers/setState takes. */
function meaningOf(event: string): { state: AccountStateName; value: boolean } | undefined {
  for (const state of REGIONS) {
    if (ACCOUNT_EVENTS[state].set === event) return { state, value: true };
    if (ACCOUNT_EVENTS[state].clear === event) return { state, value: false };
  }
  return undefined;
}

/**
 * One customer: profile, KYC, and the account's restrictions. Each restriction shows its state
 * from the account lifecycle and a button for each event the lifecycle accepts now; a change
 * goes through the decision flow (reason required, the version seen sent, conflict → reload).
 */
export default function CustomerDetailScreen() {
  const id = useParams().customerId;
  // Keyed by the customer: the decision flow is made once per case (useDecisionFlow).
  return <CustomerDetail key={id} customerId={Number(id)} />;
}

function CustomerDetail({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('customerDetail', { customerId }),
    String(customerId),
  );
  const [override, setOverride] = useState<CustomerDetailDto | null>(null);
  const detail = override && override.id === customerId ? override : data;
  const flow = useDecisionFlow({
    decide: async ({ decision, version, reason }) => {
      const meaning = meaningOf(decision);
      if (!meaning) throw new Error(`Not an account event: ${decision}`);
      const next = await staffCall('customerSetState', {
        customerId,
        ...meaning,
        reason: reason ?? '',
        version,
      });
      setOverride(next);
      return next.accountLifecycle;
    },
    onDecided: () => toast(t('customers.stateSaved'), 'success'),
  });

  if (loading && !detail) return <Loading />;
  if (!detail) return failed ? <LoadFailed onRetry={reload} /> : null;
  const account = detail.accountLifecycle;

  return (
    <>
      <PageTitle actions={<BackToList to="/customers" />}>
        {t('customers.detailTitle', { account: detail.account })}
      </PageTitle>
      <ConflictAlert
        flow={flow}
        onReload={() => {
          setOverride(null);
          reload();
        }}
        testId="customer-conflict"
      />
      <Stack gap="5">
        <Panel title={t('customers.profile')}>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t('customers.account')}</DataList.ItemLabel>
              <DataList.ItemValue>{detail.account}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('customers.accountId')}</DataList.ItemLabel>
              <DataList.ItemValue>{detail.accountId}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('customers.institution')}</DataList.ItemLabel>
              <DataList.ItemValue>{detail.institution}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('customers.creditScore')}</DataList.ItemLabel>
              <DataList.ItemValue>{detail.creditScore}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('customers.fundPassword')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {detail.fundPasswordSet ? t('common.yes') : t('common.no')}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('customers.createdAt')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatTime(detail.createdAt, i18n.language)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('customers.kyc')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <HStack>
                  <KycStateBadge state={detail.kycState} />
                  <Button asChild size="xs" variant="ghost">
                    <Link to={`/entities/kyc/${detail.id}`} data-testid="customer-open-entity">
                      {t('customers.kycHistory')}
                    </Link>
                  </Button>
                </HStack>
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Panel>
        <Panel
          title={
            <HStack justify="space-between">
              <span>{t('customers.states')}</span>
              <Button asChild size="xs" variant="ghost">
                <Link
                  to={`/entities/account/${detail.id}`}
                  data-testid="customer-open-account-entity"
                >
                  {t('customers.accountHistory')}
                </Link>
              </Button>
            </HStack>
          }
        >
          <Table.Root size="sm" data-testid="customer-states" data-state={account.state}>
            <Table.Body>
              {REGIONS.map((region) => {
                const leaf = leafWithin(account.state, region) ?? region;
                const events = eventsWithin(accountMachine, region).filter((event) =>
                  account.accepts.includes(event),
                );
                return (
                  <Table.Row key={region} data-testid={`state-${region}`} data-state={leaf}>
                    <Table.Cell>{words.state('account', region)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={paletteOf(accountMachine, leaf)}>
                        {words.state('account', leaf)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <HStack justify="flex-end" gap="2">
                        {events.map((event) => {
                          const target = targetOf(accountMachine, leaf, event) ?? leaf;
                          return (
                            <DecisionButton
                              key={event}
                              flow={flow}
                              decision={event}
                              version={account.version}
                              look={{
                                palette: paletteOf(accountMachine, target),
                                variant: 'outline',
                                reason: 'required',
                              }}
                              size="xs"
                              testId={`account-event-${event}`}
                            >
                              {words.event(event)}
                            </DecisionButton>
                          );
                        })}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Panel>
        <Panel title={t('customers.stateChanges')}>
          <Table.Root size="sm" data-testid="customer-state-changes">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('entity.at')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('entity.actor')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('entity.event')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('common.reason')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {detail.stateChanges.length === 0 ? <EmptyRow columns={4} /> : null}
              {detail.stateChanges.map((change, i) => {
                const region = change.state as AccountStateName;
                const events = ACCOUNT_EVENTS[region] as
                  (typeof ACCOUNT_EVENTS)[AccountStateName] | undefined;
                const event = events ? (change.value ? events.set : events.clear) : undefined;
                return (
                  <Table.Row key={i} data-testid="customer-state-change">
                    <Table.Cell whiteSpace="nowrap">
                      {formatTime(change.at, i18n.language)}
                    </Table.Cell>
                    <Table.Cell>{change.staff}</Table.Cell>
                    <Table.Cell>
                      {event ? words.event(event) : words.state('account', change.state)}
                    </Table.Cell>
                    <Table.Cell>
                      <Text whiteSpace="pre-wrap">{change.reason}</Text>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Panel>
      </Stack>
      <DecisionSheet
        flow={flow}
        wording={(decision) => {
          const meaning = meaningOf(decision);
          return {
            title: t('customers.decisionTitle', {
              event: words.event(decision),
              account: detail.account,
            }),
            help: t('customers.decisionHelp'),
            confirmLabel: words.event(decision),
            danger: meaning?.value ?? false,
            reasonTestId: 'state-reason',
            confirmTestId: 'state-confirm',
          };
        }}
      />
    </>
  );
}
