import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { StaffIpoOfferingDto } from '../../../contract/schemas/ipo';
import { ipoOfferingCreateRequest } from '../../../contract/schemas/ipo';
import { DEFAULT_DEPOSIT_PCT } from '../../../contract/ipo';
import { DEFAULT_EQUAL_SHARE_BPS } from '../../../contract/ipo-draw';
import { staffCall } from '../api';
import type { StaffRequestOf } from '../api';
import { fieldErrorText } from '../i18n';
import { PageTitle, Panel, ReloadButton, formatTime, useLoad } from '../parts/common';
import { FormikInput, FormikSelect } from '../parts/FormikFields';
import { FormPanel } from '../parts/FormPanel';
import { isoOf, localInput, whole } from '../parts/formText';
import { PagedTable } from '../parts/PagedTable';
import { won } from '../parts/trade';
import { formErrors } from '../parts/validate';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';

const PAGE_SIZE = 20;

/** The badge colour of each phase of an offering. */
export const PHASE_PALETTE: Record<StaffIpoOfferingDto['phase'], string> = {
  upcoming: 'gray',
  subscribing: 'green',
  awaitingDraw: 'blue',
  drawn: 'purple',
  listed: 'orange',
};

/** A draft that has not opened may be edited (`ipo.already_open` after). */
const editable = (o: StaffIpoOfferingDto) => o.status === 'draft' && o.phase === 'upcoming';

/**
 * IPO offerings, newest first, with their phase, status and subscriptions; each opens its detail
 * (/ipo/detail). Operators and admins create an offering as a draft, edit it while it is a draft
 * that has not opened, and publish it (customers then see it and the draw seed's hash is fixed).
 * Nobody chooses winners: the draw is a job by the published rule.
 */
export default function IpoScreen() {
  const { t, i18n } = useTranslation();
  const { me } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, failed, loading, reload } = useLoad(
    () =>
      staffCall('ipoOfferings', { page, pageSize: PAGE_SIZE }).then((answer) => ({
        ...answer,
        items: answer.rows,
      })),
    String(page),
  );
  const mayOperate = mayCall(me?.role, 'ipoOfferingCreate');
  // null: no form; 'new': the create form; an offering: its edit form.
  const [form, setForm] = useState<'new' | StaffIpoOfferingDto | null>(null);
  const [publishing, setPublishing] = useState<number | null>(null);

  const publish = async (o: StaffIpoOfferingDto) => {
    try {
      await staffCall('ipoOfferingPublish', { id: o.id });
      toast(t('ipo.published', { name: o.name }), 'success');
      setPublishing(null);
      reload();
    } catch {
      // refused: toasted
    }
  };

  return (
    <>
      <PageTitle
        actions={
          <>
            {mayOperate ? (
              <Button size="sm" onClick={() => setForm('new')} data-testid="ipo-create">
                {t('ipo.create')}
              </Button>
            ) : null}
            <ReloadButton onClick={reload} />
          </>
        }
      >
        {t('ipo.title')}
      </PageTitle>
      <Stack gap="5">
        <Text fontSize="sm" color="fg.muted">
          {t('ipo.intro')}
        </Text>
        {form !== null ? (
          <OfferingForm
            key={form === 'new' ? 'new' : form.id}
            offering={form === 'new' ? null : form}
            onClose={() => setForm(null)}
            onSaved={() => {
              setForm(null);
              reload();
            }}
          />
        ) : null}
        <Panel>
          <PagedTable
            testId="ipo-table"
            state={{ loading, failed, data, reload }}
            rowKey={(o) => o.id}
            rowTestId={(o) => `ipo-row-${o.id}`}
            onPage={(p) => setParams({ page: String(p) })}
            columns={[
              {
                key: 'name',
                header: t('ipo.f.name'),
                full: (o) => `${o.name} ${o.symbol}`,
                cell: (o) => (
                  <Link to={`/ipo/detail?id=${o.id}`} data-testid={`ipo-open-${o.id}`}>
                    {o.name}{' '}
                    <Text as="span" color="fg.muted">
                      {o.symbol}
                    </Text>
                  </Link>
                ),
              },
              { key: 'market', header: t('ipo.f.market'), width: '6rem', cell: (o) => o.market },
              {
                key: 'price',
                header: t('ipo.f.offerPrice'),
                width: '8rem',
                align: 'end',
                cell: (o) => won(o.offerPrice),
              },
              {
                key: 'window',
                header: t('ipo.f.window'),
                width: '14rem',
                cell: (o) =>
                  `${formatTime(o.opensAt, i18n.language)} – ${formatTime(o.closesAt, i18n.language)}`,
              },
              {
                key: 'phase',
                header: t('ipo.f.phase'),
                width: '8rem',
                cell: (o) => (
                  <HStack gap="1" wrap="wrap">
                    <Badge colorPalette={PHASE_PALETTE[o.phase]}>{t(`ipo.phase.${o.phase}`)}</Badge>
                    <Badge
                      variant="outline"
                      colorPalette={o.status === 'draft' ? 'orange' : 'green'}
                      data-testid={`ipo-status-${o.id}`}
                    >
                      {t(`ipo.status.${o.status}`)}
                    </Badge>
                  </HStack>
                ),
              },
              {
                key: 'applied',
                header: t('ipo.f.applied'),
                width: '9rem',
                align: 'end',
                cell: (o) =>
                  t('ipo.appliedText', { count: o.subscriptions, shares: o.sharesApplied }),
              },
              {
                key: 'actions',
                header: '',
                width: '12rem',
                cell: (o) =>
                  mayOperate && o.status === 'draft' ? (
                    <HStack gap="1">
                      {editable(o) ? (
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => setForm(o)}
                          data-testid={`ipo-edit-${o.id}`}
                        >
                          {t('ipo.edit')}
                        </Button>
                      ) : null}
                      {publishing === o.id ? (
                        <Button
                          size="xs"
                          colorPalette="green"
                          onClick={() => void publish(o)}
                          data-testid={`ipo-publish-confirm-${o.id}`}
                        >
                          {t('ipo.publishConfirm')}
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          onClick={() => setPublishing(o.id)}
                          data-testid={`ipo-publish-${o.id}`}
                        >
                          {t('ipo.publish')}
                        </Button>
                      )}
                    </HStack>
                  ) : null,
              },
            ]}
          />
        </Panel>
      </Stack>
    </>
  );
}

