import { Box, Button, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Form, Formik, useField } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { waitFor } from 'xstate';
import { moneyInput, parseMoney } from '../../contract/money';
import { cashOutRequest } from '../../contract/schemas/funds';
import type { CashOutInfoDto, FundCurrency } from '../../contract/schemas/funds';
import type { CashOutDraft } from '../../machines/flows/cash-out';
import { call } from '../api';
import { EmptyData } from '../components/EmptyData';
import { SubmitButton } from '../components/form';
import { Row } from './DetailRow';
import { AmountField } from './funds/AmountField';
import { limitParams, moneyWithCurrency, validateAmount } from './funds/amount';
import { CurrencyScreen } from './funds/CurrencyScreen';
import { FundLoadState } from './funds/FundLoadState';
import { FundOrderResult } from './funds/FundOrderResult';
import { FundPasswordFields } from './funds/FundPasswordFields';
import { fundCurrencyOf } from './funds/fundCurrency';
import { makeCashOutFlow } from './funds/moneyFlows';
import { NEEDS_KYC, NeedsKyc, orNeedsKyc } from './funds/NeedsKyc';
import { PendingOperation } from './funds/PendingOperation';
import { RefusalNote } from './funds/RefusalNote';
import { WindowNote } from './funds/WindowNote';
import { useLoaded } from './useLoaded';

/** A place the money can go: a bank card for KRW and USD, a wallet for USDT. */
interface Destination {
  key: string;
  label: string;
  draft: Pick<CashOutDraft, 'cardId' | 'walletId'>;
}

const passwordSchema = cashOutRequest.pick(['fundPassword']);

/**
 * /information/cashOut — a withdrawal: the currency, a card (KRW, USD) or wallet (USDT), the amount
 * (or all that is withdrawable), a confirmation sheet with the fund password, then the withdrawal
 * with its expected arrival and Cancel while it `accepts` it. Limits, the window and whether another
 * fund operation is pending come from `/user/cashOut/info`.
 */
export default function CashOutScreen() {
  const { t } = useTranslation();
  return <CurrencyScreen title={t('funds.cashOut.title')} Body={CashOut} />;
}

function CashOut({ currency }: { currency: FundCurrency }) {
  const { t } = useTranslation();
  const toWallet = currency === 'USDT';
  const load = useLoaded(() =>
    Promise.all([
      orNeedsKyc(call('cashOutInfo', { currency })),
      toWallet
        ? call('walletList', {}).then((wallets) =>
            wallets.map((w): Destination => ({
              key: `wallet-${w.id}`,
              label: `${w.type} ${w.address}`,
              draft: { walletId: w.id },
            })),
          )
        : call('bankList', {}).then((cards) =>
            cards.map((c): Destination => ({
              key: `card-${c.id}`,
              label: `${c.bank} ${c.masked}`,
              draft: { cardId: c.id },
            })),
          ),
    ] as const),
  );
  if (load.failed || !load.data) {
    return (
      <FundLoadState load={load} testId="cashout" failedText={t('funds.cashOut.loadFailed')} />
    );
  }
  const [info, destinations] = load.data;
  if (info === NEEDS_KYC) return <NeedsKyc testId="cashout-needs-kyc" />;
  if (info.pendingOrderId !== null) return <PendingOperation testId="cashout-pending" />;
  if (destinations.length === 0) {
    return (
      <Stack gap="3" bg="bg" borderRadius="xl" pb="4" data-testid="cashout-destinations-empty">
        <EmptyData text={t(toWallet ? 'funds.cashOut.noWallet' : 'funds.cashOut.noCard')} />
        <Button mx="4" variant="outline" asChild data-testid="cashout-add-destination">
          <RouterLink to={toWallet ? '/information/usdtAddress' : '/information/addBankCard'}>
            {t(toWallet ? 'funds.cashOut.addWallet' : 'funds.cashOut.addCard')}
          </RouterLink>
        </Button>
      </Stack>
    );
  }
  return <CashOutFlow info={info} destinations={destinations} />;
}

