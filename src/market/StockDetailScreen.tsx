import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { BackHeader } from '../components/BackHeader';
import { PriceFlash } from '../components/PriceFlash';
import { WatchToggle } from '../favorite/WatchToggle';
import type { StockDetailDto } from '../../contract/schemas/market';
import type { OrderSide } from '../../contract/trade';
import type { PickedPrice } from '../trade/ticket/OrderTicket';
import { preloadTradeTicket } from '../trade/ticket/lazyTradeTicket';
import { SHEET_MAX_HEIGHT, TicketSheet } from '../trade/ticket/TicketSheet';
import { TRADE_BAR_HEIGHT, TradeBar } from '../trade/ticket/TradeBar';
import { StockChart } from './chart/StockChart';
import {
  DIRECTION_COLOR,
  changeLabel,
  directionOf,
  formatAmount,
  formatPrice,
  formatShares,
} from './format';
import { useQuote, useQuoteValue } from './live';
import { useIndustryName, useStockName } from './names';
import { Card } from './parts/Card';
import { ListState } from './parts/ListState';
import { OrderBook } from './parts/OrderBook';
import { SimulatedBadge } from './parts/SimulatedBadge';
import { SkeletonBlock } from './parts/SkeletonBlock';
import { useAfterPaint } from './parts/useAfterPaint';
import type { Stat } from './parts/StatsGrid';
import { StatsGrid } from './parts/StatsGrid';
import { StockNewsPanel } from './StockNewsPanel';
import { useMarketCall } from './useMarketCall';
import './parts/live-rows.css';

// The live quote re-renders this screen up to five times a second: the parts whose props did not
// change (the header, the chart, the book between price moves) skip those renders.
const Header = memo(BackHeader);
const Chart = memo(StockChart);

/** Room below the cards for the trade bar (its height is a Chakra spacing token). */
const TRADE_BAR_SPACE = `var(--chakra-spacing-${TRADE_BAR_HEIGHT})`;

/** After the price shows: the chart's first draw and the live feeds come first. */
const TICKET_PRELOAD_DELAY_MS = 5_000;
const Book = memo(OrderBook);
/** Its rows (Chakra, dates) would otherwise re-render with every quote. */
const News = memo(StockNewsPanel);

/**
 * The stock's name and, under it, its code and market: memoised, as they do not move with the
 * quote. Each on a line of its own, loading or loaded, so a long name cannot push the simulated
 * badge or the code onto another line when the detail arrives and move the chart down (a layout
 * shift in English and Chinese at 390 px). A name too long for its line (a fund's or a SPAC's)
 * wraps: the whole name is on the screen, the title above cutting it short.
 */
const NameLine = memo(function NameLine({
  name,
  code,
  market,
}: {
  /** Null while the detail loads: grey blocks in their place. */
  name: string | null;
  code: string;
  market: string | undefined;
}) {
  return (
    <div className="maru-quote-name">
      <div className="maru-quote-title">
        <p
          className="maru-quote-stock"
          data-testid={name === null ? undefined : 'stock-name'}
          title={name ?? undefined}
        >
          {name ?? <SkeletonBlock inline style={{ width: '7rem' }} />}
        </p>
        <SimulatedBadge compact />
      </div>
      <p className="maru-quote-code" data-testid={market ? 'stock-code' : undefined}>
        {market ? `${code} · ${market}` : <SkeletonBlock inline style={{ width: '6rem' }} />}
      </p>
    </div>
  );
});

/** The figures of the stats grid, in order (their labels are `market.<key>`). */
const STAT_KEYS = [
  'open',
  'prevClose',
  'high',
  'low',
  'upperLimit',
  'lowerLimit',
  'week52High',
  'week52Low',
  'volume',
  'turnover',
  'marketCap',
  'industryPe',
  'industry',
] as const;

/**
 * Figures that take a whole row: the market cap is too long for half of one in some languages
 * ("1,180.38T" in English at 390 px), and a value that wraps only once loaded moves what is below.
 */
const WIDE_STATS: ReadonlySet<string> = new Set(['marketCap', 'industryPe', 'industry']);

/** A figure of the stats grid: its key (its label is `market.<key>`), value and colour. */
type StatOf = Pick<Stat, 'key' | 'value' | 'color'>;

