import { Badge, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { IpoOfferingDto } from '../../../contract/schemas/ipo';
import { formatPrice } from '../../market/format';
import { Fact } from '../block/OfferingFacts';
import { PHASE_PALETTE, seoulDay, seoulMinute, signedWon } from './ipoLook';

/** The offering's labels: its phase, its market, and demo when it was seeded, not offered. */
export function IpoBadges({ offering }: { offering: IpoOfferingDto }) {
  const { t } = useTranslation();
  return (
    <Flex gap="1.5" flexShrink={0}>
      {offering.demo ? (
        <Badge colorPalette="purple" data-testid={`ipo-demo-${offering.id}`}>
          {t('ipo.demo')}
        </Badge>
      ) : null}
      <Badge variant="outline">{offering.market}</Badge>
      <Badge
        colorPalette={PHASE_PALETTE[offering.phase]}
        data-testid={`ipo-phase-${offering.id}`}
        data-value={offering.phase}
      >
        {t(`ipo.phase.${offering.phase}`)}
      </Badge>
    </Flex>
  );
}

/**
 * The spec's figures of a new-share issue: subscription price, market price, the difference and
 * the premium, lots, the application period, draw and listing dates, the winning rate; `full`
 * adds the rest (issue market, sponsoring broker, shares offered, deposit, limits, payment).
 */
export function IpoFacts({ offering, full = false }: { offering: IpoOfferingDto; full?: boolean }) {
  const { t } = useTranslation();
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });
  const shares = (count: number) => t('ticket.sharesCount', { shares: formatPrice(count) });
  const dash = t('ipo.none');
  const id = offering.id;
  return (
    <>
      <Fact label={t('ipo.f.offerPrice')} testId={`ipo-price-${id}`}>
        {won(offering.offerPrice)}
      </Fact>
      <Fact label={t('ipo.f.marketPrice')} testId={`ipo-market-price-${id}`}>
        {offering.marketPrice === null ? dash : won(offering.marketPrice)}
      </Fact>
      <Fact label={t('ipo.f.priceDiff')} testId={`ipo-diff-${id}`}>
        {offering.priceDiff === null ? dash : signedWon(offering.priceDiff)}
      </Fact>
      <Fact label={t('ipo.f.premium')} testId={`ipo-premium-${id}`}>
        {offering.premiumPct === null ? dash : `${offering.premiumPct.toFixed(2)} %`}
      </Fact>
      <Fact label={t('ipo.f.lots')} testId={`ipo-min-${id}`}>
        {shares(offering.minShares)}
      </Fact>
      <Fact label={t('ipo.f.period')} testId={`ipo-period-${id}`}>
        {t('ipo.periodText', {
          from: seoulMinute(offering.opensAt),
          to: seoulMinute(offering.closesAt),
        })}
      </Fact>
      <Fact label={t('ipo.f.drawDate')} testId={`ipo-draw-date-${id}`}>
        {seoulDay(offering.drawAt)}
      </Fact>
      <Fact label={t('ipo.f.listingDate')} testId={`ipo-listing-date-${id}`}>
        {seoulDay(offering.listingAt)}
      </Fact>
      <Fact label={t('ipo.f.winningRate')} testId={`ipo-winning-rate-${id}`}>
        {offering.winningRate === null ? dash : `${offering.winningRate.toFixed(2)} %`}
      </Fact>
      {full ? (
        <>
          <Fact label={t('ipo.f.competition')} testId={`ipo-competition-${id}`}>
            {offering.competitionRate === null
              ? dash
              : t('ipo.competitionText', { rate: offering.competitionRate.toFixed(2) })}
          </Fact>
          <Fact label={t('ipo.f.market')} testId={`ipo-market-${id}`}>
            {offering.market}
          </Fact>
          <Fact label={t('ipo.f.broker')} testId={`ipo-broker-${id}`}>
            {offering.broker}
          </Fact>
          <Fact label={t('ipo.f.sharesOffered')} testId={`ipo-offered-${id}`}>
            {shares(offering.sharesOffered)}
          </Fact>
          <Fact label={t('ipo.f.depositPct')} testId={`ipo-deposit-pct-${id}`}>
            {`${offering.depositPct} %`}
          </Fact>
          <Fact label={t('ipo.f.equalShare')} testId={`ipo-equal-share-${id}`}>
            {`${(offering.equalShareBps / 100).toFixed(2)} %`}
          </Fact>
          <Fact label={t('ipo.f.maxTimes')} testId={`ipo-max-times-${id}`}>
            {t('ipo.timesText', { count: offering.maxTimes })}
          </Fact>
          <Fact label={t('ipo.f.minFunds')} testId={`ipo-min-funds-${id}`}>
            {offering.minFunds === 0 ? dash : won(offering.minFunds)}
          </Fact>
          <Fact label={t('ipo.f.paymentDeadline')} testId={`ipo-deadline-${id}`}>
            {seoulMinute(offering.paymentDeadline)}
          </Fact>
        </>
      ) : null}
    </>
  );
}
