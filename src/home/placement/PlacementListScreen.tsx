import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlacementApplicationDto } from '../../../contract/schemas/placement';
import { placementMachine } from '../../../machines/offering-window';
import { placementApplicationMachine } from '../../../machines/placement-application';
import { call } from '../../api';
import { notify } from '../../components/toaster';
import { formatRecordTime } from '../../information/recordTime';
import { formatPrice } from '../../market/format';
import { useMarketCall } from '../../market/useMarketCall';
import { windowText } from '../block/blockLook';
import { Fact, NameLine } from '../block/OfferingFacts';
import { OfferingButton, PositionButton, Row } from '../block/OfferingScreenParts';
import { CardsScreen, StateBadge, WindowHeading } from './placementLook';

/**
 * /home/newStockps — placements (배정): each with its placement price, quantity, minimum, tiers
 * and window; tapping one opens it (/home/newStockPsBuy). Below, the customer's applications with
 * the winning quantity, winning amount and amount paid up; an allotment pending payment is paid
 * up from here.
 */
export default function PlacementListScreen() {
  const { t } = useTranslation();
  const list = useMarketCall('placementList', {});
  const placements = list.data?.placements ?? [];
  const applications = list.data?.applications ?? [];
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });

  return (
    <CardsScreen
      testId="placements-screen"
      title={t('placements.title')}
      fallback="/home/index"
      intro={
        <Text fontSize="sm" color="fg.muted" px="1">
          {t('placements.intro')}
        </Text>
      }
      cards={[
        {
          title: t('placements.list'),
          list,
          testId: 'placements',
          empty: placements.length === 0,
          emptyText: t('placements.empty'),
          rows: placements.map((p) => (
            <OfferingButton
              key={p.id}
              to={`/home/newStockPsBuy?id=${p.id}`}
              testId={`placement-${p.id}`}
              label={`${p.name} ${p.symbol}`}
            >
              <WindowHeading
                offering={p}
                machine={placementMachine}
                entityType="placement"
                testId="placement"
                id={p.id}
              />
              <Fact label={t('placements.price')}>{won(p.price)}</Fact>
              <Fact label={t('placements.quantity')}>
                {t('ticket.sharesCount', { shares: formatPrice(p.sharesOffered) })}
              </Fact>
              <Fact label={t('placements.minimum')} testId={`placement-min-${p.id}`}>
                {t('ticket.sharesCount', { shares: formatPrice(p.minShares) })}
              </Fact>
              <Fact label={t('placements.window')}>
                {t('placements.windowText', windowText(p))}
              </Fact>
            </OfferingButton>
          )),
        },
        {
          title: t('placements.mine'),
          list,
          testId: 'placement-applications',
          empty: applications.length === 0,
          emptyText: t('placements.mineEmpty'),
          rows: applications.map((a) => (
            <ApplicationRow key={a.id} application={a} onPaid={list.reload} />
          )),
        },
      ]}
    />
  );
}

function ApplicationRow({
  application: a,
  onPaid,
}: {
  application: PlacementApplicationDto;
  onPaid: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [paying, setPaying] = useState(false);
  const won = (amount: number | null) =>
    amount === null ? '–' : t('ticket.won', { amount: formatPrice(amount) });
  const pay = async () => {
    setPaying(true);
    try {
      await call('placementPay', { id: a.id }, { idempotencyKey: crypto.randomUUID() });
      notify(t('placements.paid'), 'success');
      onPaid();
    } catch {
      // The API client has shown the refusal.
    } finally {
      setPaying(false);
    }
  };
  return (
    <Row testId={`placement-application-${a.id}`}>
      <NameLine name={a.name} symbol={a.symbol}>
        <StateBadge
          machine={placementApplicationMachine}
          entityType="placementApplication"
          state={a.state}
          testId={`placement-application-state-${a.id}`}
        />
      </NameLine>
      <Fact label={t('placements.price')}>{won(a.price)}</Fact>
      <Fact label={t('placements.quantity')}>
        {t('ticket.sharesCount', { shares: formatPrice(a.shares) })}
      </Fact>
      <Fact label={t('placements.deposit')}>{won(a.deposit)}</Fact>
      <Fact label={t('placements.winningQuantity')} testId={`placement-allotted-${a.id}`}>
        {a.allotted === null ? '–' : t('ticket.sharesCount', { shares: formatPrice(a.allotted) })}
      </Fact>
      <Fact label={t('placements.winningAmount')}>{won(a.allottedAmount)}</Fact>
      <Fact label={t('placements.paidUp')} testId={`placement-paid-${a.id}`}>
        {won(a.paidUp)}
      </Fact>
      {a.payBy ? (
        <Fact label={t('placements.payBy')}>{formatRecordTime(a.payBy, i18n.language)}</Fact>
      ) : null}
      <Fact label={t('placements.appliedAt')}>{formatRecordTime(a.createdAt, i18n.language)}</Fact>
      {a.accepts.includes('placement.pay') ? (
        <Button
          mt="2"
          size="sm"
          loading={paying}
          onClick={() => void pay()}
          data-testid={`placement-pay-${a.id}`}
        >
          {t('placements.pay')}
        </Button>
      ) : null}
      <PositionButton
        orderId={a.orderId}
        label={t('placements.position')}
        testId={`placement-position-${a.id}`}
      />
    </Row>
  );
}
