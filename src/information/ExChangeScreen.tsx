import {
  Box,
  Button,
  Field,
  Flex,
  IconButton,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waitFor } from 'xstate';
import { formatMoney, moneyInput, parseMoney } from '../../contract/money';
import type { Currency } from '../../contract/money';
import { EXCHANGE_CURRENCIES, exchangeRequest } from '../../contract/schemas/funds';
import type { BalanceRowDto } from '../../contract/schemas/money';
import type { ExchangeDto, ExchangeQuoteDto } from '../../contract/schemas/funds';
import { quoteLifeLeft } from '../../machines/flows/exchange';
import { call } from '../api';
import { BackHeader } from '../components/BackHeader';
import { LoadError } from '../components/LoadError';
import { SubmitButton } from '../components/form';
import { formatSeoulTime } from '../market/format';
import { Row } from './DetailRow';
import { AmountField } from './funds/AmountField';
import { FundPasswordFields } from './funds/FundPasswordFields';
import { amountProblem, moneyWithCurrency } from './funds/amount';
import { makeExchangeFlow } from './funds/moneyFlows';
import { quotedRate } from './funds/rate';
import { RefusalNote } from './funds/RefusalNote';
import { useLoaded } from './useLoaded';

type ExchangeCurrency = (typeof EXCHANGE_CURRENCIES)[number];
type ExchangeFlowRef = ReturnType<typeof useExchangeFlow>;

const passwordSchema = exchangeRequest.pick(['fundPassword']);

function useExchangeFlow() {
  const [machine] = useState(makeExchangeFlow);
  return useActorRef(machine);
}

/**
 * /information/exChange — currency exchange: from and to (never the same; a swap button), the
 * amount sold, a quote (rate per 1, or per 100 for JPY and VND; what is received; the fee) with a
 * countdown to its expiry (then quote again), confirmed with the fund password; the result shows
 * both legs. What the customer holds of each currency comes from `/user/balances`.
 */
export default function ExChangeScreen() {
  const { t } = useTranslation();
  const balances = useLoaded(() => call('balances', {}));
  const [round, setRound] = useState(0);
  let body;
  if (balances.failed) {
    body = (
      <LoadError
        card
        testId="exchange-error"
        text={t('funds.exchange.loadFailed')}
        onRetry={balances.reload}
      />
    );
  } else if (!balances.data) {
    body = <Skeleton h="64" borderRadius="xl" data-testid="exchange-loading" />;
  } else {
    body = (
      <Exchange
        key={round}
        balances={balances.data}
        onAgain={() => {
          balances.reload();
          setRound((n) => n + 1);
        }}
      />
    );
  }
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('funds.exchange.title')} />
      <Stack gap="4" px="4" pt="4">
        {body}
      </Stack>
    </Box>
  );
}