/** What the form holds: text as typed, the schedule as `datetime-local` values. */
interface OfferingDraft {
  symbol: string;
  name: string;
  nameEn: string;
  market: string;
  broker: string;
  offerPrice: string;
  sharesOffered: string;
  minShares: string;
  maxTimes: string;
  minFunds: string;
  depositPct: string;
  equalShareBps: string;
  opensAt: string;
  closesAt: string;
  drawAt: string;
  paymentDeadline: string;
  listingAt: string;
}
type OfferingField = keyof OfferingDraft;

/** The schedule in the order it must run. */
const SCHEDULE: readonly OfferingField[] = [
  'opensAt',
  'closesAt',
  'drawAt',
  'paymentDeadline',
  'listingAt',
];
const TEXT_FIELDS: readonly OfferingField[] = ['symbol', 'name', 'nameEn', 'broker'];
const NUMBER_FIELDS: readonly OfferingField[] = [
  'offerPrice',
  'sharesOffered',
  'minShares',
  'maxTimes',
  'minFunds',
  'depositPct',
  'equalShareBps',
];
const FIELDS: readonly OfferingField[] = [...TEXT_FIELDS, 'market', ...NUMBER_FIELDS, ...SCHEDULE];

function requestOf(d: OfferingDraft): StaffRequestOf<'ipoOfferingCreate'> {
  return {
    symbol: d.symbol.trim().toUpperCase(),
    name: d.name.trim(),
    nameEn: d.nameEn.trim(),
    market: d.market === 'KOSDAQ' ? 'KOSDAQ' : 'KOSPI',
    broker: d.broker.trim(),
    offerPrice: whole(d.offerPrice),
    sharesOffered: whole(d.sharesOffered),
    minShares: whole(d.minShares),
    maxTimes: whole(d.maxTimes),
    minFunds: whole(d.minFunds),
    depositPct: whole(d.depositPct),
    equalShareBps: whole(d.equalShareBps),
    opensAt: isoOf(d.opensAt),
    closesAt: isoOf(d.closesAt),
    drawAt: isoOf(d.drawAt),
    paymentDeadline: isoOf(d.paymentDeadline),
    listingAt: isoOf(d.listingAt),
  };
}

const DAY = 24 * 60 * 60 * 1000;