/**
 * The quote card's live part: the name line, the price and change, and the day's figures. It
 * alone subscribes to the quote, so a tick (up to five a second) re-renders these plain rows and
 * not the screen's frame, chart or sheet (bench/README.md). While the detail loads it draws the
 * same rows with grey blocks and dashes: the answer then changes their text, rather than
 * replacing a skeleton by a new tree (removing and adding ~120 elements in one long task).
 */
const LiveQuote = memo(function LiveQuote({
  code,
  name,
  stock,
  subscribe,
}: {
  code: string;
  /** The stock's name in the reader's language (the screen's title too). */
  name: string;
  /** Null while the detail loads. */
  stock: StockDetailDto['stock'] | null;
  /** False until the screen's first paint (useAfterPaint): the figures show the detail call's. */
  subscribe: boolean;
}) {
  const { t, i18n } = useTranslation();
  const live = useQuote(subscribe && stock ? code : null).data;
  const locale = i18n.resolvedLanguage ?? 'ko';
  const industryName = useIndustryName();
  const figures: StatOf[] = stock
    ? quoteFigures(stock, live, locale, industryName(stock.industryNames))
    : STAT_KEYS.map((key) => ({ key, value: '—' }));
  const stats: Stat[] = figures.map((f) => ({
    ...f,
    label: t(`market.${f.key}`),
    note: f.key === 'industryPe' ? t('market.industryPeNote') : undefined,
    wide: WIDE_STATS.has(f.key),
    // An industry's name may be long: under its label, loading (a dash) or loaded.
    stacked: f.key === 'industry',
  }));
  const change = live?.change ?? stock?.change ?? 0;
  const color = stock ? DIRECTION_COLOR[directionOf(change)] : undefined;
  const price = live?.price ?? stock?.price ?? 0;

  return (
    <>
      <div className="maru-quote-head">
        <NameLine name={stock ? name : null} code={code} market={stock?.market} />
        {/* Plain elements and classes (live-rows.css): this re-renders with every quote. */}
        <p
          className="maru-quote-price"
          style={{ color }}
          data-testid={stock ? 'stock-price' : undefined}
        >
          {stock ? (
            <PriceFlash value={price}>{formatPrice(price)}</PriceFlash>
          ) : (
            <SkeletonBlock inline style={{ width: '40%' }} />
          )}
        </p>
        <div className="maru-quote-line">
          <p
            className="maru-quote-change"
            style={{ color }}
            data-testid={stock ? 'stock-change' : undefined}
          >
            {stock ? (
              changeLabel(change, live?.changeRate ?? stock.changeRate)
            ) : (
              // A fixed width: the line's flex item has no width of its own to take a share of.
              <SkeletonBlock inline style={{ width: '6rem' }} />
            )}
          </p>
          {live?.vi ? <p className="maru-quote-flag">VI</p> : null}
          {live?.halted ? <p className="maru-quote-flag">{t('market.haltedShort')}</p> : null}
        </div>
      </div>
      <StatsGrid stats={stats} placeholder={!stock} />
    </>
  );
});

/** The day's figures of a loaded stock, the live quote's where it has them. */
function quoteFigures(
  stock: StockDetailDto['stock'],
  live: ReturnType<typeof useQuote>['data'],
  locale: string,
  industry: string,
): StatOf[] {
  const prevClose = live?.prevClose ?? stock.prevClose;
  const colorOf = (value: number | null | undefined) =>
    value === null || value === undefined
      ? undefined
      : DIRECTION_COLOR[directionOf(value - prevClose)];
  const open = live?.open ?? stock.open ?? null;
  const high = live?.high ?? stock.high ?? null;
  const low = live?.low ?? stock.low ?? null;
  return [
    { key: 'open', value: formatPrice(open), color: colorOf(open) },
    { key: 'prevClose', value: formatPrice(prevClose) },
    { key: 'high', value: formatPrice(high), color: colorOf(high) },
    { key: 'low', value: formatPrice(low), color: colorOf(low) },
    { key: 'upperLimit', value: formatPrice(stock.upperLimit), color: DIRECTION_COLOR.up },
    { key: 'lowerLimit', value: formatPrice(stock.lowerLimit), color: DIRECTION_COLOR.down },
    {
      key: 'week52High',
      value: formatPrice(Math.max(stock.week52High, high ?? 0)),
      color: DIRECTION_COLOR.up,
    },
    {
      key: 'week52Low',
      value: formatPrice(low === null ? stock.week52Low : Math.min(stock.week52Low, low)),
      color: DIRECTION_COLOR.down,
    },
    { key: 'volume', value: formatShares(live?.volume ?? stock.volume, locale) },
    { key: 'turnover', value: formatAmount(live?.turnover ?? stock.turnover, locale) },
    { key: 'marketCap', value: formatAmount(live?.marketCap ?? stock.marketCap, locale) },
    { key: 'industryPe', value: '—' },
    { key: 'industry', value: industry },
  ];
}

