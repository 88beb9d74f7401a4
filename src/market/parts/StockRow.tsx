import { Box, Flex, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PriceFlash } from '../../components/PriceFlash';
import { formatPrice } from '../format';
import { RateChip } from './ChangeText';

interface StockRowProps {
  code: string;
  name: string;
  price: number;
  changeRate: number;
  rank?: number;
  /** A line under the name (market, volume…). */
  detail?: ReactNode;
  testId?: string;
  /** Something before the name (a checkbox in edit mode); the row is then not a link. */
  leading?: ReactNode;
  onClick?: () => void;
}

/** One stock in a list: rank, name and code, price, and the rate chip; tap opens the stock. */
export function StockRow({
  code,
  name,
  price,
  changeRate,
  rank,
  detail,
  testId,
  leading,
  onClick,
}: StockRowProps) {
  const navigate = useNavigate();
  const open = onClick ?? (() => void navigate(`/market/stockDetail?code=${code}`));
  return (
    <chakra.button
      type="button"
      display="flex"
      w="full"
      alignItems="center"
      gap="3"
      px="4"
      py="3"
      textAlign="start"
      onClick={open}
      _active={{ bg: 'bg.subtle' }}
      data-testid={testId}
    >
      {leading}
      {rank !== undefined ? (
        <Text w="5" fontSize="sm" fontWeight="bold" color={rank <= 3 ? 'brand.fg' : 'fg.subtle'}>
          {rank}
        </Text>
      ) : null}
      <Box flex="1" minW="0">
        {/* Long (English) names take a second line, and the detail line wraps as a whole under
            the code, rather than cutting a figure off at 390 px. */}
        <Text fontSize="md" fontWeight="semibold" lineClamp={2} overflowWrap="anywhere">
          {name}
        </Text>
        <Flex wrap="wrap" columnGap="1.5" fontSize="xs" color="fg.subtle">
          <Text>{code}</Text>
          {detail ? <Text whiteSpace="nowrap">{detail}</Text> : null}
        </Flex>
      </Box>
      <Text
        fontSize="md"
        fontWeight="semibold"
        fontVariantNumeric="tabular-nums"
        whiteSpace="nowrap"
      >
        <PriceFlash value={price} testId={testId ? `${testId}-price` : undefined}>
          {formatPrice(price)}
        </PriceFlash>
      </Text>
      <RateChip rate={changeRate} />
    </chakra.button>
  );
}
