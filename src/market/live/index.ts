/**
 * Live market data for screens: one lazy socket.io connection to `/market`, one shared stream per
 * channel, sequenced frames with resync, reconnect with resubscribe, an HTTP polling fallback, and
 * at most one render per display frame. See docs/realtime.md.
 */
export type { LiveValue } from './hooks';
export {
  useQuote,
  useQuoteValue,
  useQuotes,
  useBook,
  useTrades,
  useLiveCandle,
  useIndices,
  useFxRates,
  useRanking,
  useMarketSession,
} from './hooks';
