import { Box, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookLevel, OrderBookSnapshot } from '../../../contract';
import { DIRECTION_COLOR, directionOf, formatPrice, formatRate } from '../format';
import { useBook, useQuoteValue } from '../live';
import { Card } from './Card';
import { ListState } from './ListState';
import { useNearViewport } from './useNearViewport';
import './live-rows.css';

const LEVELS = 5;

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
  /** Taps on the price use it (the order ticket's limit price); stable, so the memo holds. */
  onPick?: (price: number) => void;
}

/**
 * One level: asks show their quantity on the left, bids on the right, the price in the middle.
 * Memoised on plain values, so an update re-renders only the levels that changed; plain elements
 * and classes (live-rows.css), with the values that change on every update in `style`, so a
 * render never goes through the style engine.
 */
const BookRow = memo(function BookRow({
  side,
  n,
  price,
  qty,
  barPercent,
  prevClose,
  isLast,
  onPick,
}: RowProps) {
  const dir = price === null ? 'flat' : directionOf(price - prevClose);
  const priceStyle = { borderWidth: isLast ? '1.5px' : 0, color: DIRECTION_COLOR[dir] };
  const qtyCell = (
    <div className="maru-book-qty">
      <div className="maru-book-bar" style={{ width: `${barPercent}%` }} />
      <p className="maru-book-qty-text">{qty === null ? '' : formatPrice(qty)}</p>
    </div>
  );
  return (
    <div className="maru-book-row" data-side={side} data-testid={`book-${side}-${n}`}>
      {side === 'ask' ? qtyCell : <div className="maru-book-spacer" />}
      {onPick && price !== null ? (
        // A button holds phrasing content only: spans, styled by the same classes.
        <button
          type="button"
          className="maru-book-price maru-book-pick"
          style={priceStyle}
          onClick={() => onPick(price)}
          data-testid={`book-${side}-${n}-pick`}
        >
          <span className="maru-book-price-text" data-testid={`book-${side}-${n}-price`}>
            {formatPrice(price)}
          </span>
          <span className="maru-book-rate">{formatRate(price / prevClose - 1)}</span>
        </button>
      ) : (
        <div className="maru-book-price" style={priceStyle}>
          <p className="maru-book-price-text" data-testid={`book-${side}-${n}-price`}>
            {price === null ? '' : formatPrice(price)}
          </p>
          <p className="maru-book-rate">
            {price === null ? '' : formatRate(price / prevClose - 1)}
          </p>
        </div>
      )}
      {side === 'bid' ? qtyCell : <div className="maru-book-spacer" />}
    </div>
  );
});

function rowProps(level: BookLevel | undefined, maxQty: number) {
  return {
    price: level?.price ?? null,
    qty: level?.qty ?? null,
    barPercent: level ? Math.max(2, Math.round((level.qty / maxQty) * 100)) : 0,
  };
}

/**
 * The levels and totals of a loaded book. The traded price (which level is marked) comes from the
 * live quote here, not through the card: a quote tick re-renders these rows only, not the card,
 * its title and its state (bench/README.md).
 */
const BookLevels = memo(function BookLevels({
  code,
  book,
  prevClose,
  subscribe,
  onPick,
}: {
  code: string;
  book: OrderBookSnapshot;
  prevClose: number;
  subscribe: boolean;
  onPick?: (price: number) => void;
}) {
  const { t } = useTranslation();
  const last = useQuoteValue(subscribe ? code : null, (q) => q?.price ?? null);
  const asks = book.asks.slice(0, LEVELS);
  const bids = book.bids.slice(0, LEVELS);
  const maxQty = Math.max(1, ...asks.map((l) => l.qty), ...bids.map((l) => l.qty));
  const levels = Array.from({ length: LEVELS }, (_, i) => i + 1);
  return (
    <Box px="3">
      <div className="maru-book-head">
        <p>{t('market.askQty')}</p>
        <p>{t('market.price')}</p>
        <p>{t('market.bidQty')}</p>
      </div>
      <div className="maru-book-levels">
        {[...levels].reverse().map((n) => (
          <BookRow
            key={`a${n}`}
            side="ask"
            n={n}
            {...rowProps(asks[n - 1], maxQty)}
            prevClose={prevClose}
            isLast={asks[n - 1]?.price === last}
            onPick={onPick}
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
            onPick={onPick}
          />
        ))}
      </div>
      <div className="maru-book-foot">
        <p>
          {t('market.totalAsk')} {formatPrice(book.totalAskQty)}
        </p>
        <p>
          {t('market.totalBid')} {formatPrice(book.totalBidQty)}
        </p>
      </div>
    </Box>
  );
});

/**
 * The five-level book, live: asks from the fifth down to the best, then bids from the best. Below
 * the stock detail's first screenful, so its feed starts when it comes near the screen (its
 * skeleton until then): at load its subscription and renders are off the price's path.
 */
export function OrderBook({
  code,
  prevClose,
  subscribe,
  onPick,
}: {
  code: string;
  prevClose: number;
  /** False until the screen's first paint: then the traded level follows the live quote. */
  subscribe: boolean;
  /** Makes the prices buttons that hand their price on (the order ticket's limit price). */
  onPick?: (price: number) => void;
}) {
  const { t } = useTranslation();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const { data, status } = useBook(near ? code : null, LEVELS);
  return (
    <div ref={ref}>
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
          loading={!data && (!near || status === 'connecting' || status === 'polling')}
          failed={!data && status === 'error'}
          empty={!data}
          rows={6}
        >
          {data ? (
            <BookLevels
              code={code}
              book={data}
              prevClose={prevClose}
              subscribe={subscribe}
              onPick={onPick}
            />
          ) : null}
        </ListState>
      </Card>
    </div>
  );
}
