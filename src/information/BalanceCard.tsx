import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, formatMoney } from '../../contract/money';
import type { BalanceDto } from '../../contract/schemas/user';

/** Total and available balance per currency; amounts are minor units, formatted by the contract. */
export function BalanceCard({ balances }: { balances: readonly BalanceDto[] }) {
  const { t } = useTranslation();
  return (
    <Box bg="bg" borderRadius="xl" px="4" py="3" boxShadow="0 4px 16px rgba(20, 43, 102, 0.08)">
      <Text fontSize="sm" fontWeight="semibold" color="fg.muted" py="1">
        {t('mine.balances')}
      </Text>
      {balances.length === 0 ? (
        <Text py="3" fontSize="sm" color="fg.subtle" data-testid="balances-empty">
          {t('common.empty')}
        </Text>
      ) : null}
      {balances.map(({ currency, total, available }, i) => (
        <Flex
          key={currency}
          align="center"
          py="3"
          borderTopWidth={i === 0 ? '0' : '1px'}
          borderColor="border.muted"
          gap="3"
        >
          <Flex
            w="9"
            h="9"
            borderRadius="full"
            bg="brand.subtle"
            color="brand.fg"
            fontWeight="bold"
            fontSize="sm"
            align="center"
            justify="center"
            flexShrink={0}
          >
            {CURRENCIES[currency].symbol}
          </Flex>
          <Box flex="1">
            <Text fontWeight="semibold">{currency}</Text>
            <Text fontSize="xs" color="fg.subtle">
              {t('mine.available')} {formatMoney(available, currency)}
            </Text>
          </Box>
          <Text
            fontSize="lg"
            fontWeight="bold"
            fontVariantNumeric="tabular-nums"
            data-testid={`mine-balance-${currency}`}
          >
            {formatMoney(total, currency)}
          </Text>
        </Flex>
      ))}
    </Box>
  );
}
