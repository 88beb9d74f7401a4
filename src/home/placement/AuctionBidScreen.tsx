import { Box, Stack, Text } from '@chakra-ui/react';
import { isInState } from '../../../machines/state-value';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AuctionDto } from '../../../contract/schemas/placement';
import { auctionMachine } from '../../../machines/offering-window';
import { BackHeader } from '../../components/BackHeader';
import { NumericStepper } from '../../components/NumericStepper';
import { notify } from '../../components/toaster';
import { formatPrice } from '../../market/format';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { SimulatedBadge } from '../../market/parts/SimulatedBadge';
import { useMarketCall } from '../../market/useMarketCall';
import { idOf, windowText } from '../block/blockLook';
import { Fact, NameLine } from '../block/OfferingFacts';
import { makeAuctionBidFlow } from './offeringFlow';
import { OfferingFlow } from './OfferingFlow';
import { Badges, DemoBadge, StateBadge } from './placementLook';

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
    <Box minH="100dvh" bg="bg.muted" data-testid="auction-bid">
      <BackHeader
        title={t('auctions.bid.title')}
        fallback="/home/auction"
        right={<SimulatedBadge compact />}
      />
      <Stack gap="3" p="3">
        <Card pt="4" pb="4">
          <ListState
            testId="auction-bid"
            loading={list.loading}
            failed={list.failed}
            empty={!auction}
            emptyText={t('auctions.bid.notFound')}
            onRetry={list.reload}
            rows={3}
          >
            {auction ? <BidForm key={auction.id} auction={auction} /> : null}
          </ListState>
        </Card>
      </Stack>
    </Box>
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
        <NameLine name={a.name} symbol={a.symbol} nameTestId="auction-bid-name">
          <Badges>
            <DemoBadge demo={a.demo} testId="auction-bid-demo" />
            <StateBadge
              machine={auctionMachine}
              entityType="auction"
              state={a.state}
              testId="auction-bid-state"
            />
          </Badges>
        </NameLine>
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
            <Box>
              <Text fontSize="sm" fontWeight="semibold" mb="1">
                {t('auctions.bidPrice')}
              </Text>
              <NumericStepper
                value={price}
                onChange={setPrice}
                min={a.reservePrice}
                step={100}
                name="price"
                aria-label={t('auctions.bidPrice')}
              />
            </Box>
            <Box>
              <Text fontSize="sm" fontWeight="semibold" mb="1">
                {t('placements.apply.shares')}
              </Text>
              <NumericStepper
                value={shares}
                onChange={setShares}
                min={a.minShares}
                step={1}
                name="shares"
                aria-label={t('placements.apply.shares')}
              />
            </Box>
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
