import { Box, Flex, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, formatMoney } from '../../contract/money';
import type { BalanceRowDto } from '../../contract/schemas/money';
import type { BalanceDto } from '../../contract/schemas/user';
import { call } from '../api';
import { onLiveBalances, onLiveReconnect } from '../market/live/account-live';
import { useLoaded } from './useLoaded';

/**
 * Total, available and withdrawable per currency (minor units, formatted by the contract) from
 * /user/balances. Until that answers (or if it fails) the balances /user/info brought are shown,
 * without the withdrawable line, so the card never flashes empty. Then it follows the `/account`
 * socket's pushes (after every journal entry on the customer's accounts), and refetches after a
 * reconnect.
 */
export function BalanceCard({ balances }: { balances: readonly BalanceDto[] }) {
  const { t } = useTranslation();
  const live = useLoaded(() => call('balances', {}));
  const [pushed, setPushed] = useState<BalanceRowDto[] | null>(null);
  const { reload } = live;
  useEffect(() => {
    const stopBalances = onLiveBalances(setPushed);
    const stopReconnect = onLiveReconnect(() => {
      setPushed(null);
      reload();
    });
    return () => {
      stopBalances();
      stopReconnect();
    };
  }, [reload]);
  const rows: readonly (BalanceDto | BalanceRowDto)[] =
    pushed ?? (Array.isArray(live.data) ? live.data : balances);
  return (
    <Box bg="bg" borderRadius="xl" px="4" py="3" boxShadow="0 4px 16px rgba(20, 43, 102, 0.08)">
      <Text fontSize="sm" fontWeight="semibold" color="fg.muted" py="1">
        {t('mine.balances')}
      </Text>
      {rows.length === 0 ? (
        <Text py="3" fontSize="sm" color="fg.subtle" data-testid="balances-empty">
          {t('common.empty')}
        </Text>
      ) : null}
      {rows.map((row, i) => (
        <Flex
          key={row.currency}
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
            {CURRENCIES[row.currency].symbol}
          </Flex>
          <Box flex="1">
            <Text fontWeight="semibold">{row.currency}</Text>
            <Text fontSize="xs" color="fg.subtle" data-testid={`mine-available-${row.currency}`}>
              {t('mine.available')} {formatMoney(row.available, row.currency)}
            </Text>
            {'withdrawable' in row ? (
              <Text
                fontSize="xs"
                color="fg.subtle"
                data-testid={`mine-withdrawable-${row.currency}`}
              >
                {t('money.balance.withdrawable')} {formatMoney(row.withdrawable, row.currency)}
              </Text>
            ) : null}
          </Box>
          <Text
            fontSize="lg"
            fontWeight="bold"
            fontVariantNumeric="tabular-nums"
            data-testid={`mine-balance-${row.currency}`}
          >
            {formatMoney(row.total, row.currency)}
          </Text>
        </Flex>
      ))}
    </Box>
  );
}
