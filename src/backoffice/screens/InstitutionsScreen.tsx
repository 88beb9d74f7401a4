import { Badge, Button, Field, HStack, Input, Table } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { staffCall } from '../api';
import type { StaffDataOf } from '../api';
import { EmptyRow, PageTitle, Pager, Panel, formatTime, useLoad, Loaded } from '../parts/common';
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
            <HStack align="flex-end" gap="3">
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
        <Loaded state={{ loading, failed, data, reload }}>
          {(data) => (
            <>
              <Table.Root size="sm" data-testid="institution-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('institutions.code')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('institutions.name')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('institutions.status')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      {t('institutions.customers')}
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>{t('customers.createdAt')}</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.items.length === 0 ? <EmptyRow columns={6} /> : null}
                  {data.items.map((inst) => (
                    <Table.Row key={inst.id} data-testid={`institution-row-${inst.code}`}>
                      <Table.Cell fontFamily="mono">{inst.code}</Table.Cell>
                      <Table.Cell>{inst.name}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={inst.active ? 'green' : 'gray'}>
                          {inst.active ? t('institutions.active') : t('institutions.inactive')}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell textAlign="end">{inst.customers}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">
                        {formatTime(inst.createdAt, i18n.language)}
                      </Table.Cell>
                      <Table.Cell textAlign="end">
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
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(p) => setParams({ page: String(p) })}
              />
            </>
          )}
        </Loaded>
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
