import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuctionBidDto } from '../../../contract/schemas/placement';
import { auctionBidMachine } from '../../../machines/auction-bid';
import { auctionMachine } from '../../../machines/offering-window';
import { formatRecordTime } from '../../information/recordTime';
import { formatPrice } from '../../market/format';
import { useMarketCall } from '../../market/useMarketCall';
import { windowText } from '../block/blockLook';
import { Fact, NameLine } from '../block/OfferingFacts';
import { OfferingButton, PositionButton, Row } from '../block/OfferingScreenParts';
import { CardsScreen, StateBadge, WindowHeading } from './placementLook';

/**
 * /home/auction — auctions (경매): shares offered, the reserve price, the minimum and the window;
 * once ended, the lowest winning price. Tapping one opens the sealed bid (/home/auctionBid).
 * Below, the customer's bids with what each won (winning bids at their own price).
 */
export default function AuctionListScreen() {
  const { t } = useTranslation();
  const list = useMarketCall('auctionList', {});
  const auctions = list.data?.auctions ?? [];
  const bids = list.data?.bids ?? [];
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });

  return (
    <CardsScreen
      testId="auctions-screen"
      title={t('auctions.title')}
      fallback="/home/index"
      intro={
        <Text fontSize="sm" color="fg.muted" px="1">
          {t('auctions.intro')}
        </Text>
      }
      cards={[
        {
          title: t('auctions.list'),
          list,
          testId: 'auctions',
          empty: auctions.length === 0,
          emptyText: t('auctions.empty'),
          rows: auctions.map((x) => (
            <OfferingButton
              key={x.id}
              to={`/home/auctionBid?id=${x.id}`}
              testId={`auction-${x.id}`}
              label={`${x.name} ${x.symbol}`}
            >
              <WindowHeading
                offering={x}
                machine={auctionMachine}
                entityType="auction"
                testId="auction"
                id={x.id}
              />
              <Fact label={t('auctions.offered')}>
                {t('ticket.sharesCount', { shares: formatPrice(x.sharesOffered) })}
              </Fact>
              <Fact label={t('auctions.reserve')}>{won(x.reservePrice)}</Fact>
              <Fact label={t('auctions.minimum')}>
                {t('ticket.sharesCount', { shares: formatPrice(x.minShares) })}
              </Fact>
              <Fact label={t('placements.window')}>
                {t('placements.windowText', windowText(x))}
              </Fact>
              {x.lowestWinningPrice !== null ? (
                <Fact label={t('auctions.clearing')} testId={`auction-clearing-${x.id}`}>
                  {won(x.lowestWinningPrice)}
                </Fact>
              ) : null}
            </OfferingButton>
          )),
        },
        {
          title: t('auctions.mine'),
          list,
          testId: 'auction-bids',
          empty: bids.length === 0,
          emptyText: t('auctions.mineEmpty'),
          rows: bids.map((b) => <BidRow key={b.id} bid={b} />),
        },
      ]}
    />
  );
}

function BidRow({ bid: b }: { bid: AuctionBidDto }) {
  const { t, i18n } = useTranslation();
  const won = (amount: number | null) =>
    amount === null ? '–' : t('ticket.won', { amount: formatPrice(amount) });
  return (
    <Row testId={`auction-bid-${b.id}`}>
      <NameLine name={b.name} symbol={b.symbol}>
        <StateBadge
          machine={auctionBidMachine}
          entityType="auctionBid"
          state={b.state}
          testId={`auction-bid-state-${b.id}`}
        />
      </NameLine>
      <Fact label={t('auctions.bidPrice')}>{won(b.price)}</Fact>
      <Fact label={t('placements.quantity')}>
        {t('ticket.sharesCount', { shares: formatPrice(b.shares) })}
      </Fact>
      <Fact label={t('auctions.held')}>{won(b.held)}</Fact>
      <Fact label={t('placements.winningQuantity')} testId={`auction-won-${b.id}`}>
        {b.won === null ? '–' : t('ticket.sharesCount', { shares: formatPrice(b.won) })}
      </Fact>
      <Fact label={t('placements.winningAmount')}>{won(b.wonAmount)}</Fact>
      <Fact label={t('auctions.bidAt')}>{formatRecordTime(b.createdAt, i18n.language)}</Fact>
      <PositionButton
        orderId={b.orderId}
        label={t('placements.position')}
        testId={`auction-position-${b.id}`}
      />
    </Row>
  );
}
