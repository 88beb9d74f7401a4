import { Badge, Button, HStack, Input, Table, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_STATE_NAMES } from '../../../contract/schemas/staff';
import type { AccountStatesDto } from '../../../contract/schemas/user';
import { useLifecycleWords } from '../../lifecycle/words';
import { staffCall } from '../api';
import type { StaffDataOf } from '../api';
import { EmptyRow, PageTitle, Pager, Panel, formatTime, useLoad, Loaded } from '../parts/common';
import { KycStateBadge } from './KycQueueScreen';

const PAGE_SIZE = 20;

/** The restrictions in force (by their account-lifecycle words), as red badges; "normal" if none. */
export function StateBadges({ states }: { states: AccountStatesDto }) {
  const { t } = useTranslation();
  const words = useLifecycleWords();
  const set = ACCOUNT_STATE_NAMES.filter((name) => states[name]);
  if (set.length === 0) return <Badge colorPalette="green">{t('customers.normal')}</Badge>;
  return (
    <Wrap gap="1">
      {set.map((name) => (
        <Badge key={name} colorPalette="red">
          {words.state('account', name)}
        </Badge>
      ))}
    </Wrap>
  );
}

export function CustomerTable({ data }: { data: StaffDataOf<'customerSearch'> }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.Root size="sm" interactive data-testid="customer-table">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('customers.account')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('customers.accountId')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('customers.kyc')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('customers.states')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('customers.institution')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('customers.createdAt')}</Table.ColumnHeader>
          <Table.ColumnHeader />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {data.items.length === 0 ? <EmptyRow columns={7} /> : null}
        {data.items.map((c) => (
          <Table.Row key={c.id} data-testid={`customer-row-${c.account}`}>
            <Table.Cell>{c.account}</Table.Cell>
            <Table.Cell>{c.accountId}</Table.Cell>
            <Table.Cell>
              <KycStateBadge state={c.kycState} />
            </Table.Cell>
            <Table.Cell>
              <StateBadges states={c.states} />
            </Table.Cell>
            <Table.Cell>{c.institution}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatTime(c.createdAt, i18n.language)}</Table.Cell>
            <Table.Cell textAlign="end">
              <Button asChild size="xs" variant="outline">
                <Link to={`/customers/${c.id}`}>{t('customers.open')}</Link>
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** Customers by account, account ID or real name. */
export default function CustomersScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(query);
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('customerSearch', { ...(query ? { query } : {}), page, pageSize: PAGE_SIZE }),
    `${query}:${page}`,
  );
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: draft.trim(), page: '1' });
  };

  return (
    <>
      <PageTitle>{t('customers.title')}</PageTitle>
      <Panel>
        <form onSubmit={search}>
          <HStack mb="4" maxW="lg">
            <Input
              name="query"
              data-testid="customer-query"
              placeholder={t('customers.searchPlaceholder')}
              value={draft}
              maxLength={64}
              onChange={(e) => setDraft(e.currentTarget.value)}
            />
            <Button type="submit" data-testid="customer-search">
              {t('common.search')}
            </Button>
          </HStack>
        </form>
        <Loaded state={{ loading, failed, data, reload }}>
          {(data) => (
            <>
              <CustomerTable data={data} />
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(p) => setParams({ q: query, page: String(p) })}
              />
            </>
          )}
        </Loaded>
      </Panel>
    </>
  );
}
