import { Box, Flex, Grid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Stat {
  key: string;
  label: string;
  value: ReactNode;
  color?: string;
  /** Shown under the value, small (e.g. why a figure is missing). */
  note?: string;
  /** Takes the whole row (long values such as an industry name). */
  wide?: boolean;
}

/**
 * Two columns of label and value, as brokerage detail screens list a stock's figures. A value too
 * long for its column (Korean exact amounts such as "1,182조 1,500억" at 390 px) moves under its
 * label and may break between its groups; nothing is clipped.
 */
export function StatsGrid({
  stats,
  placeholder = false,
}: {
  stats: readonly Stat[];
  /** The layout of figures still loading (no test ids: nothing here is a figure yet). */
  placeholder?: boolean;
}) {
  return (
    // minmax(0, …): a long value wraps inside its column instead of widening it.
    <Grid templateColumns="repeat(2, minmax(0, 1fr))" columnGap="6" rowGap="2.5" px="4">
      {stats.map((s) => (
        <Box
          key={s.key}
          gridColumn={s.wide ? 'span 2' : undefined}
          data-testid={placeholder ? undefined : `stat-${s.key}`}
        >
          <Flex wrap="wrap" alignItems="baseline" columnGap="2">
            <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
              {s.label}
            </Text>
            <Text
              fontSize="sm"
              fontWeight="semibold"
              textAlign="end"
              ms="auto"
              minW="0"
              overflowWrap="anywhere"
              color={s.color}
              fontVariantNumeric="tabular-nums"
              title={s.note}
            >
              {s.value}
            </Text>
          </Flex>
          {s.note ? (
            <Text fontSize="2xs" color="fg.subtle" textAlign="end">
              {s.note}
            </Text>
          ) : null}
        </Box>
      ))}
    </Grid>
  );
}
