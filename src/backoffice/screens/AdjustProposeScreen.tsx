import {
  Button,
  Field,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CURRENCIES } from '../../../contract/money';
import { FUND_CURRENCIES } from '../../../contract/schemas/funds';
import type { FundCurrency } from '../../../contract/schemas/funds';
import { adjustProposeRequest } from '../../../contract/schemas/funds-staff';
import { REASON_MAX_LENGTH } from '../../../contract/schemas/staff';
import { staffCall } from '../api';
import { parseMinor, signedMoney } from '../parts/amounts';
import { PageTitle, Panel } from '../parts/common';
import { ADJUST_PAGES } from '../parts/proposals';
import { SubNav } from '../parts/SubNav';
import { firstInvalid } from '../parts/validate';
import { toast } from '../toaster';

/**
 * Propose a manual adjustment of one customer's available balance: a signed amount in the
 * currency's units (converted to minor units as text, never through a float) and a reason.
 * Nothing is posted until another staff member approves it.
 */
export default function AdjustProposeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [customerId, setCustomerId] = useState(params.get('customerId') ?? '');
  const [currency, setCurrency] = useState<FundCurrency>('KRW');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const minor = parseMinor(amount, currency);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (minor === null) {
      setError(t('adjust.badAmount', { digits: CURRENCIES[currency].minorDigits }));
      return;
    }
    const body = {
      customerId: /^\d+$/.test(customerId.trim()) ? Number(customerId.trim()) : Number.NaN,
      currency,
      amount: minor,
      reason: reason.trim(),
    };
    const invalid = firstInvalid(adjustProposeRequest, body, (field) =>
      t(`adjust.fields.${field}`),
    );
    setError(invalid);
    if (invalid) return;
    setSending(true);
    try {
      await staffCall('adjustPropose', body);
      toast(t('adjust.proposed'), 'success');
      void navigate('/ledger/adjust/list');
    } catch {
      // toasted
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <PageTitle>{t('adjust.proposeTitle')}</PageTitle>
      <SubNav items={ADJUST_PAGES} />
      <Panel>
        {/* noValidate: the contract's checks answer in the staff member's language, not the browser's. */}
        <form noValidate onSubmit={(e) => void submit(e)} data-testid="adjust-propose-form">
          <Stack gap="4" maxW="3xl">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <Field.Root required>
                <Field.Label>{t('adjust.fields.customerId')}</Field.Label>
                <Input
                  name="customerId"
                  data-testid="adjust-customer"
                  inputMode="numeric"
                  value={customerId}
                  onChange={(e) => setCustomerId(e.currentTarget.value)}
                />
              </Field.Root>
              <Field.Root required>
                <Field.Label>{t('adjust.fields.currency')}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    data-testid="adjust-currency"
                    aria-label={t('adjust.fields.currency')}
                    value={currency}
                    onChange={(e) => setCurrency(e.currentTarget.value as FundCurrency)}
                  >
                    {FUND_CURRENCIES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root required>
                <Field.Label>{t('adjust.fields.amount')}</Field.Label>
                <Input
                  name="amount"
                  data-testid="adjust-amount"
                  inputMode="decimal"
                  value={amount}
                  onChange={(e) => setAmount(e.currentTarget.value)}
                />
                <Field.HelperText>{t('adjust.amountHelp')}</Field.HelperText>
              </Field.Root>
            </SimpleGrid>
            {minor !== null && minor !== 0 ? (
              <Text data-testid="adjust-preview">
                {t(minor > 0 ? 'adjust.previewCredit' : 'adjust.previewDebit', {
                  amount: signedMoney(minor, currency),
                  customer: customerId.trim(),
                })}
              </Text>
            ) : null}
            <Field.Root required invalid={error !== null}>
              <Field.Label>{t('common.reason')}</Field.Label>
              <Textarea
                name="reason"
                data-testid="adjust-reason"
                rows={3}
                maxLength={REASON_MAX_LENGTH}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              <Field.HelperText>{t('adjust.proposeHelp')}</Field.HelperText>
              {error !== null ? (
                <Field.ErrorText data-testid="adjust-propose-error">{error}</Field.ErrorText>
              ) : null}
            </Field.Root>
            <Button
              type="submit"
              alignSelf="flex-start"
              data-testid="adjust-propose-submit"
              loading={sending}
            >
              {t('adjust.proposeSubmit')}
            </Button>
          </Stack>
        </form>
      </Panel>
    </>
  );
}