function CashOutFlow({
  info,
  destinations,
}: {
  info: CashOutInfoDto;
  destinations: Destination[];
}) {
  const { t } = useTranslation();
  const currency = fundCurrencyOf(info.currency);
  const [machine] = useState(makeCashOutFlow);
  const flow = useActorRef(machine);
  const step = useSelector(flow, (s) =>
    (['editing', 'confirming', 'submitting', 'refused', 'done'] as const).find((name) =>
      s.matches(name),
    ),
  );
  const draft = useSelector(flow, (s) => s.context.draft);
  const refusal = useSelector(flow, (s) => s.context.refusal);
  const order = useSelector(flow, (s) => s.context.order);
  const params = limitParams(currency, info);
  const limits = {
    min: info.min,
    max: info.max,
    below: 'withdrawal.below_min',
    above: 'withdrawal.above_max',
    most: { amount: info.withdrawable, code: 'withdrawal.insufficient' },
  } as const;

  if (order) return <FundOrderResult order={order} />;
  const chosen = destinations.find(
    (d) => draft && d.draft.cardId === draft.cardId && d.draft.walletId === draft.walletId,
  );
  const initial = {
    destination: chosen?.key ?? destinations[0]?.key ?? '',
    amount: draft ? moneyInput(draft.amount, currency) : '',
  };

  if (step === 'editing') {
    return (
      // Keyed: the form and the sheet are two Formiks, never one carrying the other's values.
      <Formik
        key="form"
        initialValues={initial}
        validate={validateAmount(currency, limits)}
        onSubmit={({ amount, destination }) => {
          const minor = parseMoney(amount, currency);
          const to = destinations.find((d) => d.key === destination);
          if (minor === null || !to) return;
          flow.send({ type: 'review', draft: { currency, amount: minor, ...to.draft } });
        }}
      >
        {({ setFieldValue }) => (
          <Form noValidate data-testid="cashout-form">
            <Stack gap="5" bg="bg" borderRadius="xl" p="4">
              <Text fontSize="sm" data-testid="cashout-withdrawable">
                {t('funds.cashOut.withdrawable', {
                  amount: moneyWithCurrency(info.withdrawable, currency),
                })}
              </Text>
              <DestinationSelect destinations={destinations} />
              <AmountField
                currency={currency}
                label={t('funds.cashOut.amount')}
                params={params}
                helper={t('funds.limits', { min: params.min, max: params.max })}
                onAll={() => void setFieldValue('amount', moneyInput(info.withdrawable, currency))}
              />
              <Stack gap="1">
                <WindowNote window={info.window} />
                <Text fontSize="xs" color="fg.muted">
                  {t('funds.cashOut.arrivalNote')}
                </Text>
              </Stack>
              <SubmitButton testId="cashout-next">{t('funds.cashOut.next')}</SubmitButton>
            </Stack>
          </Form>
        )}
      </Formik>
    );
  }

  const destinationLabel = chosen?.label ?? '';
  if ((step === 'confirming' || step === 'submitting') && draft) {
    return (
      <Formik
        key="sheet"
        initialValues={{ fundPassword: '' }}
        validationSchema={passwordSchema}
        onSubmit={async ({ fundPassword }) => {
          flow.send({ type: 'confirm', fundPassword });
          await waitFor(flow, (s) => !s.matches('submitting'));
        }}
      >
        <Form noValidate data-testid="cashout-confirm">
          <Stack gap="4" bg="bg" borderRadius="xl" p="4" boxShadow="lg">
            <Text fontWeight="semibold">{t('funds.cashOut.confirmTitle')}</Text>
            <Box>
              <Row label={t('funds.cashOut.amount')} testId="cashout-confirm-amount">
                {moneyWithCurrency(draft.amount, currency)}
              </Row>
              <Row label={t('funds.cashOut.destination')} testId="cashout-confirm-destination">
                {destinationLabel}
              </Row>
            </Box>
            <FundPasswordFields
              busy={step === 'submitting'}
              onBack={() => flow.send({ type: 'back' })}
              backTestId="cashout-confirm-back"
              submitTestId="cashout-confirm-submit"
              submitLabel={t('funds.cashOut.submit')}
            />
          </Stack>
        </Form>
      </Formik>
    );
  }

  if (step === 'refused' && refusal) {
    return (
      <RefusalNote
        refusal={refusal}
        params={params}
        actionLabel={t('funds.edit')}
        onAction={() => flow.send({ type: 'edit' })}
        testId="cashout-refusal"
      />
    );
  }
  return null;
}

function DestinationSelect({ destinations }: { destinations: Destination[] }) {
  const { t } = useTranslation();
  const [field] = useField<string>('destination');
  return (
    <Field.Root>
      <Field.Label fontSize="sm" color="fg.muted" fontWeight="medium" htmlFor="field-destination">
        {t('funds.cashOut.destination')}
      </Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field
          {...field}
          id="field-destination"
          bg="bg"
          data-testid="input-destination"
        >
          {destinations.map((d) => (
            <option key={d.key} value={d.key}>
              {d.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
