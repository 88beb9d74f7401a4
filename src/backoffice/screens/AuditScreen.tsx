import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { staffCall } from '../api';
import { PageTitle, Panel, formatTime, useLoad } from '../parts/common';
import { PagedTable } from '../parts/PagedTable';

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
          <HStack mb="4" align="flex-end" gap="3" wrap="wrap">
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
        <PagedTable
          testId="audit-table"
          state={{ loading, failed, data, reload }}
          rowKey={(row) => row.id}
          onPage={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })}
          columns={[
            {
              key: 'at',
              header: t('entity.at'),
              width: '12rem',
              cell: (row) => formatTime(row.at, i18n.language),
            },
            {
              key: 'staff',
              header: t('audit.staff'),
              width: '8rem',
              full: (row) => row.staff,
              cell: (row) => row.staff ?? '—',
            },
            {
              key: 'action',
              header: t('audit.action'),
              width: '11rem',
              full: (row) => row.action,
              cell: (row) => row.action,
            },
            {
              key: 'entity',
              header: t('audit.entity'),
              width: '10rem',
              full: (row) => row.entity,
              cell: (row) => row.entity ?? '—',
            },
            {
              key: 'detail',
              header: t('audit.detail'),
              full: (row) => row.detail,
              cell: (row) => row.detail ?? '—',
            },
            {
              key: 'ip',
              header: t('audit.ip'),
              width: '8rem',
              full: (row) => [row.ip, row.userAgent].filter(Boolean).join(' · '),
              cell: (row) => row.ip,
            },
          ]}
        />
      </Panel>
    </>
  );
}
