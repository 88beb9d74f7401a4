import { Box, Button, DataList, Image, Stack, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { LifecycleEntityType } from '../../../contract/lifecycles';
import { staffCall } from '../api';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import {
  EmptyRow,
  LoadFailed,
  Loading,
  PageTitle,
  Panel,
  formatTime,
  svgDataUrl,
  useLoad,
} from '../parts/common';
import { KycStateBadge } from './KycQueueScreen';

type EntityType = LifecycleEntityType;

/** A lifecycle entity: its state, the machine's chart with the path taken, every transition. */
export default function EntityScreen() {
  const { t, i18n } = useTranslation();
  const { me } = useStaffSession();
  const params = useParams();
  const entityType = (params.entityType ?? 'kyc') as EntityType;
  const entityId = params.entityId ?? '';
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('entityView', { entityType, entityId }),
    `${entityType}:${entityId}`,
  );

  if (loading && !data) return <Loading />;
  if (!data) return failed ? <LoadFailed onRetry={reload} /> : null;

  return (
    <>
      <PageTitle
        actions={
          <>
            {entityType === 'kyc' && mayCall(me?.role, 'kycDetail') ? (
              <Button asChild size="sm" variant="outline">
                <Link to={`/kyc/${entityId}`}>{t('entity.openCase')}</Link>
              </Button>
            ) : null}
            <Button size="sm" variant="outline" onClick={reload}>
              {t('common.reload')}
            </Button>
          </>
        }
      >
        {t('entity.title', { type: t(`entity.types.${data.entityType}`), id: data.entityId })}
      </PageTitle>
      <Stack gap="5">
        <Panel>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t('entity.state')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="entity-state" data-state={data.state}>
                {data.entityType === 'kyc' ? <KycStateBadge state={data.state} /> : data.state}
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
                <Table.ColumnHeader>{t('entity.from')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('entity.event')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('entity.to')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('entity.actor')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('common.reason')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('entity.machineVersion')}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.transitions.length === 0 ? <EmptyRow columns={7} /> : null}
              {data.transitions.map((tr, i) => (
                <Table.Row key={i} data-testid="entity-transition">
                  <Table.Cell whiteSpace="nowrap">{formatTime(tr.at, i18n.language)}</Table.Cell>
                  <Table.Cell>{tr.from}</Table.Cell>
                  <Table.Cell>{tr.event}</Table.Cell>
                  <Table.Cell>{tr.to}</Table.Cell>
                  <Table.Cell>{tr.actor.name ?? tr.actor.kind}</Table.Cell>
                  <Table.Cell>{tr.reason ?? '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{tr.machineVersion}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Panel>
      </Stack>
    </>
  );
}
