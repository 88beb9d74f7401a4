import { Button, Field, HStack, Input, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { staffCall } from '../api';
import { EmptyRow, PageTitle, Pager, Panel, formatTime, useLoad, Loaded } from '../parts/common';

const PAGE_SIZE = 50;
const FILTERS = ['staffId', 'action', 'entity'] as const;

/** The audit log of staff actions, newest first, by staff ID, action and entity. */
export default function AuditScreen() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const staffId = Number(params.get('staffId')) || undefined;
  const action = params.get('action') ?? '';
  const entity = params.get('entity') ?? '';
  const [draft, setDraft] = useState({ staffId: staffId ? String(staffId) : '', action, entity });
  const { data, failed, loading, reload } = useLoad(
    () =>
      staffCall('auditSearch', {
        ...(staffId ? { staffId } : {}),
        ...(action ? { action } : {}),
        ...(entity ? { entity } : {}),
        page,
        pageSize: PAGE_SIZE,
      }),
    `${staffId}:${action}:${entity}:${page}`,
  );
  const search = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = { page: '1' };
    for (const name of FILTERS) if (draft[name].trim()) next[name] = draft[name].trim();
    setParams(next);
  };

  return (
    <>
      <PageTitle>{t('audit.title')}</PageTitle>
      <Panel>
        <form onSubmit={search}>
          <HStack mb="4" align="flex-end" gap="3">
            {FILTERS.map((name) => (
              <Field.Root key={name} maxW="56">
                <Field.Label>{t(`audit.${name}`)}</Field.Label>
                <Input
                  name={name}
                  data-testid={`audit-${name}`}
                  inputMode={name === 'staffId' ? 'numeric' : undefined}
                  value={draft[name]}
                  maxLength={64}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setDraft((d) => ({ ...d, [name]: value }));
                  }}
                />
              </Field.Root>
            ))}
            <Button type="submit" data-testid="audit-search">
              {t('common.search')}
            </Button>
          </HStack>
        </form>
        <Loaded state={{ loading, failed, data, reload }}>
          {(data) => (
            <>
              <Table.Root size="sm" data-testid="audit-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('entity.at')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('audit.staff')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('audit.action')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('audit.entity')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('audit.detail')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('audit.ip')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.items.length === 0 ? <EmptyRow columns={6} /> : null}
                  {data.items.map((row) => (
                    <Table.Row key={row.id}>
                      <Table.Cell whiteSpace="nowrap">
                        {formatTime(row.at, i18n.language)}
                      </Table.Cell>
                      <Table.Cell>{row.staff ?? '—'}</Table.Cell>
                      <Table.Cell>{row.action}</Table.Cell>
                      <Table.Cell>{row.entity ?? '—'}</Table.Cell>
                      <Table.Cell maxW="md">
                        <Text truncate title={row.detail ?? undefined}>
                          {row.detail ?? '—'}
                        </Text>
                      </Table.Cell>
                      <Table.Cell title={row.userAgent}>{row.ip}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })}
              />
            </>
          )}
        </Loaded>
      </Panel>
    </>
  );
}
