import { Alert, Badge, Code, DataList, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyDraw } from '../../../contract/ipo-draw';
import type { IpoDrawDto, StaffIpoOfferingDto } from '../../../contract/schemas/ipo';
import { subscriptionMachine } from '../../../machines/subscription';
import { paletteOf } from '../../lifecycle/tones';
import { useLifecycleWords } from '../../lifecycle/words';
import { staffCall } from '../api';
import { BackToList, DetailOfId } from '../parts/DetailOfId';
import {
  EmptyRow,
  LoadFailed,
  Loading,
  PageTitle,
  Panel,
  ReloadButton,
  formatTime,
  useLoad,
} from '../parts/common';
import { ScrollX } from '../parts/ScrollX';
import { won } from '../parts/trade';
import { PHASE_PALETTE } from './IpoScreen';

/** The draw's allocations shown here; the rest are in the published data (`/ipo/draw`). */
const SHOWN_ALLOCATIONS = 200;

/**
 * One offering: its terms and schedule, its subscriptions by state, and once drawn the draw's
 * report (every figure of the rule, re-computed here from the published inputs and checked, and
 * the allocations). Staff read it; nobody can change a result.
 */
export default function IpoDetailScreen() {
  const { t } = useTranslation();
  return (
    <DetailOfId
      title={t('ipo.detailTitle', { name: '' })}
      missing={t('ipo.noOffering')}
      missingTestId="ipo-detail-none"
      listPath="/ipo"
    >
      {(id) => <Detail key={id} id={id} />}
    </DetailOfId>
  );
}

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  const words = useLifecycleWords();
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('ipoOfferingDetail', { id }),
    String(id),
  );
  if (loading && !data) return <Loading />;
  if (!data) return failed ? <LoadFailed onRetry={reload} /> : null;
  const { offering, byState, draw } = data;
  return (
    <>
      <PageTitle
        actions={
          <>
            <BackToList to="/ipo" />
            <ReloadButton onClick={reload} />
          </>
        }
      >
        {t('ipo.detailTitle', { name: offering.name })}
      </PageTitle>
      <Stack gap="5">
        <Panel title={t('ipo.terms')}>
          <Terms offering={offering} />
        </Panel>
        <Panel title={t('ipo.byState')}>
          <ScrollX>
            <Table.Root size="sm" data-testid="ipo-by-state">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('ipo.f.state')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('ipo.f.count')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {byState.length === 0 ? <EmptyRow columns={2} testId="ipo-by-state-empty" /> : null}
                {byState.map((row) => (
                  <Table.Row key={row.state} data-testid={`ipo-state-${row.state}`}>
                    <Table.Cell>
                      <Badge colorPalette={paletteOf(subscriptionMachine, row.state)}>
                        {words.state('subscription', row.state)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{row.count}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollX>
        </Panel>
        <Panel title={t('ipo.drawReport')}>
          {draw ? (
            <DrawReport draw={draw} />
          ) : (
            <Text color="fg.muted" data-testid="ipo-not-drawn">
              {t('ipo.notDrawn')}
            </Text>
          )}
        </Panel>
      </Stack>
    </>
  );
}

function Row({ label, field, children }: { label: string; field: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={`ipo-field-${field}`}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Terms({ offering: o }: { offering: StaffIpoOfferingDto }) {
  const { t, i18n } = useTranslation();
  const time = (iso: string | null) => formatTime(iso, i18n.language);
  const f = (key: string) => t(`ipo.f.${key}`);
  const none = '—';
  return (
    <DataList.Root orientation="horizontal" size="md" data-testid="ipo-terms">
      <Row label={f('name')} field="name">
        {`${o.name} (${o.symbol})${o.nameEn ? ` · ${o.nameEn}` : ''}`}
      </Row>
      <Row label={f('phase')} field="phase">
        <HStack gap="1">
          <Badge colorPalette={PHASE_PALETTE[o.phase]}>{t(`ipo.phase.${o.phase}`)}</Badge>
          <Badge variant="outline">{t(`ipo.status.${o.status}`)}</Badge>
          {o.demo ? <Badge colorPalette="purple">{t('ipo.demo')}</Badge> : null}
        </HStack>
      </Row>
      <Row label={f('market')} field="market">
        {o.market}
      </Row>
      <Row label={f('broker')} field="broker">
        {o.broker}
      </Row>
      <Row label={f('offerPrice')} field="offerPrice">
        {won(o.offerPrice)}
      </Row>
      <Row label={f('marketPrice')} field="marketPrice">
        {o.marketPrice === null ? none : won(o.marketPrice)}
      </Row>
      <Row label={f('sharesOffered')} field="sharesOffered">
        {o.sharesOffered.toLocaleString()}
      </Row>
      <Row label={f('minShares')} field="minShares">
        {o.minShares.toLocaleString()}
      </Row>
      <Row label={f('maxTimes')} field="maxTimes">
        {o.maxTimes}
      </Row>
      <Row label={f('minFunds')} field="minFunds">
        {won(o.minFunds)}
      </Row>
      <Row label={f('depositPct')} field="depositPct">
        {`${o.depositPct} %`}
      </Row>
      <Row label={f('equalShare')} field="equalShare">
        {`${(o.equalShareBps / 100).toFixed(2)} %`}
      </Row>
      <Row label={f('opensAt')} field="opensAt">
        {time(o.opensAt)}
      </Row>
      <Row label={f('closesAt')} field="closesAt">
        {time(o.closesAt)}
      </Row>
      <Row label={f('drawAt')} field="drawAt">
        {time(o.drawAt)}
      </Row>
      <Row label={f('paymentDeadline')} field="paymentDeadline">
        {time(o.paymentDeadline)}
      </Row>
      <Row label={f('listingAt')} field="listingAt">
        {time(o.listingAt)}
      </Row>
      <Row label={f('applied')} field="applied">
        {t('ipo.appliedText', { count: o.subscriptions, shares: o.sharesApplied })}
      </Row>
      <Row label={f('competition')} field="competition">
        {o.competitionRate === null ? none : `${o.competitionRate.toFixed(2)} : 1`}
      </Row>
      <Row label={f('allotted')} field="allotted">
        {o.sharesAllotted === null ? none : o.sharesAllotted.toLocaleString()}
      </Row>
      <Row label={f('seedHash')} field="seedHash">
        <Code fontSize="xs" wordBreak="break-all">
          {o.seedHash}
        </Code>
      </Row>
      <Row label={f('drawnAt')} field="drawnAt">
        {time(o.drawnAt)}
      </Row>
    </DataList.Root>
  );
}

function DrawReport({ draw }: { draw: IpoDrawDto }) {
  const { t } = useTranslation();
  const v = useMemo(
    () =>
      verifyDraw({
        rule: draw.rule,
        seed: draw.seed,
        seedHash: draw.seedHash,
        sharesOffered: draw.sharesOffered,
        minShares: draw.minShares,
        equalShareBps: draw.equalShareBps,
        subscriptions: draw.inputs,
        allocations: draw.allocations,
      }),
    [draw],
  );
  const s = v.recomputed?.summary;
  const figures: [string, number | string][] = s
    ? [
        ['subscribers', s.subscribers],
        ['totalApplied', s.totalApplied],
        ['equalPool', s.equalPool],
        ['eligible', s.eligible],
        ['equalEach', s.equalEach],
        ['equalLottery', s.equalLotteryShares],
        ['proportionalPool', s.proportionalPool],
        ['filled', s.filledInFull],
        ['remainders', s.remainderShares],
        ['cutoff', s.remainderCutoff ?? '—'],
        ['randomWords', s.randomWords],
        ['totalAllotted', s.totalAllotted],
      ]
    : [];
  return (
    <Stack gap="4">
      <Alert.Root status={v.ok ? 'success' : 'error'} data-testid="ipo-draw-check" data-ok={v.ok}>
        <Alert.Indicator />
        <Alert.Description>
          {v.ok ? t('ipo.drawVerified') : t('ipo.drawMismatch', { count: v.mismatchCount })}
        </Alert.Description>
      </Alert.Root>
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>{t('ipo.draw.rule')}</DataList.ItemLabel>
          <DataList.ItemValue>{draw.rule}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('ipo.draw.seed')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Code fontSize="xs" data-testid="ipo-draw-seed">
              {draw.seed}
            </Code>
          </DataList.ItemValue>
        </DataList.Item>
        {figures.map(([key, value]) => (
          <DataList.Item key={key}>
            <DataList.ItemLabel>{t(`ipo.draw.${key}`)}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`ipo-draw-${key}`}>
              {typeof value === 'number' ? value.toLocaleString() : value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <ScrollX>
        <Table.Root size="sm" data-testid="ipo-allocations">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('ipo.draw.id')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('ipo.draw.applied')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('ipo.draw.equal')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('ipo.draw.proportional')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('ipo.draw.total')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {draw.allocations.length === 0 ? (
              <EmptyRow columns={5} testId="ipo-allocations-empty" />
            ) : null}
            {draw.allocations.slice(0, SHOWN_ALLOCATIONS).map((a) => (
              <Table.Row key={a.id} data-testid={`ipo-allocation-${a.id.slice(0, 12)}`}>
                <Table.Cell>
                  <Code fontSize="xs">{a.id.slice(0, 16)}</Code>
                </Table.Cell>
                <Table.Cell textAlign="end">{a.applied.toLocaleString()}</Table.Cell>
                <Table.Cell textAlign="end">{a.equal.toLocaleString()}</Table.Cell>
                <Table.Cell textAlign="end">{a.proportional.toLocaleString()}</Table.Cell>
                <Table.Cell textAlign="end">{a.total.toLocaleString()}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollX>
      {draw.allocations.length > SHOWN_ALLOCATIONS ? (
        <Text fontSize="sm" color="fg.muted">
          {t('ipo.draw.more', { count: draw.allocations.length - SHOWN_ALLOCATIONS })}
        </Text>
      ) : null}
    </Stack>
  );
}
