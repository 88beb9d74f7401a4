import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DIRECTION_COLOR, directionOf, formatChange, formatPrice } from '../market/format';
import type { HoldingTotals } from './valuation';

/** The holding tab's sums: margin pledged, market value and unrealised P&L, valued live. */
export function TotalsCard({ totals }: { totals: HoldingTotals }) {
  const { t } = useTranslation();
  const item = (key: keyof HoldingTotals, value: string, color?: string) => (
    <Box flex="1" minW="0">
      <Text fontSize="xs" color="fg.muted">
        {t(`positions.totals.${key}`)}
      </Text>
      <Text
        fontWeight="bold"
        fontVariantNumeric="tabular-nums"
        color={color}
        // A large sum wraps rather than losing its last digits.
        overflowWrap="anywhere"
        data-testid={`positions-total-${key}`}
      >
        {value}
      </Text>
    </Box>
  );
  return (
    <Box
      bg="bg"
      borderRadius="xl"
      p="4"
      boxShadow="0 4px 16px rgba(20, 43, 102, 0.08)"
      data-testid="positions-totals"
    >
      <Text fontSize="sm" fontWeight="semibold" mb="2">
        {t('positions.totals.title')}
      </Text>
      <Flex gap="3">
        {item('margin', formatPrice(totals.margin))}
        {item('marketValue', formatPrice(totals.marketValue))}
        {item(
          'unrealisedPnl',
          formatChange(totals.unrealisedPnl),
          DIRECTION_COLOR[directionOf(totals.unrealisedPnl)],
        )}
      </Flex>
    </Box>
  );
}
