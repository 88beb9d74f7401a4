import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InferType } from 'yup';
import type { blockQueueResponse } from '../../../contract/schemas/trade';
import { blockCreateRequest } from '../../../contract/schemas/trade';
import { staffCall } from '../api';
import type { StaffRequestOf } from '../api';
import { fieldErrorText } from '../i18n';
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
import { FormPanel, OpenFormButton, WindowInputs } from '../parts/FormPanel';
import { isoOf, localInput, whole } from '../parts/formText';
import { LIFECYCLE_MACHINES } from '../parts/lifecycles';
import { OnOffBadge } from '../parts/OnOffBadge';
import { ReviewTableRow } from '../parts/ReviewQueue';
import { StateBadges } from '../parts/StateBadges';
import { won } from '../parts/trade';
import { formErrors } from '../parts/validate';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';
import { ScrollX } from '../parts/ScrollX';

type BlockQueueDto = InferType<typeof blockQueueResponse>;
type Offering = BlockQueueDto['offerings'][number];
type Application = BlockQueueDto['rows'][number];

/**
 * Block trades: the offerings (operators list new ones with a window that opens before it
 * closes) and the applications waiting for a decision, each approved or rejected by a reviewer
 * through the `review-decision` flow with the version seen; a rejection's reason is what the
 * customer reads. An approved application becomes a position at the offering price.
 */
export default function BlockScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const state = useLoad(() => staffCall('blockQueue', {}), 'block');
  const [creating, setCreating] = useState(false);
  const mayCreate = mayCall(me?.role, 'blockCreate');

  return (
    <>
      <PageTitle actions={<ReloadButton onClick={state.reload} />}>{t('block.title')}</PageTitle>
      <Loaded state={state}>
        {(data) => (
          <Stack gap="5">
            <Panel title={t('block.offerings')}>
              <OfferingTable offerings={data.offerings} />
              <OpenFormButton
                show={mayCreate && !creating}
                testId="block-create-open"
                onClick={() => setCreating(true)}
              >
                {t('block.create')}
              </OpenFormButton>
            </Panel>
            {mayCreate && creating ? (
              <OfferingForm
                onClose={() => setCreating(false)}
                onCreated={() => {
                  setCreating(false);
                  state.reload();
                }}
              />
            ) : null}
            <Panel title={t('block.queue')}>
              <ApplicationTable rows={data.rows} onChanged={state.reload} />
              {mayCall(me?.role, 'blockApprove') ? null : (
                <Text mt="3" fontSize="sm" color="fg.muted" data-testid="block-reviewers-decide">
                  {t('block.reviewersDecide')}
                </Text>
              )}
            </Panel>
          </Stack>
        )}
      </Loaded>
    </>
  );
}

