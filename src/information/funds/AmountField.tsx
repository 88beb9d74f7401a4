import { Button, Field, Flex, Input, Text } from '@chakra-ui/react';
import { useField, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../contract/money';
import { CURRENCIES } from '../../../contract/money';
import { translateRefusal } from '../../i18n/translateRefusal';

/**
 * The amount in major units as the customer types it (the form keeps the text; the screen turns it
 * into minor units with `parseMoney`), the currency beside it, an optional "all" button, and the
 * error in words with the limits it names (`params`).
 */
export function AmountField({
  currency,
  label,
  params = {},
  helper,
  onAll,
}: {
  currency: Currency;
  label: string;
  params?: Record<string, string>;
  helper?: ReactNode;
  onAll?: () => void;
}) {
  const { t } = useTranslation();
  const [field, meta] = useField<string>('amount');
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  const decimals = CURRENCIES[currency].minorDigits > 0;
  return (
    <Field.Root id="field-amount" invalid={error !== undefined}>
      <Field.Label fontSize="sm" color="fg.muted" fontWeight="medium">
        {label}
      </Field.Label>
      <Flex gap="2" w="full" align="center">
        <Input
          {...field}
          inputMode={decimals ? 'decimal' : 'numeric'}
          autoComplete="off"
          size="lg"
          bg="bg"
          borderRadius="lg"
          flex="1"
          fontVariantNumeric="tabular-nums"
          data-testid="input-amount"
        />
        <Text fontWeight="semibold" minW="12" textAlign="center" data-testid="amount-currency">
          {currency}
        </Text>
        {onAll ? (
          <Button size="sm" variant="outline" onClick={onAll} data-testid="amount-all">
            {t('funds.all')}
          </Button>
        ) : null}
      </Flex>
      {helper && !error ? <Field.HelperText fontSize="xs">{helper}</Field.HelperText> : null}
      {error ? (
        <Field.ErrorText fontSize="xs" data-testid="error-amount">
          {translateRefusal(error, { ...params, field: 'amount' })}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
