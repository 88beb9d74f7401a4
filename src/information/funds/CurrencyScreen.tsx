import { Box, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FUND_CURRENCIES } from '../../../contract/schemas/funds';
import type { FundCurrency } from '../../../contract/schemas/funds';
import { BackHeader } from '../../components/BackHeader';
import { CurrencyChoice } from './CurrencyChoice';
import { fundCurrencyOf } from './fundCurrency';

/**
 * A money screen for one fund currency: the header, the currency choice (kept in `?currency=` so a
 * link or a reload lands on the same one) and what `children` draws for the chosen currency.
 */
export function CurrencyScreen({
  title,
  children,
}: {
  title: string;
  children: (currency: FundCurrency) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const currency = fundCurrencyOf(params.get('currency'));
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={title} />
      <Stack gap="4" px="4" pt="4">
        <CurrencyChoice
          currencies={FUND_CURRENCIES}
          value={currency}
          onChange={(next) => setParams({ currency: next }, { replace: true })}
          label={t('funds.currency')}
        />
        {children(currency)}
      </Stack>
    </Box>
  );
}
