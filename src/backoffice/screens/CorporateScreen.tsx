import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CorporateActionDto, CorporateKind } from '../../../contract/schemas/corporate';
import { corporateCreateRequest } from '../../../contract/schemas/corporate';
import { staffCall } from '../api';
import type { StaffRequestOf } from '../api';
import {
  EmptyRow,
  Loaded,
  PageTitle,
  Panel,
  ReloadButton,
  formatTime,
  useLoad,
} from '../parts/common';
import { FormikInput } from '../parts/FormikFields';
import { FormPanel } from '../parts/FormPanel';
import { isoOf, localInput, whole } from '../parts/formText';
import { ScrollX } from '../parts/ScrollX';
import { StateBadges } from '../parts/StateBadges';
import { won } from '../parts/trade';
import { formErrors } from '../parts/validate';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';

/**
 * The corporate-action calendar (docs/corporate-actions.md): every dividend and rights issue with
 * its dates, terms, state and what it paid or took; operators announce new ones, change one until
 * its record date, and withdraw one with the reason customers read. Every call is audited.
 */
export default function CorporateScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const state = useLoad(
    () => staffCall('corporateCalendar', { page: 1, pageSize: 100 }),
    'corporate',
  );
  const [editing, setEditing] = useState<Editing | null>(null);
  const [cancelling, setCancelling] = useState<CorporateActionDto | null>(null);
  const mayOperate = mayCall(me?.role, 'corporateCreate');
  const done = () => {
    setEditing(null);
    setCancelling(null);
    state.reload();
  };

  return (
    <>
      <PageTitle actions={<ReloadButton onClick={state.reload} />}>
        {t('corporate.title')}
      </PageTitle>
      <Loaded state={state}>
        {(data) => (
          <Stack gap="5">
            <Panel title={t('corporate.calendar')}>
              <ActionTable
                actions={data.items}
                mayOperate={mayOperate}
                onEdit={(action) => setEditing({ kind: action.kind, action })}
                onCancel={setCancelling}
              />
              {mayOperate && !editing ? (
                <HStack mt="4" gap="2">
                  <Button
                    size="sm"
                    data-testid="corporate-create-dividend"
                    onClick={() => setEditing({ kind: 'dividend', action: null })}
                  >
                    {t('corporate.createDividend')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    data-testid="corporate-create-rights"
                    onClick={() => setEditing({ kind: 'rights', action: null })}
                  >
                    {t('corporate.createRights')}
                  </Button>
                </HStack>
              ) : null}
            </Panel>
            {mayOperate && editing ? (
              <ActionForm
                key={`${editing.kind}-${editing.action?.id ?? 'new'}`}
                editing={editing}
                onClose={() => setEditing(null)}
                onSaved={done}
              />
            ) : null}
            {mayOperate && cancelling ? (
              <CancelForm action={cancelling} onClose={() => setCancelling(null)} onDone={done} />
            ) : null}
          </Stack>
        )}
      </Loaded>
    </>
  );
}

interface Editing {
  kind: CorporateKind;
  action: CorporateActionDto | null;
}

const COLUMNS = 7;

