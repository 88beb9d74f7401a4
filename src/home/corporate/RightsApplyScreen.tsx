import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { RightsOfferDto } from '../../../contract/schemas/corporate';
import { call } from '../../api';
import { notify } from '../../components/toaster';
import { FundPasswordConfirm } from '../../information/FundPasswordConfirm';
import { formatPrice } from '../../market/format';
import { useMarketCall } from '../../market/useMarketCall';
import { idOf } from '../block/blockLook';
import { Fact, NameLine } from '../block/OfferingFacts';
import { OfferingFormFrame, StepperField } from '../block/OfferingScreenParts';
import { minuteOf, perHundred } from './corporateLook';

/**
 * /home/rightsApply?id=… — apply for new shares of a rights issue the record date entitled me
 * to: a shares stepper up to what is left of the entitlement, issue price × shares held at once,
 * the fund password, and the application sent once per confirmation (its own Idempotency-Key).
 * A refusal is shown in the customer's language under the keypad.
 */
export default function RightsApplyScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const list = useMarketCall('corporateList', {});
  const offer = list.data?.rights.find((r) => r.id === id);
  return (
    <OfferingFormFrame
      testId="rights-apply"
      title={t('corporate.applyTitle')}
      fallback="/home/dividend"
      list={list}
      empty={!offer}
      emptyText={t('corporate.notOffered')}
    >
      {offer ? <ApplyForm key={offer.id} offer={offer} /> : null}
    </OfferingFormFrame>
  );
}

function ApplyForm({ offer }: { offer: RightsOfferDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const left = Math.max(0, offer.entitled - offer.applied);
  const [shares, setShares] = useState(Math.min(1, left));
  const [confirming, setConfirming] = useState(false);
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });
  const open = offer.open && left > 0;

  const apply = async (fundPassword: string) => {
    // One key per confirmation: a repeat of this request is answered, never applied twice.
    await call(
      'corporateApply',
      { id: offer.id, shares, fundPassword },
      { idempotencyKey: crypto.randomUUID(), silent: true },
    );
    notify(t('corporate.applied_done'), 'success');
    void navigate('/home/dividend', { replace: true });
  };

  return (
    <Stack px="4" gap="4" data-testid="rights-apply-form">
      <Box>
        <NameLine name={offer.name} symbol={offer.symbol} nameTestId="rights-apply-name">
          {null}
        </NameLine>
        <Fact label={t('corporate.issuePrice')}>{won(offer.issuePrice)}</Fact>
        <Fact label={t('corporate.ratio')}>
          {t('corporate.ratioText', { n: perHundred(offer.ratioPpm) })}
        </Fact>
        <Fact label={t('corporate.entitled')} testId="rights-apply-left">
          {t('corporate.leftText', {
            left: formatPrice(left),
            entitled: formatPrice(offer.entitled),
          })}
        </Fact>
        <Fact label={t('corporate.windowCloses')}>{minuteOf(offer.windowClosesAt)}</Fact>
        <Fact label={t('corporate.listingDate')}>{minuteOf(offer.listingAt)}</Fact>
      </Box>
      {open ? (
        <>
          <StepperField
            label={t('corporate.shares')}
            value={shares}
            onChange={setShares}
            min={1}
            max={left}
            step={1}
            name="shares"
          />
          <Box>
            <Fact label={t('corporate.total')} testId="rights-apply-total">
              {won(offer.issuePrice * shares)}
            </Fact>
            <Text fontSize="xs" color="fg.muted" mt="1">
              {t('corporate.holdNote')}
            </Text>
          </Box>
          {confirming ? (
            <FundPasswordConfirm
              testId="rights-apply-confirm"
              onConfirm={apply}
              onCancel={() => setConfirming(false)}
            />
          ) : (
            <Button size="lg" onClick={() => setConfirming(true)} data-testid="rights-apply-next">
              {t('corporate.apply')}
            </Button>
          )}
        </>
      ) : (
        <Text fontSize="sm" color="fg.error" data-testid="rights-apply-closed">
          {t(offer.open ? 'corporate.nothingLeft' : 'corporate.closedNote')}
        </Text>
      )}
    </Stack>
  );
}