function draftOf(o: StaffIpoOfferingDto | null): OfferingDraft {
  if (o) {
    return {
      symbol: o.symbol,
      name: o.name,
      nameEn: o.nameEn,
      market: o.market,
      broker: o.broker,
      offerPrice: String(o.offerPrice),
      sharesOffered: String(o.sharesOffered),
      minShares: String(o.minShares),
      maxTimes: String(o.maxTimes),
      minFunds: String(o.minFunds),
      depositPct: String(o.depositPct),
      equalShareBps: String(o.equalShareBps),
      opensAt: localInput(new Date(o.opensAt)),
      closesAt: localInput(new Date(o.closesAt)),
      drawAt: localInput(new Date(o.drawAt)),
      paymentDeadline: localInput(new Date(o.paymentDeadline)),
      listingAt: localInput(new Date(o.listingAt)),
    };
  }
  // A new offering: the KRX defaults and a schedule a day apart from tomorrow.
  const start = new Date(Date.now() + DAY);
  start.setSeconds(0, 0);
  const at = (days: number) => localInput(new Date(start.getTime() + days * DAY));
  return {
    symbol: '',
    name: '',
    nameEn: '',
    market: 'KOSPI',
    broker: '',
    offerPrice: '',
    sharesOffered: '',
    minShares: '10',
    maxTimes: '1',
    minFunds: '0',
    depositPct: String(DEFAULT_DEPOSIT_PCT),
    equalShareBps: String(DEFAULT_EQUAL_SHARE_BPS),
    opensAt: at(0),
    closesAt: at(2),
    drawAt: at(3),
    paymentDeadline: at(4),
    listingAt: at(7),
  };
}

function OfferingForm({
  offering,
  onClose,
  onSaved,
}: {
  offering: StaffIpoOfferingDto | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const label = (field: OfferingField) => t(`ipo.form.${field}`);
  const [initial] = useState(() => draftOf(offering));
  const title = offering ? t('ipo.editTitle', { name: offering.name }) : t('ipo.createTitle');
  const validate = (values: OfferingDraft) => {
    const body = requestOf(values);
    const errors = formErrors(
      ipoOfferingCreateRequest,
      body,
      (path) => FIELDS.find((f) => f === path) ?? 'symbol',
      label,
    );
    // The schedule must run in order (the server refuses it too).
    for (let i = 1; i < SCHEDULE.length; i++) {
      const before = SCHEDULE[i - 1] as OfferingField;
      const field = SCHEDULE[i] as OfferingField;
      if (errors[before] || errors[field]) continue;
      if (body[before as 'opensAt'] >= body[field as 'opensAt']) {
        errors[field] = fieldErrorText('ipo.invalid_schedule', label(field));
      }
    }
    return errors;
  };
  return (
    <FormPanel<OfferingDraft>
      title={title}
      testId="ipo-form"
      initialValues={initial}
      validate={validate}
      submit={async (values) => {
        const body = requestOf(values);
        const saved = offering
          ? await staffCall('ipoOfferingUpdate', { id: offering.id, ...body })
          : await staffCall('ipoOfferingCreate', body);
        toast(t('ipo.saved', { name: saved.name }), 'success');
        onSaved();
      }}
      columns={3}
      submitLabel={t(offering ? 'ipo.save' : 'ipo.create')}
      submitTestId="ipo-save"
      onCancel={onClose}
    >
      {TEXT_FIELDS.map((field) => (
        <FormikInput
          key={field}
          name={field}
          label={label(field)}
          testId={`ipo-${field}`}
          helper={field === 'symbol' ? t('ipo.form.symbolHelp') : undefined}
        />
      ))}
      <FormikSelect name="market" label={label('market')} testId="ipo-market">
        <option value="KOSPI">KOSPI</option>
        <option value="KOSDAQ">KOSDAQ</option>
      </FormikSelect>
      {NUMBER_FIELDS.map((field) => (
        <FormikInput
          key={field}
          name={field}
          label={label(field)}
          inputMode="numeric"
          testId={`ipo-${field}`}
          helper={t(`ipo.form.help.${field}`)}
        />
      ))}
      {SCHEDULE.map((field) => (
        <FormikInput
          key={field}
          name={field}
          label={label(field)}
          type="datetime-local"
          testId={`ipo-${field}`}
        />
      ))}
    </FormPanel>
  );
}
