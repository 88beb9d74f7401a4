import { Box, Stack, Text } from '@chakra-ui/react';
import { isInState } from '../../../machines/state-value';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AuctionDto } from '../../../contract/schemas/placement';
import { auctionMachine } from '../../../machines/offering-window';
import { notify } from '../../components/toaster';
import { formatPrice } from '../../market/format';
import { useMarketCall } from '../../market/useMarketCall';
import { idOf, windowText } from '../block/blockLook';
import { Fact } from '../block/OfferingFacts';
import { OfferingFormFrame, StepperField } from '../block/OfferingScreenParts';
import { makeAuctionBidFlow } from './offeringFlow';
import { OfferingFlow } from './OfferingFlow';
import { WindowHeading } from './placementLook';

/**
 * /home/auctionBid?id=… — a sealed bid: price from the reserve and shares from the minimum;
 * price × shares (and the commission) held now; at the close the highest prices win, the earliest
 * first at equal prices, each at its own price.
 */
export default function AuctionBidScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const list = useMarketCall('auctionList', {});
  const auction = list.data?.auctions.find((x) => x.id === id);

  return (
    <OfferingFormFrame
      testId="auction-bid"
      title={t('auctions.bid.title')}
      fallback="/home/auction"
      list={list}
      empty={!auction}
      emptyText={t('auctions.bid.notFound')}
    >
      {auction ? <BidForm key={auction.id} auction={auction} /> : null}
    </OfferingFormFrame>
  );
}

function BidForm({ auction: a }: { auction: AuctionDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [price, setPrice] = useState(a.reservePrice);
  const [shares, setShares] = useState(a.minShares);
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });
  const onDone = useCallback(() => {
    notify(t('auctions.bid.done'), 'success');
    void navigate('/home/auction', { replace: true });
  }, [navigate, t]);

  return (
    <Stack px="4" gap="4">
      <Box>
        <WindowHeading
          offering={a}
          machine={auctionMachine}
          entityType="auction"
          testId="auction-bid"
          nameTestId="auction-bid-name"
        />
        <Fact label={t('auctions.offered')}>
          {t('ticket.sharesCount', { shares: formatPrice(a.sharesOffered) })}
        </Fact>
        <Fact label={t('auctions.reserve')}>{won(a.reservePrice)}</Fact>
        <Fact label={t('placements.window')}>{t('placements.windowText', windowText(a))}</Fact>
      </Box>
      <OfferingFlow
        make={makeAuctionBidFlow}
        draft={{ id: a.id, shares, price }}
        open={isInState(a.state, 'inProgress')}
        closedNote={t('auctions.bid.closedNote')}
        submitLabel={t('auctions.bid.submit')}
        onDone={onDone}
        testId="auction-bid"
        form={
          <>
            <StepperField
              label={t('auctions.bidPrice')}
              value={price}
              onChange={setPrice}
              min={a.reservePrice}
              step={100}
              name="price"
            />
            <StepperField
              label={t('placements.apply.shares')}
              value={shares}
              onChange={setShares}
              min={a.minShares}
              step={1}
              name="shares"
            />
            <Box>
              <Fact label={t('placements.apply.amount')} testId="auction-bid-amount">
                {won(price * shares)}
              </Fact>
              <Text fontSize="xs" color="fg.muted" mt="1">
                {t('auctions.bid.note')}
              </Text>
            </Box>
          </>
        }
        summary={
          <Box>
            <Fact label={t('auctions.bidPrice')}>{won(price)}</Fact>
            <Fact label={t('placements.apply.shares')}>
              {t('ticket.sharesCount', { shares: formatPrice(shares) })}
            </Fact>
          </Box>
        }
      />
    </Stack>
  );
}
