import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffOfferingsDto } from '../../../contract/schemas/placement';
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
import { FormPanel, OpenFormButton, WindowInputs } from '../parts/FormPanel';
import { isoOf, localInput, whole } from '../parts/formText';
import { ScrollX } from '../parts/ScrollX';
import { StateBadges } from '../parts/StateBadges';
import { won } from '../parts/trade';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';

type Placement = StaffOfferingsDto['placements'][number];
type Auction = StaffOfferingsDto['auctions'][number];
type Editing =
  { kind: 'placement'; row: Placement | null } | { kind: 'auction'; row: Auction | null } | null;

/**
 * Placements and auctions (issue 12, docs/placements.md): operators set one up as a draft, edit
 * it until they publish it, and publish it; the clock opens and closes it. Who gets shares is
 * computed at the close by the published rule: no screen here chooses winners.
 */
export default function OfferingsScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const state = useLoad(() => staffCall('offeringsList', {}), 'offerings');
  const [editing, setEditing] = useState<Editing>(null);
  const mayEdit = mayCall(me?.role, 'placementSave');
  const done = () => {
    setEditing(null);
    state.reload();
  };

  return (
    <>
      <PageTitle actions={<ReloadButton onClick={state.reload} />}>
        {t('offerings.title')}
      </PageTitle>
      <Text mb="4" fontSize="sm" color="fg.muted">
        {t('offerings.intro')}
      </Text>
      <Loaded state={state}>
        {(data) => (
          <Stack gap="5">
            <Panel title={t('offerings.placements')}>
              <WindowTable
                kind="placement"
                rows={data.placements}
                mayEdit={mayEdit}
                onEdit={(row) => setEditing({ kind: 'placement', row: row as Placement })}
                onChanged={state.reload}
              />
              <OpenFormButton
                show={mayEdit && editing === null}
                testId="placement-create-open"
                onClick={() => setEditing({ kind: 'placement', row: null })}
              >
                {t('offerings.createPlacement')}
              </OpenFormButton>
            </Panel>
            {editing?.kind === 'placement' ? (
              <PlacementForm row={editing.row} onClose={() => setEditing(null)} onSaved={done} />
            ) : null}
            <Panel title={t('offerings.auctions')}>
              <WindowTable
                kind="auction"
                rows={data.auctions}
                mayEdit={mayEdit}
                onEdit={(row) => setEditing({ kind: 'auction', row: row as Auction })}
                onChanged={state.reload}
              />
              <OpenFormButton
                show={mayEdit && editing === null}
                testId="auction-create-open"
                onClick={() => setEditing({ kind: 'auction', row: null })}
              >
                {t('offerings.createAuction')}
              </OpenFormButton>
            </Panel>
            {editing?.kind === 'auction' ? (
              <AuctionForm row={editing.row} onClose={() => setEditing(null)} onSaved={done} />
            ) : null}
          </Stack>
        )}
      </Loaded>
    </>
  );
}

