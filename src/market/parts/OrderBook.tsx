import { Box, Flex, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookLevel } from '../../../contract';
import { DIRECTION_COLOR, directionOf, formatPrice, formatRate } from '../format';
import { useBook } from '../live';
import { Card } from './Card';
import { ListState } from './ListState';

const LEVELS = 5;
const ASK_BG = 'rgba(37, 99, 235, 0.07)';
const BID_BG = 'rgba(229, 51, 63, 0.07)';

interface RowProps {
  side: 'ask' | 'bid';
  n: number;
  /** null: the level is empty (the book is thinner than five levels, or at a price limit). */
  price: number | null;
  qty: number | null;
  /** Width of the quantity bar, whole percent of the largest level on screen. */
  barPercent: number;
  prevClose: number;
  isLast: boolean;
}

/**
 * One level: asks show their quantity on the left, bids on the right, the price in the middle.
 * Memoised on plain values, so an update re-renders only the levels that changed; the values that
 * change on every update go in `style`, which skips the style engine.
 */
const BookRow = memo(function BookRow({
  side,
  n,
  price,
  qty,
  barPercent,
  prevClose,
  isLast,
}: RowProps) {
  const dir = price === null ? 'flat' : directionOf(price - prevClose);
  const qtyCell = (align: 'left' | 'right') => (
    <Flex
      flex="1"
      position="relative"
      h="full"
      align="center"
      justify={align === 'left' ? 'flex-end' : 'flex-start'}
    >
      <Box
        position="absolute"
        top="1"
        bottom="1"
        {...(align === 'left' ? { right: 0 } : { left: 0 })}
        bg={side === 'ask' ? 'rgba(37, 99, 235, 0.16)' : 'rgba(229, 51, 63, 0.16)'}
        borderRadius="sm"
        style={{ width: `${barPercent}%` }}
      />
      <Text position="relative" px="2" fontSize="sm" fontVariantNumeric="tabular-nums">
        {qty === null ? '' : formatPrice(qty)}
      </Text>
    </Flex>
  );
  return (
    <Flex h="9" bg={side === 'ask' ? ASK_BG : BID_BG} data-testid={`book-${side}-${n}`}>
      {side === 'ask' ? qtyCell('left') : <Box flex="1" />}
      <Flex
        w="36%"
        align="center"
        justify="center"
        gap="1.5"
        borderColor="gray.800"
        style={{ borderWidth: isLast ? '1.5px' : 0, color: DIRECTION_COLOR[dir] }}
      >
        <Text
          fontSize="sm"
          fontWeight="bold"
          fontVariantNumeric="tabular-nums"
          data-testid={`book-${side}-${n}-price`}
        >
          {price === null ? '' : formatPrice(price)}
        </Text>
        <Text fontSize="2xs">{price === null ? '' : formatRate(price / prevClose - 1)}</Text>
      </Flex>
      {side === 'bid' ? qtyCell('right') : <Box flex="1" />}
    </Flex>
  );
});

function rowProps(level: BookLevel | undefined, maxQty: number) {
  return {
    price: level?.price ?? null,
    qty: level?.qty ?? null,
    barPercent: level ? Math.max(2, Math.round((level.qty / maxQty) * 100)) : 0,
  };
}

/** The five-level book, live: asks from the fifth down to the best, then bids from the best. */
export function OrderBook({
  code,
  prevClose,
  last,
}: {
  code: string;
  prevClose: number;
  last: number | null;
}) {
  const { t } = useTranslation();
  const { data, status } = useBook(code, LEVELS);
  const asks = data?.asks.slice(0, LEVELS) ?? [];
  const bids = data?.bids.slice(0, LEVELS) ?? [];
  const maxQty = Math.max(1, ...asks.map((l) => l.qty), ...bids.map((l) => l.qty));
  const levels = Array.from({ length: LEVELS }, (_, i) => i + 1);
  return (
    <Card
      title={t('market.orderBook')}
      right={
        data?.auction ? (
          <Text fontSize="xs" color="orange.600" fontWeight="semibold">
            {t('market.auction')}
          </Text>
        ) : undefined
      }
      data-testid="order-book"
    >
      <ListState
        testId="book"
        loading={!data && (status === 'connecting' || status === 'polling')}
        failed={!data && status === 'error'}
        empty={!data}
        rows={6}
      >
        <Box px="3">
          <Flex fontSize="2xs" color="fg.subtle" mb="1" px="2">
            <Text flex="1">{t('market.askQty')}</Text>
            <Text w="36%" textAlign="center">
              {t('market.price')}
            </Text>
            <Text flex="1" textAlign="end">
              {t('market.bidQty')}
            </Text>
          </Flex>
          <Box borderRadius="lg" overflow="hidden">
            {[...levels].reverse().map((n) => (
              <BookRow
                key={`a${n}`}
                side="ask"
                n={n}
                {...rowProps(asks[n - 1], maxQty)}
                prevClose={prevClose}
                isLast={asks[n - 1]?.price === last}
              />
            ))}
            {levels.map((n) => (
              <BookRow
                key={`b${n}`}
                side="bid"
                n={n}
                {...rowProps(bids[n - 1], maxQty)}
                prevClose={prevClose}
                isLast={bids[n - 1]?.price === last}
              />
            ))}
          </Box>
          <Flex mt="2" px="2" fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
            <Text flex="1">
              {t('market.totalAsk')} {formatPrice(data?.totalAskQty ?? 0)}
            </Text>
            <Text flex="1" textAlign="end">
              {t('market.totalBid')} {formatPrice(data?.totalBidQty ?? 0)}
            </Text>
          </Flex>
        </Box>
      </ListState>
    </Card>
  );
}
