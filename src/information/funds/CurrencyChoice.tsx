import { Button, Grid } from '@chakra-ui/react';
import type { Currency } from '../../../contract/money';

/** A row of currency buttons, the chosen one filled (`aria-pressed`): KRW, USD, USDT. */
export function CurrencyChoice<C extends Currency>({
  currencies,
  value,
  onChange,
  label,
}: {
  currencies: readonly C[];
  value: C;
  onChange: (currency: C) => void;
  label: string;
}) {
  return (
    <Grid
      templateColumns={`repeat(${currencies.length}, 1fr)`}
      gap="2"
      role="group"
      aria-label={label}
      data-testid="currency-choice"
    >
      {currencies.map((currency) => (
        <Button
          key={currency}
          size="md"
          variant={currency === value ? 'solid' : 'outline'}
          aria-pressed={currency === value}
          onClick={() => onChange(currency)}
          data-testid={`currency-${currency}`}
        >
          {currency}
        </Button>
      ))}
    </Grid>
  );
}
