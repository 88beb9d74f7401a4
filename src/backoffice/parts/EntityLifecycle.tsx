import { Code, HStack, Image, Stack, Table, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LifecycleEntityType } from '../../../contract/lifecycles';
import type { EntityViewDto, TransitionRecordDto } from '../../../contract/schemas/staff';
import type { LifecycleWords } from '../../lifecycle/words';
import { useLifecycleWords } from '../../lifecycle/words';
import { staffCall } from '../api';
import { EmptyRow, LoadFailed, Loading, Panel, formatTime, svgDataUrl, useLoad } from './common';
import { changedLeaves } from './lifecycles';
import { ScrollX } from './ScrollX';

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

/** The machine's chart as the server drew it: the current state and the path taken marked. */
export function LifecycleChart({ chartSvg }: { chartSvg: string }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('entity.chart')}>
      <ScrollX>
        <Image
          data-testid="entity-chart"
          src={svgDataUrl(chartSvg)}
          alt={t('entity.chartAlt')}
          maxW="full"
          mx="auto"
        />
      </ScrollX>
    </Panel>
  );
}

/** The transitions read as words: who, did what, from → to, when and why. */
export function LifecycleHistory({
  entityType,
  transitions,
}: {
  entityType: LifecycleEntityType;
  transitions: EntityViewDto['transitions'];
}) {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  return (
    <Panel title={t('entity.history')}>
      <ScrollX>
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
            {transitions.length === 0 ? <EmptyRow columns={5} /> : null}
            {transitions.map((tr, i) => (
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
      </ScrollX>
    </Panel>
  );
}

/**
 * The lifecycle part of an entity's own screen (an order's detail): loads the entity view and
 * shows its chart and history, with its own spinner and retry.
 */
export function EntityLifecycle({
  entityType,
  entityId,
}: {
  entityType: LifecycleEntityType;
  entityId: string;
}) {
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('entityView', { entityType, entityId }),
    `${entityType}:${entityId}`,
  );
  if (loading && !data) return <Loading testId="entity-lifecycle-loading" />;
  if (!data) {
    return failed ? <LoadFailed testId="entity-lifecycle-error" onRetry={reload} /> : null;
  }
  return (
    <Stack gap="5" data-testid="entity-lifecycle">
      <LifecycleChart chartSvg={data.chartSvg} />
      <LifecycleHistory entityType={entityType} transitions={data.transitions} />
    </Stack>
  );
}
