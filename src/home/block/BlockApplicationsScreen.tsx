import { Badge, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { BlockApplicationDto } from '../../../contract/schemas/trade';
import { blockApplicationMachine } from '../../../machines/block-application';
import { formatRecordTime } from '../../information/recordTime';
import { paletteOf, topStateOf } from '../../lifecycle/tones';
import { useLifecycleWords } from '../../lifecycle/words';
import { formatPrice } from '../../market/format';
import { useMarketCall } from '../../market/useMarketCall';
import { BlockListFrame } from './BlockListFrame';
import { Fact, NameLine } from './OfferingFacts';
import { PositionButton, Row } from './OfferingScreenParts';

/**
 * /home/blockTrade2 — the customer's block-trade applications, newest first: the state the
 * desk's decision left each in, the reason of a rejection, and the position an approval became.
 */
export default function BlockApplicationsScreen() {
  const { t } = useTranslation();
  const list = useMarketCall('blockList', {});
  const applications = list.data?.applications ?? [];

  return (
    <BlockListFrame
      testId="block-applications-screen"
      title={t('blockTrade.applications.title')}
      fallback="/home/blockTrade"
      cardTitle={t('blockTrade.myApplications')}
      link={{
        to: '/home/blockTrade',
        label: t('blockTrade.offerings'),
        testId: 'block-offerings-link',
      }}
      list={list}
      listTestId="block-applications"
      empty={applications.length === 0}
      emptyText={t('blockTrade.applications.empty')}
    >
      {applications.map((a) => (
        <ApplicationRow key={a.id} application={a} />
      ))}
    </BlockListFrame>
  );
}

function ApplicationRow({ application: a }: { application: BlockApplicationDto }) {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  const state = topStateOf(a.state);
  return (
    <Row testId={`block-application-${a.id}`}>
      <NameLine name={a.name} symbol={a.symbol}>
        <Badge
          colorPalette={paletteOf(blockApplicationMachine, a.state)}
          data-testid={`block-state-${a.id}`}
          data-value={state}
        >
          {words.state('blockApplication', state)}
        </Badge>
      </NameLine>
      <Fact label={t('blockTrade.applications.shares')}>
        {t('blockTrade.applications.sharesAt', {
          shares: formatPrice(a.shares),
          price: formatPrice(a.price),
        })}
      </Fact>
      <Fact label={t('blockTrade.applications.amount')} testId={`block-amount-${a.id}`}>
        {t('ticket.won', { amount: formatPrice(a.amount) })}
      </Fact>
      <Fact label={t('blockTrade.applications.appliedAt')}>
        {formatRecordTime(a.createdAt, i18n.language)}
      </Fact>
      {a.reason ? (
        <Text fontSize="sm" color="fg.error" mt="1" data-testid={`block-reason-${a.id}`}>
          {t('blockTrade.applications.reason', { reason: a.reason })}
        </Text>
      ) : null}
      <PositionButton
        orderId={a.orderId}
        label={t('blockTrade.applications.position')}
        testId={`block-position-${a.id}`}
      />
    </Row>
  );
}
