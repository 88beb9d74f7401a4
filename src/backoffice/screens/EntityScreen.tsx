import { Box, Button, Code, DataList, HStack, Image, Stack, Table, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LIFECYCLE_ENTITY_TYPES } from '../../../contract/lifecycles';
import type { LifecycleEntityType } from '../../../contract/lifecycles';
import type { StaffCallName } from '../../../contract/staff-calls';
import type { TransitionRecordDto } from '../../../contract/schemas/staff';
import type { LifecycleWords } from '../../lifecycle/words';
import { useLifecycleWords } from '../../lifecycle/words';
import { staffCall } from '../api';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import {
  EmptyRow,
  LoadFailed,
  Loading,
  PageTitle,
  Panel,
  ReloadButton,
  formatTime,
  svgDataUrl,
  useLoad,
} from '../parts/common';
import { changedLeaves } from '../parts/lifecycles';
import { StateBadges } from '../parts/StateBadges';

/** Where each entity type's own screen is, and the call that screen opens with. */
const ENTITY_SCREENS: Record<
  LifecycleEntityType,
  { path: (id: string) => string; call: StaffCallName }
> = {
  kyc: { path: (id) => `/kyc/${id}`, call: 'kycDetail' },
  account: { path: (id) => `/customers/${id}`, call: 'customerDetail' },
  deposit: { path: (id) => `/deposits/detail?id=${id}`, call: 'depositsDetail' },
  withdrawal: { path: (id) => `/withdrawals/detail?id=${id}`, call: 'withdrawalsDetail' },
  order: { path: (id) => `/orders/detail?id=${id}`, call: 'ordersDetail' },
  blockApplication: { path: () => `/block`, call: 'blockQueue' },
};

const isEntityType = (value: string | undefined): value is LifecycleEntityType =>
  (LIFECYCLE_ENTITY_TYPES as readonly (string | undefined)[]).includes(value);

/** Who made a transition, in words: a staff member with their role, the customer, the system. */
function actorWords(t: TFunction, actor: TransitionRecordDto['actor']): string {
  const name = actor.name ?? String(actor.id ?? '');
  const describe: Record<TransitionRecordDto['actor']['kind'], () => string> = {
    staff: () =>
      actor.role
        ? t('entity.actorStaff', {
            name,
            role: t(`roles.${actor.role}`, { defaultValue: actor.role }),
          })
        : name,
    customer: () => t('entity.actorCustomer', { account: name }),
    system: () => t('entity.actorSystem'),
  };
  return describe[actor.kind]();
}

/** A state change as words: the leaves left → the leaves entered (only what changed). */
function ChangeWords({
  words,
  entityType,
  from,
  to,
}: {
  words: LifecycleWords;
  entityType: LifecycleEntityType;
  from: string;
  to: string;
}) {
  const { left, entered } = changedLeaves(from, to);
  const say = (leaves: string[]) => leaves.map((leaf) => words.state(entityType, leaf)).join(', ');
  return (
    <Text as="span" data-testid="entity-transition-change" title={`${from} → ${to}`}>
      {say(left)} → {say(entered)}
    </Text>
  );
}

/**
 * A lifecycle entity: its state, the machine's chart (the server marks the current state and the
 * path taken), and the history read as words: who, did what, from → to, when and why.
 */
export default function EntityScreen() {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  const { me } = useStaffSession();
  const params = useParams();
  const entityType: LifecycleEntityType = isEntityType(params.entityType)
    ? params.entityType
    : 'kyc';
  const entityId = params.entityId ?? '';
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('entityView', { entityType, entityId }),
    `${entityType}:${entityId}`,
  );

  if (loading && !data) return <Loading />;
  if (!data) return failed ? <LoadFailed onRetry={reload} /> : null;
  const own = ENTITY_SCREENS[entityType];

  return (
    <>
      <PageTitle
        actions={
          <>
            {mayCall(me?.role, own.call) ? (
              <Button asChild size="sm" variant="outline">
                <Link to={own.path(entityId)} data-testid="entity-open-own">
                  {t(`entity.open.${entityType}`)}
                </Link>
              </Button>
            ) : null}
            <ReloadButton onClick={reload} />
          </>
        }
      >
        {t('entity.title', { type: t(`entity.types.${entityType}`), id: data.entityId })}
      </PageTitle>
      <Stack gap="5">
        <Panel>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t('entity.state')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="entity-state" data-state={data.state}>
                <StateBadges entityType={entityType} state={data.state} />
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('entity.accepts')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="entity-accepts">
                {data.accepts.length === 0
                  ? '—'
                  : data.accepts.map((event) => words.event(event)).join(', ')}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('entity.version')}</DataList.ItemLabel>
              <DataList.ItemValue>{data.version}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Panel>
        <Panel title={t('entity.chart')}>
          <Box overflowX="auto">
            <Image
              data-testid="entity-chart"
              src={svgDataUrl(data.chartSvg)}
              alt={t('entity.chartAlt')}
              maxW="full"
              mx="auto"
            />
          </Box>
        </Panel>
        <Panel title={t('entity.history')}>
          <Table.Root size="sm" data-testid="entity-history">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('entity.at')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('entity.actor')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('entity.event')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('entity.change')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('common.reason')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.transitions.length === 0 ? <EmptyRow columns={5} /> : null}
              {data.transitions.map((tr, i) => (
                <Table.Row key={i} data-testid="entity-transition" data-event={tr.event}>
                  <Table.Cell whiteSpace="nowrap">{formatTime(tr.at, i18n.language)}</Table.Cell>
                  <Table.Cell data-testid="entity-transition-actor" data-kind={tr.actor.kind}>
                    {actorWords(t, tr.actor)}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="2" wrap="wrap">
                      <Text as="span" data-testid="entity-transition-event">
                        {words.event(tr.event)}
                      </Text>
                      <Code size="sm" variant="surface" color="fg.muted">
                        {tr.event}
                      </Code>
                      <Text as="span" fontSize="xs" color="fg.subtle">
                        {t('entity.machineVersionShort', { version: tr.machineVersion })}
                      </Text>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <ChangeWords words={words} entityType={entityType} from={tr.from} to={tr.to} />
                  </Table.Cell>
                  <Table.Cell data-testid="entity-transition-reason">
                    <Text whiteSpace="pre-wrap">{tr.reason ?? '—'}</Text>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Panel>
      </Stack>
    </>
  );
}
