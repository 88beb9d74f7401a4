import { Box, Stack } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FUND_CURRENCIES } from '../../../contract/schemas/funds';
import type { FundCurrency } from '../../../contract/schemas/funds';
import { BackHeader } from '../../components/BackHeader';
import { CurrencyChoice } from './CurrencyChoice';
import { fundCurrencyOf } from './fundCurrency';

/**
 * A money screen for one fund currency: the header, the currency choice (kept in `?currency=` so a
 * link or a reload lands on the same one) and `Body` for the chosen currency, keyed by it so that
 * a change of currency starts the body afresh.
 */
export function CurrencyScreen({
  title,
  Body,
}: {
  title: string;
  Body: ComponentType<{ currency: FundCurrency }>;
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
        <Body key={currency} currency={currency} />
      </Stack>
    </Box>
  );
}