/** The ticket sheet: closed, or open on a side with the book level last tapped. */
interface TicketState {
  open: boolean;
  side: OrderSide;
  picked: PickedPrice | null;
}

/**
 * /market/stockDetail?code=… — a stock: live price and change, the day's figures, the 52-week
 * range, market cap, the chart and the five-level book. The fixed figures come from the detail
 * call; everything that moves comes from the live quote as soon as it arrives. A sticky bar opens
 * the order ticket as a sheet; tapping a level of the book sets the ticket's limit price.
 */
export default function StockDetailScreen() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').toUpperCase();
  const detail = useMarketCall('stockDetail', code ? { code } : null);
  // The live feed subscribes after the screen's first paint (its skeleton, or the price from the
  // early detail call), in a task of its own rather than in the first render's effects.
  const painted = useAfterPaint();
  const stock = detail.data?.stock;
  const nameOf = useStockName();
  // The frame reads from the live quote only what rarely changes: its previous close (null until
  // a quote has arrived), and its name while the detail has none; the ticks re-render LiveQuote.
  const quoteCode = code && painted ? code : null;
  const livePrevClose = useQuoteValue(quoteCode, (q) => q?.prevClose ?? null);
  const liveName = useQuoteValue(stock ? null : quoteCode, (q) => (q ? nameOf(q) : null));
  const name = stock ? nameOf(stock) : (liveName ?? code);
  const watch = useMemo(() => (code ? <WatchToggle code={code} /> : undefined), [code]);
  const [ticket, setTicket] = useState<TicketState>({ open: false, side: 'long', picked: null });
  // Stable, so the memoised bar, book and sheet skip the quote's re-renders.
  const openTicket = useCallback(
    (side: OrderSide) => setTicket((s) => ({ ...s, open: true, side })),
    [],
  );
  const pickPrice = useCallback(
    (price: number) =>
      setTicket((s) => ({ ...s, open: true, picked: { price, seq: (s.picked?.seq ?? 0) + 1 } })),
    [],
  );
  const closeTicket = useCallback(
    () => setTicket((s) => ({ ...s, open: false, picked: null })),
    [],
  );

  // The price first: the chart's 100+ KB wait until it has shown (or the detail failed).
  const priceShown = !detail.loading || livePrevClose !== null;
  // The ticket's code loads once the screen has settled, so buy and sell open without a wait.
  useEffect(() => {
    if (!priceShown) return;
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(preloadTradeTicket);
      else preloadTradeTicket();
    }, TICKET_PRELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [priceShown]);

  const prevClose = livePrevClose ?? stock?.prevClose ?? 0;

  // No stock named (a bare link, a lost query): searching is the useful screen, not "no data".
  if (!code) return <Navigate to="/favorite/search" replace />;
  return (
    // The frame re-renders with each of the screen's answers: plain elements and classes
    // (live-rows.css) rather than Chakra's style engine each time.
    <div
      className="maru-detail"
      style={{ paddingBottom: ticket.open ? SHEET_MAX_HEIGHT : TRADE_BAR_SPACE }}
      data-testid="stock-detail"
    >
      <Header title={name} fallback="/market/index" right={watch} />
      <div className="maru-detail-stack">
        <Card pt="4" pb="4">
          <ListState
            testId="stock"
            loading={detail.loading}
            failed={detail.failed}
            empty={!stock}
            onRetry={detail.reload}
            childrenWhileLoading
          >
            <LiveQuote code={code} name={name} stock={stock ?? null} subscribe={painted} />
          </ListState>
        </Card>
        {code ? <Chart symbol={code} prevClose={prevClose} ready={priceShown} /> : null}
        {code ? (
          <Book code={code} prevClose={prevClose} subscribe={painted} onPick={pickPrice} />
        ) : null}
        {/* News (issue 13): the stock's related articles. */}
        {code ? <News code={code} /> : null}
      </div>
      {ticket.open ? (
        <TicketSheet
          productCode="stock"
          symbol={code}
          name={name}
          side={ticket.side}
          picked={ticket.picked}
          onClose={closeTicket}
        />
      ) : (
        <TradeBar onOpen={openTicket} />
      )}
    </div>
  );
}