function OfferingTable({ offerings }: { offerings: Offering[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollX>
      <Table.Root size="sm" minW="3xl" data-testid="block-offerings">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('block.symbol')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('block.price')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('block.minShares')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('block.window')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('block.openNow')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {offerings.length === 0 ? <EmptyRow columns={5} testId="block-offerings-empty" /> : null}
          {offerings.map((o) => (
            <Table.Row key={o.id} data-testid={`block-offering-${o.id}`}>
              <Table.Cell>
                {o.name}{' '}
                <Text as="span" color="fg.muted">
                  {o.symbol}
                </Text>
                {o.demo ? (
                  <Badge ml="2" colorPalette="purple" data-testid={`block-demo-${o.id}`}>
                    {t('block.demo')}
                  </Badge>
                ) : null}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {won(o.price)}
              </Table.Cell>
              <Table.Cell textAlign="end">{o.minShares.toLocaleString(i18n.language)}</Table.Cell>
              <Table.Cell fontSize="xs">
                {formatTime(o.opensAt, i18n.language)} – {formatTime(o.closesAt, i18n.language)}
              </Table.Cell>
              <Table.Cell>
                <OnOffBadge
                  on={o.open}
                  words={['block.open', 'block.closed']}
                  testId={`block-open-${o.id}`}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollX>
  );
}

const APPLICATION_COLUMNS = 7;

function ApplicationTable({ rows, onChanged }: { rows: Application[]; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <ScrollX>
      <Table.Root size="sm" minW="3xl" data-testid="block-queue">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('block.account')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('block.symbol')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('block.shares')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('block.amount')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('block.state')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('block.appliedAt')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <EmptyRow columns={APPLICATION_COLUMNS} testId="block-queue-empty" />
          ) : null}
          {rows.map((row) => (
            // Keyed by the application: its decision flow is made once (useDecisionFlow).
            <ApplicationRow key={row.id} row={row} onChanged={onChanged} />
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollX>
  );
}

function ApplicationRow({ row, onChanged }: { row: Application; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <ReviewTableRow
      prefix="block"
      row={row}
      machine={LIFECYCLE_MACHINES.blockApplication}
      calls={{ approve: 'blockApprove', reject: 'blockReject' }}
      approve={(version) => staffCall('blockApprove', { id: row.id, version })}
      reject={(version, reason) => staffCall('blockReject', { id: row.id, version, reason })}
      onChanged={onChanged}
      subject={`${row.account} · ${row.name} ${row.shares.toLocaleString(i18n.language)}`}
      columns={APPLICATION_COLUMNS}
    >
      <Table.Cell>{row.account}</Table.Cell>
      <Table.Cell>
        {row.name}{' '}
        <Text as="span" color="fg.muted">
          {row.symbol}
        </Text>
      </Table.Cell>
      <Table.Cell textAlign="end">{row.shares.toLocaleString(i18n.language)}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {won(row.amount)}
        <Text fontSize="xs" color="fg.muted">
          {t('block.atPrice', { price: won(row.price) })}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <StateBadges entityType="blockApplication" state={row.state} />
      </Table.Cell>
      <Table.Cell fontSize="xs">{formatTime(row.createdAt, i18n.language)}</Table.Cell>
    </ReviewTableRow>
  );
}

/** What the create form holds: text as typed, the window as `datetime-local` values. */
interface OfferingDraft {
  symbol: string;
  price: string;
  minShares: string;
  opensAt: string;
  closesAt: string;
}
type OfferingField = keyof OfferingDraft;
const OFFERING_FIELDS: readonly OfferingField[] = [
  'symbol',
  'price',
  'minShares',
  'opensAt',
  'closesAt',
];

function offeringRequest(d: OfferingDraft): StaffRequestOf<'blockCreate'> {
  return {
    symbol: d.symbol.trim().toUpperCase(),
    price: whole(d.price),
    minShares: whole(d.minShares),
    opensAt: isoOf(d.opensAt),
    closesAt: isoOf(d.closesAt),
  };
}

function OfferingForm({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const label = (field: OfferingField) => t(`block.form.${field}`);
  const [initial] = useState<OfferingDraft>(() => {
    const now = new Date();
    now.setSeconds(0, 0);
    return {
      symbol: '',
      price: '',
      minShares: '',
      opensAt: localInput(now),
      closesAt: localInput(new Date(now.getTime() + 24 * 60 * 60 * 1000)),
    };
  });
  const validate = (values: OfferingDraft) => {
    const body = offeringRequest(values);
    const errors = formErrors(
      blockCreateRequest,
      body,
      (path) => OFFERING_FIELDS.find((f) => f === path) ?? 'symbol',
      label,
    );
    // The window must open before it closes (the server refuses it too).
    if (!errors.opensAt && !errors.closesAt && body.opensAt >= body.closesAt) {
      errors.closesAt = fieldErrorText('block.invalid_window', label('closesAt'));
    }
    return errors;
  };
  return (
    <FormPanel<OfferingDraft>
      title={t('block.createTitle')}
      testId="block-create-form"
      initialValues={initial}
      validate={validate}
      submit={async (values) => {
        const offering = await staffCall('blockCreate', offeringRequest(values));
        toast(t('block.created', { name: offering.name, symbol: offering.symbol }), 'success');
        onCreated();
      }}
      columns={3}
      submitLabel={t('block.create')}
      submitTestId="block-create-submit"
      onCancel={onClose}
    >
      <FormikInput
        name="symbol"
        label={label('symbol')}
        helper={t('block.form.symbolHelp')}
        testId="block-symbol"
      />
      <FormikInput
        name="price"
        label={label('price')}
        inputMode="numeric"
        helper="KRW"
        testId="block-price"
      />
      <FormikInput
        name="minShares"
        label={label('minShares')}
        inputMode="numeric"
        testId="block-minShares"
      />
      <WindowInputs label={label} testIdPrefix="block" />
    </FormPanel>
  );
}
