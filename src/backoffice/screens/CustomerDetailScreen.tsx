import { Badge, Button, DataList, HStack, Stack, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ACCOUNT_STATE_NAMES } from '../../../contract/schemas/staff';
import type { AccountStateName, CustomerDetailDto } from '../../../contract/schemas/staff';
import { staffCall } from '../api';
import {
  EmptyRow,
  LoadFailed,
  Loading,
  PageTitle,
  Panel,
  formatTime,
  useLoad,
} from '../parts/common';
import { ReasonDialog } from '../parts/ReasonDialog';
import { toast } from '../toaster';
import { KycStateBadge } from './KycQueueScreen';

/** One customer: states with set/clear (each with a reason), KYC, the history of state changes. */
export default function CustomerDetailScreen() {
  const { t, i18n } = useTranslation();
  const customerId = Number(useParams().customerId);
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('customerDetail', { customerId }),
    String(customerId),
  );
  const [pending, setPending] = useState<{ state: AccountStateName; value: boolean } | null>(null);
  const [override, setOverride] = useState<CustomerDetailDto | null>(null);
  const detail = override && override.id === customerId ? override : data;

  if (loading && !detail) return <Loading />;
  if (!detail) return failed ? <LoadFailed onRetry={reload} /> : null;

  const apply = async (reason: string) => {
    if (!pending) return;
    const next = await staffCall('customerSetState', {
      customerId,
      state: pending.state,
      value: pending.value,
      reason,
    });
    setOverride(next);
    setPending(null);
    toast(t('customers.stateSaved'), 'success');
  };

  return (
    <>
      <PageTitle
        actions={
          <Button asChild size="sm" variant="outline">
            <Link to="/customers">{t('common.backToList')}</Link>
          </Button>
        }
      >
        {t('customers.detailTitle', { account: detail.account })}
      </PageTitle>
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
        <Panel title={t('customers.states')}>
          <Table.Root size="sm" data-testid="customer-states">
            <Table.Body>
              {ACCOUNT_STATE_NAMES.map((name) => {
                const on = detail.states[name];
                return (
                  <Table.Row key={name} data-testid={`state-${name}`} data-value={String(on)}>
                    <Table.Cell>{t(`accountState.${name}`)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={on ? 'red' : 'gray'}>
                        {on ? t('customers.on') : t('customers.off')}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette={on ? 'brand' : 'red'}
                        data-testid={`state-toggle-${name}`}
                        onClick={() => setPending({ state: name, value: !on })}
                      >
                        {on ? t('customers.clear') : t('customers.set')}
                      </Button>
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
                <Table.ColumnHeader>{t('customers.state')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers.value')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('common.reason')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers.staff')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {detail.stateChanges.length === 0 ? <EmptyRow columns={5} /> : null}
              {detail.stateChanges.map((c, i) => (
                <Table.Row key={i}>
                  <Table.Cell whiteSpace="nowrap">{formatTime(c.at, i18n.language)}</Table.Cell>
                  <Table.Cell>{t(`accountState.${c.state}`, { defaultValue: c.state })}</Table.Cell>
                  <Table.Cell>{c.value ? t('customers.set') : t('customers.clear')}</Table.Cell>
                  <Table.Cell>{c.reason}</Table.Cell>
                  <Table.Cell>{c.staff}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Panel>
      </Stack>
      <ReasonDialog
        open={pending !== null}
        title={
          pending
            ? t(pending.value ? 'customers.setTitle' : 'customers.clearTitle', {
                state: t(`accountState.${pending.state}`),
              })
            : ''
        }
        confirmLabel={pending?.value ? t('customers.set') : t('customers.clear')}
        danger={pending?.value ?? false}
        reasonTestId="state-reason"
        confirmTestId="state-confirm"
        onClose={() => setPending(null)}
        onConfirm={apply}
      />
    </>
  );
}
