import { Text } from '@chakra-ui/react';
import type { TextProps } from '@chakra-ui/react';
import { DIRECTION_ARROW, DIRECTION_COLOR, directionOf, formatChange, formatRate } from '../format';

interface ChangeTextProps extends Omit<TextProps, 'children'> {
  change: number;
  rate?: number;
  /** Decimals of the change (indices and FX: 2). */
  decimals?: number;
  arrow?: boolean;
}

/** The words of a change: "▲ 1,200 +1.23%" (the arrow replaces the sign). */
export function changeLabel(change: number, rate?: number, decimals = 0, arrow = true): string {
  const dir = directionOf(change);
  return [
    arrow && DIRECTION_ARROW[dir] ? DIRECTION_ARROW[dir] : null,
    formatChange(change, decimals).replace(/^[+-]/, arrow ? '' : '$&'),
    rate === undefined ? null : formatRate(rate),
  ]
    .filter((p) => p !== null)
    .join(' ');
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
