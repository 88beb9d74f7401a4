import { Badge, Button, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InferType } from 'yup';
import type { blockQueueResponse } from '../../../contract/schemas/trade';
import { blockCreateRequest } from '../../../contract/schemas/trade';
import type { LifecycleStatus } from '../../../machines/flows/review-decision';
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
import {
  ConflictAlert,
  DecisionButton,
  DecisionSheet,
  useDecisionFlow,
} from '../parts/decisionFlow';
import { FormActions, FormikInput } from '../parts/FormikFields';
import { LIFECYCLE_MACHINES, targetOf } from '../parts/lifecycles';
import { OnOffBadge } from '../parts/OnOffBadge';
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

/** A decision's look and the call that takes it (a button shows only to roles that may make it). */
const DECISIONS = {
  'review.approve': {
    call: 'blockApprove',
    reason: 'none',
    palette: 'green',
    variant: 'solid',
    words: 'approve',
  },
  'review.reject': {
    call: 'blockReject',
    reason: 'required',
    palette: 'red',
    variant: 'outline',
    words: 'reject',
  },
} as const;
type DecisionEvent = keyof typeof DECISIONS;
const isDecision = (event: string): event is DecisionEvent => Object.hasOwn(DECISIONS, event);

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
              {mayCreate && !creating ? (
                <Button
                  mt="4"
                  size="sm"
                  data-testid="block-create-open"
                  onClick={() => setCreating(true)}
                >
                  {t('block.create')}
                </Button>
              ) : null}
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

/**
 * What a decision left the application as: its row in the queue the call answered with, or,
 * once it has left the queue (decided), the state the machine leads to.
 */
function statusAfter(
  queue: BlockQueueDto,
  id: number,
  decision: string,
  version: number,
): LifecycleStatus {
  const row = queue.rows.find((r) => r.id === id);
  if (row) return { state: row.state, version: row.version, accepts: row.accepts };
  const state = targetOf(LIFECYCLE_MACHINES.blockApplication, 'pending', decision) ?? decision;
  return { state, version: version + 1, accepts: [] };
}

function ApplicationRow({ row, onChanged }: { row: Application; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const { me } = useStaffSession();
  const flow = useDecisionFlow({
    decide: async ({ decision, version, reason }) => {
      const queue =
        decision === 'review.reject'
          ? await staffCall('blockReject', { id: row.id, version, reason: reason ?? '' })
          : await staffCall('blockApprove', { id: row.id, version });
      return statusAfter(queue, row.id, decision, version);
    },
    onDecided: ({ decision }) => {
      if (isDecision(decision)) {
        toast(t(`block.decisions.${DECISIONS[decision].words}.done`), 'success');
      }
      onChanged();
    },
    // Decided by someone else since the queue was loaded.
    conflictCodes: ['block.not_pending'],
  });
  const conflict = useSelector(flow, (s) => s.matches({ refused: 'conflict' }));
  const decisions = row.accepts
    .filter(isDecision)
    .filter((event) => mayCall(me?.role, DECISIONS[event].call));
  const subject = `${row.account} · ${row.name} ${row.shares.toLocaleString(i18n.language)}`;

  return (
    <>
      <Table.Row data-testid={`block-row-${row.id}`}>
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
        <Table.Cell textAlign="end">
          <HStack gap="2" justify="flex-end" data-testid={`block-decisions-${row.id}`}>
            {decisions.map((event) => {
              const look = DECISIONS[event];
              return (
                <DecisionButton
                  key={event}
                  flow={flow}
                  decision={event}
                  version={row.version}
                  look={look}
                  size="xs"
                  testId={`block-${look.words}-${row.id}`}
                >
                  {t(`block.decisions.${look.words}.button`)}
                </DecisionButton>
              );
            })}
          </HStack>
          <DecisionSheet
            flow={flow}
            wording={(decision) => {
              const key = isDecision(decision)
                ? `block.decisions.${DECISIONS[decision].words}`
                : 'block.decisions.approve';
              return {
                title: t(`${key}.title`, { subject }),
                help: t(`${key}.help`),
                confirmLabel: t(`${key}.button`),
                danger: decision === 'review.reject',
                reasonTestId: 'block-reject-reason',
                confirmTestId: 'block-decision-confirm',
              };
            }}
          />
        </Table.Cell>
      </Table.Row>
      {conflict ? (
        <Table.Row>
          <Table.Cell colSpan={APPLICATION_COLUMNS}>
            <ConflictAlert flow={flow} onReload={onChanged} testId={`block-conflict-${row.id}`} />
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
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

/** A time as a `datetime-local` value in the browser's zone (minutes). */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as ISO-8601, or '' (refused as missing) when it is not a time. */
function isoOf(local: string): string {
  const date = new Date(local);
  return local.trim() === '' || Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

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
    <Panel title={t('block.createTitle')}>
      <Formik<OfferingDraft>
        initialValues={initial}
        validate={validate}
        onSubmit={async (values) => {
          try {
            const offering = await staffCall('blockCreate', offeringRequest(values));
            toast(t('block.created', { name: offering.name, symbol: offering.symbol }), 'success');
            onCreated();
          } catch {
            // refused: toasted, the form stays to fix
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate data-testid="block-create-form" aria-label={t('block.createTitle')}>
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
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
                <FormikInput
                  name="opensAt"
                  label={label('opensAt')}
                  type="datetime-local"
                  testId="block-opensAt"
                />
                <FormikInput
                  name="closesAt"
                  label={label('closesAt')}
                  type="datetime-local"
                  testId="block-closesAt"
                />
              </SimpleGrid>
              <FormActions
                label={t('block.create')}
                testId="block-create-submit"
                submitting={isSubmitting}
                onCancel={onClose}
              />
            </Stack>
          </Form>
        )}
      </Formik>
    </Panel>
  );
}