function ActionTable({
  actions,
  mayOperate,
  onEdit,
  onCancel,
}: {
  actions: CorporateActionDto[];
  mayOperate: boolean;
  onEdit: (action: CorporateActionDto) => void;
  onCancel: (action: CorporateActionDto) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollX>
      <Table.Root size="sm" minW="4xl" data-testid="corporate-calendar">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('corporate.symbol')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('corporate.kind')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('corporate.terms')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('corporate.dates')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('corporate.state')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('corporate.outcome')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {actions.length === 0 ? <EmptyRow columns={COLUMNS} testId="corporate-empty" /> : null}
          {actions.map((a) => (
            <Table.Row key={a.id} data-testid={`corporate-action-${a.id}`}>
              <Table.Cell>
                {a.name}{' '}
                <Text as="span" color="fg.muted">
                  {a.symbol}
                </Text>
                {a.demo ? (
                  <Badge ml="2" colorPalette="purple">
                    {t('corporate.demo')}
                  </Badge>
                ) : null}
              </Table.Cell>
              <Table.Cell>{t(`corporate.kinds.${a.kind}`)}</Table.Cell>
              <Table.Cell fontSize="xs" whiteSpace="nowrap">
                {a.kind === 'dividend'
                  ? t('corporate.perShareText', { amount: won(a.perShare ?? 0) })
                  : t('corporate.rightsText', {
                      price: won(a.issuePrice ?? 0),
                      ratio: ((a.ratioPpm ?? 0) / 1_000_000).toLocaleString(i18n.language),
                    })}
              </Table.Cell>
              <Table.Cell fontSize="xs">
                <div>{t('corporate.recordAt', { at: formatTime(a.recordAt, i18n.language) })}</div>
                {a.windowClosesAt ? (
                  <div>
                    {t('corporate.windowClosesAt', {
                      at: formatTime(a.windowClosesAt, i18n.language),
                    })}
                  </div>
                ) : null}
                <div>{t('corporate.payAt', { at: formatTime(a.payAt, i18n.language) })}</div>
              </Table.Cell>
              <Table.Cell>
                <StateBadges entityType="corporateAction" state={a.state} />
                {a.cancelReason ? (
                  <Text fontSize="xs" color="fg.muted">
                    {a.cancelReason}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell fontSize="xs">
                {t('corporate.holders', { n: a.holders })}
                <div>
                  {a.kind === 'dividend'
                    ? t('corporate.paidText', { net: won(a.paidNet), tax: won(a.taxWithheld) })
                    : t('corporate.appliedText', { n: a.sharesApplied })}
                </div>
              </Table.Cell>
              <Table.Cell textAlign="end">
                {mayOperate ? (
                  <HStack gap="2" justify="flex-end">
                    {a.editable ? (
                      <Button
                        size="xs"
                        variant="outline"
                        data-testid={`corporate-edit-${a.id}`}
                        onClick={() => onEdit(a)}
                      >
                        {t('corporate.edit')}
                      </Button>
                    ) : null}
                    {a.accepts.includes('corporate.cancel') ? (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        data-testid={`corporate-cancel-${a.id}`}
                        onClick={() => onCancel(a)}
                      >
                        {t('corporate.cancel')}
                      </Button>
                    ) : null}
                  </HStack>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollX>
  );
}

/** What the form holds: text as typed, times as `datetime-local` values. */
interface Draft {
  symbol: string;
  recordAt: string;
  windowClosesAt: string;
  payAt: string;
  perShare: string;
  issuePrice: string;
  ratioPct: string;
}
type DraftField = keyof Draft;

/** Percent of a share (20 = one new share per five held) to millionths. */
const ppmOf = (text: string) => {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) ? Math.round(value * 10_000) : Number.NaN;
};

function requestOf(kind: CorporateKind, d: Draft): StaffRequestOf<'corporateCreate'> {
  const dates = { recordAt: isoOf(d.recordAt), payAt: isoOf(d.payAt) };
  return kind === 'dividend'
    ? { symbol: d.symbol.trim().toUpperCase(), kind, ...dates, perShare: whole(d.perShare) }
    : {
        symbol: d.symbol.trim().toUpperCase(),
        kind,
        ...dates,
        windowClosesAt: isoOf(d.windowClosesAt),
        issuePrice: whole(d.issuePrice),
        ratioPpm: ppmOf(d.ratioPct),
      };
}

function initialDraft(editing: Editing): Draft {
  const a = editing.action;
  if (a) {
    return {
      symbol: a.symbol,
      recordAt: localInput(new Date(a.recordAt)),
      windowClosesAt: a.windowClosesAt ? localInput(new Date(a.windowClosesAt)) : '',
      payAt: localInput(new Date(a.payAt)),
      perShare: a.perShare?.toString() ?? '',
      issuePrice: a.issuePrice?.toString() ?? '',
      ratioPct: a.ratioPpm ? String(a.ratioPpm / 10_000) : '',
    };
  }
  const day = 24 * 60 * 60 * 1000;
  const now = new Date();
  now.setSeconds(0, 0);
  return {
    symbol: '',
    recordAt: localInput(new Date(now.getTime() + 3 * day)),
    windowClosesAt: localInput(new Date(now.getTime() + 6 * day)),
    payAt: localInput(new Date(now.getTime() + 10 * day)),
    perShare: '',
    issuePrice: '',
    ratioPct: '',
  };
}

function ActionForm({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { kind, action } = editing;
  const label = (field: DraftField) => t(`corporate.form.${field}`);
  const fields: DraftField[] =
    kind === 'dividend'
      ? ['symbol', 'recordAt', 'payAt', 'perShare']
      : ['symbol', 'recordAt', 'windowClosesAt', 'payAt', 'issuePrice', 'ratioPct'];
  const title = action
    ? t('corporate.editTitle', { name: action.name })
    : t(kind === 'dividend' ? 'corporate.createDividend' : 'corporate.createRights');
  const validate = (values: Draft) =>
    formErrors(
      corporateCreateRequest,
      requestOf(kind, values),
      (path) => (path === 'ratioPpm' ? 'ratioPct' : (fields.find((f) => f === path) ?? 'symbol')),
      label,
    );
  return (
    <FormPanel<Draft>
      title={title}
      testId="corporate-form"
      initialValues={initialDraft(editing)}
      validate={validate}
      submit={async (values) => {
        const body = requestOf(kind, values);
        if (action) {
          const { symbol: _symbol, ...terms } = body;
          await staffCall('corporateEdit', {
            id: action.id,
            version: action.version,
            ...terms,
          });
        } else {
          await staffCall('corporateCreate', body);
        }
        toast(t(action ? 'corporate.saved' : 'corporate.created'), 'success');
        onSaved();
      }}
      columns={3}
      submitLabel={t(action ? 'corporate.save' : 'corporate.announce')}
      submitTestId="corporate-submit"
      onCancel={onClose}
    >
      {fields
        .filter((field) => !(action && field === 'symbol'))
        .map((field) => (
          <FormikInput
            key={field}
            name={field}
            label={label(field)}
            type={
              field === 'recordAt' || field === 'payAt' || field === 'windowClosesAt'
                ? 'datetime-local'
                : 'text'
            }
            inputMode={field === 'symbol' ? 'text' : 'numeric'}
            testId={`corporate-${field}`}
          />
        ))}
    </FormPanel>
  );
}

function CancelForm({
  action,
  onClose,
  onDone,
}: {
  action: CorporateActionDto;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const title = t('corporate.cancelTitle', { name: action.name });
  return (
    <FormPanel<{ reason: string }>
      title={title}
      testId="corporate-cancel-form"
      initialValues={{ reason: '' }}
      validate={(values) =>
        values.reason.trim() === '' ? { reason: t('corporate.reasonRequired') } : {}
      }
      submit={async ({ reason }) => {
        await staffCall('corporateCancel', { id: action.id, version: action.version, reason });
        toast(t('corporate.cancelled'), 'success');
        onDone();
      }}
      submitLabel={t('corporate.cancel')}
      submitTestId="corporate-cancel-submit"
      onCancel={onClose}
    >
      <FormikInput
        name="reason"
        label={t('corporate.reason')}
        helper={t('corporate.reasonHelp')}
        testId="corporate-reason"
      />
    </FormPanel>
  );
}
