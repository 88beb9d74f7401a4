import { useTranslation } from 'react-i18next';
import type { IpoSubscriptionDto } from '../../../contract/schemas/ipo';
import { formatPrice } from '../../market/format';
import { Fact } from '../block/OfferingFacts';
import { seoulMinute } from './ipoLook';

/**
 * A subscription's money and shares, as the spec lists them: subscription price, quantity,
 * deposit, winning quantity and amount, payment due, amount paid up, refunded; `full` adds the
 * payment deadline and the listing day.
 */
export function SubscriptionFigures({
  subscription: s,
  full = false,
}: {
  subscription: IpoSubscriptionDto;
  full?: boolean;
}) {
  const { t } = useTranslation();
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });
  const dash = t('ipo.none');
  const id = s.id;
  return (
    <>
      <Fact label={t('ipo.f.offerPrice')}>{won(s.offerPrice)}</Fact>
      <Fact label={t('ipo.f.shares')} testId={`sub-shares-${id}`}>
        {t('ticket.sharesCount', { shares: formatPrice(s.shares) })}
      </Fact>
      <Fact label={t('ipo.f.deposit')} testId={`sub-deposit-${id}`}>
        {won(s.deposit)}
      </Fact>
      <Fact label={t('ipo.f.allotted')} testId={`sub-allotted-${id}`}>
        {s.allotted === null
          ? t('ipo.notDrawn')
          : t('ticket.sharesCount', { shares: formatPrice(s.allotted) })}
      </Fact>
      <Fact label={t('ipo.f.allottedAmount')} testId={`sub-allotted-amount-${id}`}>
        {s.allottedAmount === null ? dash : won(s.allottedAmount)}
      </Fact>
      <Fact label={t('ipo.f.due')} testId={`sub-due-${id}`}>
        {s.due === null ? dash : won(s.due)}
      </Fact>
      <Fact label={t('ipo.f.paid')} testId={`sub-paid-${id}`}>
        {won(s.paid)}
      </Fact>
      <Fact label={t('ipo.f.refunded')} testId={`sub-refunded-${id}`}>
        {won(s.refunded)}
      </Fact>
      {full ? (
        <>
          <Fact label={t('ipo.f.paymentDeadline')} testId={`sub-deadline-${id}`}>
            {seoulMinute(s.paymentDeadline)}
          </Fact>
          <Fact label={t('ipo.f.listingDate')} testId={`sub-listing-${id}`}>
            {seoulMinute(s.listingAt)}
          </Fact>
        </>
      ) : null}
    </>
  );
}