function Exchange({ balances, onAgain }: { balances: BalanceRowDto[]; onAgain: () => void }) {
  const { t } = useTranslation();
  const flow = useExchangeFlow();
  const step = useSelector(flow, (s) =>
    (['editing', 'quoting', 'quoted', 'expired', 'exchanging', 'refused', 'done'] as const).find(
      (name) => s.matches(name),
    ),
  );
  const { draft, quote, refusal, result } = useSelector(
    flow,
    (s) => ({
      draft: s.context.draft,
      quote: s.context.quote,
      refusal: s.context.refusal,
      result: s.context.result,
    }),
    shallowEqual,
  );

  if (result) return <ExchangeResult result={result} onAgain={onAgain} />;
  if (step === 'editing' || step === 'quoting') {
    const from: ExchangeCurrency = draft?.from ?? 'KRW';
    const to: ExchangeCurrency = draft?.to ?? 'USD';
    return (
      <Formik
        initialValues={{
          from,
          to,
          amount: draft ? moneyInput(draft.amount, from) : '',
        }}
        validate={({ amount, from: sold }) => {
          const problem = amountProblem(amount, sold);
          return problem ? { amount: problem } : {};
        }}
        onSubmit={async ({ from: sold, to, amount }) => {
          const minor = parseMoney(amount, sold);
          if (minor === null) return;
          flow.send({ type: 'quote', draft: { from: sold, to, amount: minor } });
          await waitFor(flow, (s) => !s.matches('quoting'));
        }}
      >
        <ExchangeForm balances={balances} />
      </Formik>
    );
  }
  if (quote && (step === 'quoted' || step === 'exchanging' || step === 'expired')) {
    return <QuoteCard flow={flow} quote={quote} expired={step === 'expired'} />;
  }
  if (step === 'refused' && refusal) {
    return (
      <RefusalNote
        refusal={refusal}
        actionLabel={t('funds.edit')}
        onAction={() => flow.send({ type: quote ? 'retry' : 'edit' })}
        testId="exchange-refusal"
      />
    );
  }
  if (step === 'expired') {
    // The server no longer had the quote: say so and quote again.
    return (
      <Stack gap="3" bg="bg" borderRadius="xl" p="4" data-testid="exchange-expired">
        <Text fontSize="sm">{t('funds.exchange.expired')}</Text>
        <Button onClick={() => flow.send({ type: 'requote' })} data-testid="exchange-requote">
          {t('funds.exchange.requote')}
        </Button>
      </Stack>
    );
  }
  return null;
}

function ExchangeForm({ balances }: { balances: BalanceRowDto[] }) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<{
    from: ExchangeCurrency;
    to: ExchangeCurrency;
    amount: string;
  }>();
  const held = balances.find((b) => b.currency === values.from);
  const swap = () => {
    void setFieldValue('from', values.to);
    void setFieldValue('to', values.from);
  };
  return (
    <Form noValidate data-testid="exchange-form">
      <Stack gap="5" bg="bg" borderRadius="xl" p="4">
        <Flex gap="2" align="end">
          <CurrencySelect name="from" label={t('funds.exchange.from')} other={values.to} />
          <IconButton
            variant="outline"
            size="lg"
            aria-label={t('funds.exchange.swap')}
            onClick={swap}
            data-testid="exchange-swap"
          >
            ⇄
          </IconButton>
          <CurrencySelect name="to" label={t('funds.exchange.to')} other={values.from} />
        </Flex>
        {held ? (
          <Text fontSize="sm" color="fg.muted" data-testid="exchange-available">
            {t('funds.exchange.available', {
              amount: moneyWithCurrency(held.available, held.currency),
            })}
          </Text>
        ) : null}
        <AmountField currency={values.from} label={t('funds.exchange.amount')} />
        <SubmitButton testId="exchange-quote">{t('funds.exchange.getQuote')}</SubmitButton>
      </Stack>
    </Form>
  );
}

