import { Alert, Badge, Button, Code, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { STAFF_ROLES } from '../../../contract/schemas/staff';
import type { StaffRole } from '../../../contract/schemas/staff';
import { staffCall } from '../api';
import type { StaffDataOf } from '../api';
import { PageTitle, Panel, formatTime, useLoad } from '../parts/common';
import { PagedTable } from '../parts/PagedTable';

/** Staff accounts (admins only): the list, and creation with a one-time password shown once. */
export default function StaffScreen() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('staffList', { page, pageSize: 20 }),
    String(page),
  );
  const [account, setAccount] = useState('');
  const [role, setRole] = useState<StaffRole>('reviewer');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<StaffDataOf<'staffCreate'> | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setCreated(await staffCall('staffCreate', { account: account.trim(), role }));
      setAccount('');
      reload();
    } catch {
      // toasted
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageTitle>{t('staff.title')}</PageTitle>
      <Panel title={t('staff.create')}>
        <form onSubmit={(e) => void create(e)}>
          <HStack align="flex-end" gap="3" wrap="wrap">
            <Field.Root required maxW="xs">
              <Field.Label>{t('staff.account')}</Field.Label>
              <Input
                name="account"
                data-testid="staff-new-account"
                maxLength={32}
                value={account}
                onChange={(e) => setAccount(e.currentTarget.value)}
              />
              <Field.HelperText>{t('staff.accountHelp')}</Field.HelperText>
            </Field.Root>
            <Field.Root maxW="48">
              <Field.Label>{t('staff.role')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="role"
                  data-testid="staff-new-role"
                  value={role}
                  onChange={(e) => setRole(e.currentTarget.value as StaffRole)}
                >
                  {STAFF_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(`roles.${r}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>&nbsp;</Field.HelperText>
            </Field.Root>
            <Button
              type="submit"
              data-testid="staff-create"
              loading={busy}
              disabled={!account.trim()}
              mb="6"
            >
              {t('staff.createSubmit')}
            </Button>
          </HStack>
        </form>
        {created ? (
          <Alert.Root status="success" mt="4" data-testid="staff-created">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('staff.createdTitle', { account: created.account })}</Alert.Title>
              <Alert.Description>
                {t('staff.oneTimePassword')}{' '}
                <Code data-testid="staff-one-time-password">{created.oneTimePassword}</Code>
                <br />
                {t('staff.shownOnce')}
              </Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
              {t('common.close')}
            </Button>
          </Alert.Root>
        ) : null}
      </Panel>
      <Panel>
        <PagedTable
          testId="staff-table"
          state={{ loading, failed, data, reload }}
          rowKey={(s) => s.id}
          rowTestId={(s) => `staff-row-${s.account}`}
          onPage={(p) => setParams({ page: String(p) })}
          columns={[
            { key: 'id', header: 'ID', width: '5rem', cell: (s) => s.id },
            {
              key: 'account',
              header: t('staff.account'),
              cell: (s) => s.account,
            },
            {
              key: 'role',
              header: t('staff.role'),
              cell: (s) => t(`roles.${s.role}`, { defaultValue: s.role }),
            },
            {
              key: 'enrolled',
              header: t('staff.enrolled'),
              width: '7rem',
              cell: (s) => (
                <Badge colorPalette={s.enrolled ? 'green' : 'gray'}>
                  {s.enrolled ? t('common.yes') : t('common.no')}
                </Badge>
              ),
            },
            {
              key: 'lockedUntil',
              header: t('staff.lockedUntil'),
              width: '11rem',
              cell: (s) => (s.lockedUntil ? formatTime(s.lockedUntil, i18n.language) : '—'),
            },
          ]}
        />
      </Panel>
    </>
  );
}