function WindowTable({
  kind,
  rows,
  mayEdit,
  onEdit,
  onChanged,
}: {
  kind: 'placement' | 'auction';
  rows: (Placement | Auction)[];
  mayEdit: boolean;
  onEdit: (row: Placement | Auction) => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const publish = async (row: Placement | Auction) => {
    try {
      await staffCall(kind === 'placement' ? 'placementPublish' : 'auctionPublish', {
        id: row.id,
        version: row.version,
      });
      toast(t('offerings.published', { name: row.name }), 'success');
      onChanged();
    } catch {
      // refused: toasted
    }
  };
  return (
    <ScrollX>
      <Table.Root size="sm" minW="3xl" data-testid={`${kind}-table`}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('offerings.symbol')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('offerings.terms')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('offerings.window')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('offerings.state')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('offerings.count')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? <EmptyRow columns={6} testId={`${kind}-table-empty`} /> : null}
          {rows.map((row) => (
            <Table.Row key={row.id} data-testid={`${kind}-row-${row.id}`}>
              <Table.Cell>
                {row.name}{' '}
                <Text as="span" color="fg.muted">
                  {row.symbol}
                </Text>
                {row.demo ? (
                  <Badge ml="2" colorPalette="purple">
                    {t('offerings.demo')}
                  </Badge>
                ) : null}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {'price' in row
                  ? t('offerings.placementTerms', {
                      price: won(row.price),
                      shares: row.sharesOffered.toLocaleString(i18n.language),
                      min: row.minShares.toLocaleString(i18n.language),
                    })
                  : t('offerings.auctionTerms', {
                      price: won(row.reservePrice),
                      shares: row.sharesOffered.toLocaleString(i18n.language),
                      min: row.minShares.toLocaleString(i18n.language),
                    })}
              </Table.Cell>
              <Table.Cell fontSize="xs">
                {formatTime(row.opensAt, i18n.language)} – {formatTime(row.closesAt, i18n.language)}
              </Table.Cell>
              <Table.Cell>
                <StateBadges entityType={kind} state={row.state} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                {'applications' in row ? row.applications : row.bids}
              </Table.Cell>
              <Table.Cell textAlign="end">
                {mayEdit && row.accepts.includes('offering.publish') ? (
                  <HStack gap="2" justify="flex-end">
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => onEdit(row)}
                      data-testid={`${kind}-edit-${row.id}`}
                    >
                      {t('offerings.edit')}
                    </Button>
                    <Button
                      size="xs"
                      onClick={() => void publish(row)}
                      data-testid={`${kind}-publish-${row.id}`}
                    >
                      {t('offerings.publish')}
                    </Button>
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

/** Tiers typed as `10:50, 100:80` (minimum shares : percent allotted). */
function tiersOf(text: string): { minShares: number; allotPct: number }[] {
  return text
    .split(',')
    .map((part) => part.split(':'))
    .map(([min = '', pct = '']) => ({ minShares: whole(min), allotPct: whole(pct) }));
}

function windowDefaults(row: { opensAt: string; closesAt: string } | null) {
  const now = new Date();
  now.setSeconds(0, 0);
  return {
    opensAt: localInput(row ? new Date(row.opensAt) : new Date(now.getTime() + 60 * 60 * 1000)),
    closesAt: localInput(
      row ? new Date(row.closesAt) : new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000),
    ),
  };
}

interface PlacementDraft {
  symbol: string;
  price: string;
  sharesOffered: string;
  tiers: string;
  depositPct: string;
  paymentHours: string;
  opensAt: string;
  closesAt: string;
}

function PlacementForm({
  row,
  onClose,
  onSaved,
}: {
  row: Placement | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [initial] = useState<PlacementDraft>(() => ({
    symbol: row?.symbol ?? '',
    price: row ? String(row.price) : '',
    sharesOffered: row ? String(row.sharesOffered) : '',
    tiers: row ? row.tiers.map((x) => `${x.minShares}:${x.allotPct}`).join(', ') : '10:50',
    depositPct: row ? String(row.depositPct) : '50',
    paymentHours: row ? String(row.paymentHours) : '48',
    ...windowDefaults(row),
  }));
  const title = t(row ? 'offerings.editPlacement' : 'offerings.createPlacement');
  const label = (field: keyof PlacementDraft) => t(`offerings.form.${field}`);
  return (
    <FormPanel<PlacementDraft>
      title={title}
      testId="placement-form"
      initialValues={initial}
      submit={async (d) => {
        const body: StaffRequestOf<'placementSave'> = {
          ...(row ? { id: row.id, version: row.version } : {}),
          symbol: d.symbol.trim().toUpperCase(),
          price: whole(d.price),
          sharesOffered: whole(d.sharesOffered),
          tiers: tiersOf(d.tiers),
          depositPct: whole(d.depositPct),
          paymentHours: whole(d.paymentHours),
          opensAt: isoOf(d.opensAt),
          closesAt: isoOf(d.closesAt),
        };
        await staffCall('placementSave', body);
        toast(t('offerings.saved'), 'success');
        onSaved();
      }}
      columns={4}
      submitLabel={t('offerings.save')}
      submitTestId="placement-save"
      onCancel={onClose}
    >
      <FormikInput name="symbol" label={label('symbol')} testId="pl-symbol" />
      <FormikInput
        name="price"
        label={label('price')}
        inputMode="numeric"
        helper="KRW"
        testId="pl-price"
      />
      <FormikInput
        name="sharesOffered"
        label={label('sharesOffered')}
        inputMode="numeric"
        testId="pl-sharesOffered"
      />
      <FormikInput
        name="tiers"
        label={label('tiers')}
        helper={t('offerings.form.tiersHelp')}
        testId="pl-tiers"
      />
      <FormikInput
        name="depositPct"
        label={label('depositPct')}
        inputMode="numeric"
        testId="pl-depositPct"
      />
      <FormikInput
        name="paymentHours"
        label={label('paymentHours')}
        inputMode="numeric"
        testId="pl-paymentHours"
      />
      <WindowInputs label={label} testIdPrefix="pl" />
    </FormPanel>
  );
}

interface AuctionDraft {
  symbol: string;
  sharesOffered: string;
  reservePrice: string;
  minShares: string;
  opensAt: string;
  closesAt: string;
}

function AuctionForm({
  row,
  onClose,
  onSaved,
}: {
  row: Auction | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [initial] = useState<AuctionDraft>(() => ({
    symbol: row?.symbol ?? '',
    sharesOffered: row ? String(row.sharesOffered) : '',
    reservePrice: row ? String(row.reservePrice) : '',
    minShares: row ? String(row.minShares) : '10',
    ...windowDefaults(row),
  }));
  const title = t(row ? 'offerings.editAuction' : 'offerings.createAuction');
  const label = (field: keyof AuctionDraft) => t(`offerings.form.${field}`);
  return (
    <FormPanel<AuctionDraft>
      title={title}
      testId="auction-form"
      initialValues={initial}
      submit={async (d) => {
        const body: StaffRequestOf<'auctionSave'> = {
          ...(row ? { id: row.id, version: row.version } : {}),
          symbol: d.symbol.trim().toUpperCase(),
          sharesOffered: whole(d.sharesOffered),
          reservePrice: whole(d.reservePrice),
          minShares: whole(d.minShares),
          opensAt: isoOf(d.opensAt),
          closesAt: isoOf(d.closesAt),
        };
        await staffCall('auctionSave', body);
        toast(t('offerings.saved'), 'success');
        onSaved();
      }}
      columns={3}
      submitLabel={t('offerings.save')}
      submitTestId="auction-save"
      onCancel={onClose}
    >
      <FormikInput name="symbol" label={label('symbol')} testId="au-symbol" />
      <FormikInput
        name="sharesOffered"
        label={label('sharesOffered')}
        inputMode="numeric"
        testId="au-sharesOffered"
      />
      <FormikInput
        name="reservePrice"
        label={label('reservePrice')}
        inputMode="numeric"
        helper="KRW"
        testId="au-reservePrice"
      />
      <FormikInput
        name="minShares"
        label={label('minShares')}
        inputMode="numeric"
        testId="au-minShares"
      />
      <WindowInputs label={label} testIdPrefix="au" />
    </FormPanel>
  );
}
