import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { waitFor } from 'xstate';
import type { IpoDetailDto } from '../../../contract/schemas/ipo';
import { depositPreview, sharesProblem } from '../../../machines/flows/ipo-subscribe';
import type { IpoSubscribeTerms } from '../../../machines/flows/ipo-subscribe';
import { NumericStepper } from '../../components/NumericStepper';
import { RefusalBox } from '../../components/RefusalBox';
import { FundPasswordFields } from '../../information/funds/FundPasswordFields';
import { translateRefusal } from '../../i18n/translateRefusal';
import { formatPrice } from '../../market/format';
import { Fact } from '../block/OfferingFacts';
import { makeIpoSubscribeFlow } from './ipoFlow';

const SIX_DIGITS = /^[0-9]{6}$/;
const STEPS = ['editing', 'confirming', 'submitting', 'refused', 'done'] as const;

/**
 * Subscribing to an open offering, driven by the subscribe flow (machines/flows/ipo-subscribe.ts):
 * the shares from the minimum lot with the deposit they hold and the cash available, the fund
 * password keypad, then the subscription made or the refusal in the customer's language.
 */
export function SubscribeFlow({
  detail,
  onSubscribed,
}: {
  detail: IpoDetailDto;
  onSubscribed: () => void;
}) {
  const { t } = useTranslation();
  const { offering, available } = detail;
  const terms: IpoSubscribeTerms = {
    offeringId: offering.id,
    offerPrice: offering.offerPrice,
    minShares: offering.minShares,
    depositPct: offering.depositPct,
  };
  const [machine] = useState(makeIpoSubscribeFlow);
  const flow = useActorRef(machine, { input: terms });
  const step = useSelector(flow, (s) => STEPS.find((name) => s.matches(name)));
  const chosen = useSelector(flow, (s) => s.context.shares);
  const refusal = useSelector(flow, (s) => s.context.refusal);
  const made = useSelector(flow, (s) => s.context.subscription);
  const [shares, setShares] = useState(chosen ?? offering.minShares);
  useEffect(() => {
    const subscription = flow.on('subscribed', onSubscribed);
    return () => subscription.unsubscribe();
  }, [flow, onSubscribed]);

  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });
  const deposit = depositPreview(terms, shares);
  const problem = sharesProblem(terms, shares);

  if (step === 'editing') {
    return (
      <Stack gap="3" data-testid="ipo-subscribe-form">
        <Box>
          <Text fontSize="sm" fontWeight="semibold" mb="1">
            {t('ipo.subscribe.shares')}
          </Text>
          <NumericStepper
            value={shares}
            onChange={setShares}
            min={offering.minShares}
            step={1}
            name="shares"
            aria-label={t('ipo.subscribe.shares')}
          />
          <Text fontSize="xs" color="fg.muted" mt="1">
            {t('ipo.subscribe.minNote', { min: formatPrice(offering.minShares) })}
          </Text>
        </Box>
        <Box data-testid="ipo-subscribe-preview">
          <Fact label={t('ipo.subscribe.amount')} testId="ipo-subscribe-amount">
            {won(offering.offerPrice * shares)}
          </Fact>
          <Fact
            label={t('ipo.subscribe.deposit', { pct: offering.depositPct })}
            testId="ipo-subscribe-deposit"
          >
            {deposit === null ? t('ipo.none') : won(deposit)}
          </Fact>
          <Fact label={t('ipo.subscribe.available')} testId="ipo-subscribe-available">
            {won(available)}
          </Fact>
          {deposit !== null && deposit > available ? (
            <Text fontSize="xs" color="fg.error" data-testid="ipo-subscribe-short">
              {t('ipo.subscribe.short')}
            </Text>
          ) : null}
          <Text fontSize="xs" color="fg.muted" mt="1">
            {t('ipo.subscribe.depositNote')}
          </Text>
        </Box>
        <Button
          size="lg"
          disabled={problem !== null}
          onClick={() => flow.send({ type: 'review', shares })}
          data-testid="ipo-subscribe-next"
        >
          {t('ipo.subscribe.next')}
        </Button>
      </Stack>
    );
  }

  if ((step === 'confirming' || step === 'submitting') && chosen !== null) {
    const held = depositPreview(terms, chosen) ?? 0;
    return (
      <Formik
        initialValues={{ fundPassword: '' }}
        validate={({ fundPassword }) =>
          SIX_DIGITS.test(fundPassword) ? {} : { fundPassword: 'fund_password.invalid' }
        }
        onSubmit={async ({ fundPassword }) => {
          flow.send({ type: 'confirm', fundPassword });
          await waitFor(flow, (s) => !s.matches('submitting'));
        }}
      >
        <Form noValidate data-testid="ipo-keypad">
          <Stack gap="4">
            <Text fontWeight="semibold">{t('ipo.subscribe.keypadTitle')}</Text>
            <Text fontSize="sm" color="fg.muted" data-testid="ipo-keypad-summary">
              {t('ipo.subscribe.summary', {
                shares: formatPrice(chosen),
                deposit: formatPrice(held),
              })}
            </Text>
            <FundPasswordFields
              busy={step === 'submitting'}
              onBack={() => flow.send({ type: 'back' })}
              backTestId="ipo-keypad-back"
              submitTestId="ipo-subscribe-submit"
              submitLabel={t('ipo.subscribe.submit')}
            />
          </Stack>
        </Form>
      </Formik>
    );
  }

  if (step === 'refused' && refusal) {
    return (
      <RefusalBox
        code={refusal.code}
        text={translateRefusal(refusal.code, refusal.params)}
        title={t('ipo.subscribe.refused')}
        testId="ipo-subscribe-refusal"
      >
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => flow.send({ type: 'edit' })}
          data-testid="ipo-subscribe-edit"
        >
          {t('ipo.subscribe.edit')}
        </Button>
      </RefusalBox>
    );
  }

  if (step === 'done' && made) {
    return (
      <Stack gap="3" role="status" data-testid="ipo-subscribe-done">
        <Text fontWeight="semibold" color="green.700">
          {t('ipo.subscribe.done')}
        </Text>
        <Box>
          <Fact label={t('ipo.f.subscriptionNo')} testId="ipo-done-no">
            {made.subscriptionNo}
          </Fact>
          <Fact label={t('ipo.f.shares')}>
            {t('ticket.sharesCount', { shares: formatPrice(made.shares) })}
          </Fact>
          <Fact label={t('ipo.f.deposit')} testId="ipo-done-deposit">
            {won(made.deposit)}
          </Fact>
        </Box>
        <Stack direction="row" gap="2">
          <Button size="sm" variant="outline" asChild data-testid="ipo-done-record">
            <RouterLink to={`/home/newStockRecord?id=${made.id}`}>
              {t('ipo.subscribe.viewRecord')}
            </RouterLink>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => flow.send({ type: 'again' })}
            data-testid="ipo-subscribe-again"
          >
            {t('ipo.subscribe.again')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  return null;
}
