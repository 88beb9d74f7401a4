import { Box, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waitFor } from 'xstate';
import { Link as RouterLink } from 'react-router-dom';
import { parseMoney } from '../../contract/money';
import type { FundCurrency, RechargeChannelDto } from '../../contract/schemas/funds';
import { call } from '../api';
import { EmptyData } from '../components/EmptyData';
import { SubmitButton } from '../components/form';
import { AmountField } from './funds/AmountField';
import { limitParams, moneyWithCurrency, validateAmount } from './funds/amount';
import { CurrencyScreen } from './funds/CurrencyScreen';
import { FundLoadState } from './funds/FundLoadState';
import { FundOrderResult } from './funds/FundOrderResult';
import { fundCurrencyOf } from './funds/fundCurrency';
import { makeRechargeFlow } from './funds/moneyFlows';
import { NEEDS_KYC, NeedsKyc, orNeedsKyc } from './funds/NeedsKyc';
import { PendingOperation } from './funds/PendingOperation';
import { RefusalNote } from './funds/RefusalNote';
import { VoucherPicker } from './funds/VoucherPicker';
import { WindowNote } from './funds/WindowNote';
import { useLoaded } from './useLoaded';

/**
 * /information/recharge — a deposit: the amount (typed in major units, sent in minor units) and
 * the transfer voucher (uploaded first, with progress and a preview), then the deposit made, with
 * its state and Cancel while it `accepts` it. One fund operation at a time: when one is pending
 * the screen says so and links to the records instead of offering a form.
 */
export default function RechargeScreen() {
  const { t } = useTranslation();
  return <CurrencyScreen title={t('funds.recharge.title')} Body={Recharge} />;
}

function Recharge({ currency }: { currency: FundCurrency }) {
  const { t } = useTranslation();
  const channel = useLoaded(() => orNeedsKyc(call('rechargeChannel', { currency })));
  // Only to say early that another fund operation is pending; the deposit call refuses anyway.
  const pending = useLoaded(() => call('cashOutInfo', { currency }, { silent: true }));
  if (channel.failed || !channel.data) {
    return (
      <FundLoadState load={channel} testId="recharge" failedText={t('funds.recharge.loadFailed')} />
    );
  }
  if (channel.data === NEEDS_KYC) return <NeedsKyc testId="recharge-needs-kyc" />;
  if (channel.data.channels.length === 0) {
    return (
      <Box bg="bg" borderRadius="xl" data-testid="recharge-empty">
        <EmptyData text={t('funds.channel.empty')} />
      </Box>
    );
  }
  if ((pending.data?.pendingOrderId ?? null) !== null) {
    return <PendingOperation testId="recharge-pending" />;
  }
  return <RechargeFlow info={channel.data} />;
}

function RechargeFlow({ info }: { info: RechargeChannelDto }) {
  const { t } = useTranslation();
  const currency = fundCurrencyOf(info.currency);
  const [machine] = useState(makeRechargeFlow);
  const flow = useActorRef(machine, { input: { currency } });
  const { editing, refused } = useSelector(
    flow,
    (s) => ({
      editing: s.matches('editing'),
      refused: s.matches({ editing: { form: 'refused' } }),
    }),
    shallowEqual,
  );
  const refusal = useSelector(flow, (s) => s.context.refusal);
  const order = useSelector(flow, (s) => s.context.order);
  const params = limitParams(currency, info);
  const limits = {
    min: info.min,
    max: info.max,
    below: 'deposit.below_min',
    above: 'deposit.above_max',
  } as const;

  if (order) return <FundOrderResult order={order} />;
  if (!editing) return null;
  return (
    <Formik
      initialValues={{ amount: '' }}
      validate={validateAmount(currency, limits)}
      onSubmit={async ({ amount }) => {
        const minor = parseMoney(amount, currency);
        if (minor === null) return;
        flow.send({ type: 'submit', amount: minor });
        // The button spins until the deposit is answered.
        await waitFor(flow, (s) => !s.matches({ editing: { form: 'submitting' } }));
      }}
    >
      <Form noValidate data-testid="recharge-form">
        <Stack gap="5" bg="bg" borderRadius="xl" p="4">
          <Text fontSize="sm" color="fg.muted">
            {t('funds.recharge.intro')}{' '}
            <RouterLink
              to={`/information/rechargeChannel?currency=${currency}`}
              data-testid="recharge-channels"
              style={{ textDecoration: 'underline' }}
            >
              {t('funds.recharge.channels')}
            </RouterLink>
          </Text>
          <AmountField
            currency={currency}
            label={t('funds.recharge.amount')}
            params={params}
            helper={t('funds.limits', {
              min: moneyWithCurrency(info.min, currency),
              max: moneyWithCurrency(info.max, currency),
            })}
          />
          <VoucherPicker flow={flow} />
          <WindowNote window={info.window} />
          {refused && refusal ? (
            <RefusalNote
              refusal={refusal}
              params={params}
              actionLabel={t('funds.edit')}
              onAction={() => flow.send({ type: 'edit' })}
              testId="recharge-refusal"
            />
          ) : (
            <SubmitButton testId="recharge-submit">{t('funds.recharge.submit')}</SubmitButton>
          )}
        </Stack>
      </Form>
    </Formik>
  );
}
