import { Badge, Button, Field, HStack, Input, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { staffCall } from '../api';
import type { StaffDataOf } from '../api';
import { PageTitle, Panel, formatTime, useLoad } from '../parts/common';
import { PagedTable } from '../parts/PagedTable';
import { ReasonDialog } from '../parts/ReasonDialog';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';

const PAGE_SIZE = 20;
type Institution = StaffDataOf<'institutionList'>['items'][number];

/** Institutions (invitation codes) with their customer counts; admins create and disable. */
export default function InstitutionsScreen() {
  const { t, i18n } = useTranslation();
  const { me } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('institutionList', { page, pageSize: PAGE_SIZE }),
    String(page),
  );
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [creating, setCreating] = useState(false);
  const [disabling, setDisabling] = useState<Institution | null>(null);
  const mayCreate = mayCall(me?.role, 'institutionCreate');
  const mayDisable = mayCall(me?.role, 'institutionDisable');

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    try {
      await staffCall('institutionCreate', { name: name.trim(), code: code.trim() });
      setName('');
      setCode('');
      toast(t('institutions.created'), 'success');
      reload();
    } catch {
      // toasted
    } finally {
      setCreating(false);
    }
  };

  const disable = async (reason: string) => {
    if (!disabling) return;
    await staffCall('institutionDisable', { institutionId: disabling.id, reason });
    setDisabling(null);
    toast(t('institutions.disabled'), 'success');
    reload();
  };

  return (
    <>
      <PageTitle>{t('institutions.title')}</PageTitle>
      {mayCreate ? (
        <Panel title={t('institutions.create')}>
          <form onSubmit={(e) => void create(e)}>
            <HStack align="flex-end" gap="3" wrap="wrap">
              <Field.Root required maxW="xs">
                <Field.Label>{t('institutions.name')}</Field.Label>
                <Input
                  name="name"
                  data-testid="institution-name"
                  maxLength={64}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                />
              </Field.Root>
              <Field.Root required maxW="xs">
                <Field.Label>{t('institutions.code')}</Field.Label>
                <Input
                  name="code"
                  data-testid="institution-code"
                  maxLength={32}
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
                <Field.HelperText>{t('institutions.codeHelp')}</Field.HelperText>
              </Field.Root>
              <Button
                type="submit"
                data-testid="institution-create"
                loading={creating}
                disabled={!name.trim() || !code.trim()}
                mb="6"
              >
                {t('institutions.createSubmit')}
              </Button>
            </HStack>
          </form>
        </Panel>
      ) : null}
      <Panel>
        <PagedTable
          testId="institution-table"
          state={{ loading, failed, data, reload }}
          rowKey={(inst) => inst.id}
          rowTestId={(inst) => `institution-row-${inst.code}`}
          onPage={(p) => setParams({ page: String(p) })}
          columns={[
            {
              key: 'code',
              header: t('institutions.code'),
              width: '9rem',
              full: (inst) => inst.code,
              cell: (inst) => <chakra.span fontFamily="mono">{inst.code}</chakra.span>,
            },
            {
              key: 'name',
              header: t('institutions.name'),
              full: (i) => i.name,
              cell: (i) => i.name,
            },
            {
              key: 'status',
              header: t('institutions.status'),
              width: '7rem',
              cell: (inst) => (
                <Badge colorPalette={inst.active ? 'green' : 'gray'}>
                  {inst.active ? t('institutions.active') : t('institutions.inactive')}
                </Badge>
              ),
            },
            {
              key: 'customers',
              header: t('institutions.customers'),
              width: '7rem',
              align: 'end',
              cell: (inst) => inst.customers,
            },
            {
              key: 'createdAt',
              header: t('customers.createdAt'),
              width: '11rem',
              cell: (inst) => formatTime(inst.createdAt, i18n.language),
            },
            {
              key: 'actions',
              header: null,
              width: '12rem',
              align: 'end',
              cell: (inst) => (
                <HStack justify="flex-end" gap="2">
                  <Button asChild size="xs" variant="outline">
                    <Link to={`/institutions/${inst.id}`}>{t('institutions.members')}</Link>
                  </Button>
                  {mayDisable && inst.active ? (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => setDisabling(inst)}
                    >
                      {t('institutions.disable')}
                    </Button>
                  ) : null}
                </HStack>
              ),
            },
          ]}
        />
      </Panel>
      <ReasonDialog
        open={disabling !== null}
        title={t('institutions.disableTitle', { name: disabling?.name ?? '' })}
        help={t('institutions.disableHelp')}
        confirmLabel={t('institutions.disable')}
        danger
        onClose={() => setDisabling(null)}
        onConfirm={disable}
      />
    </>
  );
}