/** One side of the pair; choosing the other side's currency swaps the two (never the same). */
function CurrencySelect({
  name,
  label,
  other,
}: {
  name: 'from' | 'to';
  label: string;
  other: ExchangeCurrency;
}) {
  const [field, , helpers] = useField<ExchangeCurrency>(name);
  const { setFieldValue } = useFormikContext();
  return (
    <Field.Root flex="1">
      <Field.Label fontSize="sm" color="fg.muted" fontWeight="medium" htmlFor={`field-${name}`}>
        {label}
      </Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => {
            const next = event.target.value as ExchangeCurrency;
            if (next === other) void setFieldValue(name === 'from' ? 'to' : 'from', field.value);
            void helpers.setValue(next);
          }}
          id={`field-${name}`}
          bg="bg"
          data-testid={`input-${name}`}
        >
          {EXCHANGE_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Seconds a quote has left, ticking once a second. */
function useSecondsLeft(quote: ExchangeQuoteDto): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.ceil(quoteLifeLeft(quote, now) / 1000);
}

function rateLine(rate: string, from: Currency, to: Currency): string {
  const { units, perUnits } = quotedRate(rate, from);
  return `${units} ${from} = ${perUnits} ${to}`;
}

function QuoteCard({
  flow,
  quote,
  expired,
}: {
  flow: ExchangeFlowRef;
  quote: ExchangeQuoteDto;
  expired: boolean;
}) {
  const { t } = useTranslation();
  const seconds = useSecondsLeft(quote);
  const exchanging = useSelector(flow, (s) => s.matches('exchanging'));
  return (
    <Stack gap="4" bg="bg" borderRadius="xl" p="4" data-testid="exchange-quote-card">
      <Box>
        <Row label={t('funds.exchange.sell')} testId="exchange-quote-sell">
          {moneyWithCurrency(quote.amount, quote.from)}
        </Row>
        <Row label={t('funds.exchange.rate')} testId="exchange-quote-rate">
          {rateLine(quote.rate, quote.from, quote.to)}
        </Row>
        <Row label={t('funds.exchange.receive')} testId="exchange-quote-receive">
          {moneyWithCurrency(quote.receive, quote.to)}
        </Row>
        <Row label={t('funds.exchange.fee')} testId="exchange-quote-fee">
          {moneyWithCurrency(quote.fee, quote.to)}
        </Row>
      </Box>
      {expired ? (
        <Stack gap="3" data-testid="exchange-expired">
          <Text fontSize="sm" color="fg.warning">
            {t('funds.exchange.expired')}
          </Text>
          <Button onClick={() => flow.send({ type: 'requote' })} data-testid="exchange-requote">
            {t('funds.exchange.requote')}
          </Button>
        </Stack>
      ) : (
        <Formik
          initialValues={{ fundPassword: '' }}
          validationSchema={passwordSchema}
          onSubmit={async ({ fundPassword }) => {
            flow.send({ type: 'confirm', fundPassword });
            await waitFor(flow, (s) => !s.matches('exchanging'));
          }}
        >
          <Form noValidate>
            <Stack gap="3">
              <Text
                fontSize="sm"
                color={seconds <= 5 ? 'fg.warning' : 'fg.muted'}
                role="timer"
                aria-live="off"
                data-testid="exchange-countdown"
              >
                {t('funds.exchange.validFor', { seconds })}
              </Text>
              <FundPasswordFields
                busy={exchanging}
                onBack={() => flow.send({ type: 'edit' })}
                backTestId="exchange-edit"
                submitTestId="exchange-confirm"
                submitLabel={t('funds.exchange.confirm')}
              />
            </Stack>
          </Form>
        </Formik>
      )}
    </Stack>
  );
}

function ExchangeResult({ result, onAgain }: { result: ExchangeDto; onAgain: () => void }) {
  const { t } = useTranslation();
  const signed = (amount: number, currency: Currency) =>
    `${amount > 0 ? '+' : ''}${formatMoney(amount, currency)} ${currency}`;
  return (
    <Stack gap="3" bg="bg" borderRadius="xl" p="4" data-testid="exchange-result">
      <Text fontWeight="semibold">{t('funds.exchange.done')}</Text>
      <Box>
        <Row label={t('funds.result.orderNo')} testId="exchange-result-no">
          {result.orderNo}
        </Row>
        <Row label={t('funds.exchange.sold')} testId="exchange-sold">
          {signed(result.sold.amount, result.sold.currency)}
        </Row>
        <Row label={t('funds.exchange.bought')} testId="exchange-bought">
          {signed(result.bought.amount, result.bought.currency)}
        </Row>
        <Row label={t('funds.exchange.rate')}>
          {rateLine(result.rate, result.sold.currency, result.bought.currency)}
        </Row>
        <Row label={t('funds.exchange.fee')}>
          {moneyWithCurrency(result.fee, result.bought.currency)}
        </Row>
        <Row label={t('funds.result.time')}>{formatSeoulTime(Date.parse(result.createdAt))}</Row>
      </Box>
      <Button variant="outline" onClick={onAgain} data-testid="exchange-again">
        {t('funds.exchange.again')}
      </Button>
    </Stack>
  );
}
