import { Text } from '@chakra-ui/react';
import type { TextProps } from '@chakra-ui/react';
import { DIRECTION_COLOR, changeLabel, directionOf, formatRate } from '../format';

interface ChangeTextProps extends Omit<TextProps, 'children'> {
  change: number;
  rate?: number;
  /** Decimals of the change (indices and FX: 2). */
  decimals?: number;
  arrow?: boolean;
}

/** "▲ 1,200 +1.23%" in red, or blue when down (the Korean convention). */
export function ChangeText({ change, rate, decimals = 0, arrow = true, ...rest }: ChangeTextProps) {
  return (
    <Text color={DIRECTION_COLOR[directionOf(change)]} fontVariantNumeric="tabular-nums" {...rest}>
      {changeLabel(change, rate, decimals, arrow)}
    </Text>
  );
}

/** Just the rate, as a coloured chip (lists). */
export function RateChip({ rate, testId }: { rate: number; testId?: string }) {
  const dir = directionOf(rate);
  return (
    <Text
      as="span"
      display="inline-block"
      minW="4.5rem"
      textAlign="center"
      fontSize="sm"
      fontWeight="semibold"
      fontVariantNumeric="tabular-nums"
      color="white"
      bg={DIRECTION_COLOR[dir]}
      borderRadius="md"
      px="2"
      py="1"
      data-testid={testId}
    >
      {formatRate(rate)}
    </Text>
  );
}
