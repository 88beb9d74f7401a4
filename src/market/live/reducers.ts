/** How each channel type turns its frames into the state a view shows. */
import type { ChannelPayloads, ChannelType } from '../../../contract/market-socket';
import { TRADE_TAPE_LENGTH } from '../../../contract/market-socket';

export interface ChannelReducer<K extends ChannelType> {
  fromSnapshot: (s: ChannelPayloads[K]['snapshot']) => ChannelPayloads[K]['snapshot'];
  applyUpdate: (
    state: ChannelPayloads[K]['snapshot'],
    u: ChannelPayloads[K]['update'],
  ) => ChannelPayloads[K]['snapshot'];
}

const replace = <K extends ChannelType>(): ChannelReducer<K> => ({
  fromSnapshot: (s) => s,
  // Every update but a trade batch is the whole new value (a quote, a book, a list).
  applyUpdate: (_state, u) => u,
});

export const REDUCERS: { [K in ChannelType]: ChannelReducer<K> } = {
  quote: replace<'quote'>(),
  book: replace<'book'>(),
  candle: replace<'candle'>(),
  indices: replace<'indices'>(),
  fx: replace<'fx'>(),
  ranking: replace<'ranking'>(),
  session: replace<'session'>(),
  trades: {
    fromSnapshot: (s) => s.slice(0, TRADE_TAPE_LENGTH),
    // Both are newest first: the new batch goes on top, the tape keeps its length.
    applyUpdate: (state, u) => [...u, ...state].slice(0, TRADE_TAPE_LENGTH),
  },
};

/** A reducer with the channel type erased, for code that handles every channel alike. */
export interface AnyReducer {
  fromSnapshot: (s: unknown) => unknown;
  applyUpdate: (state: unknown, u: unknown) => unknown;
}

export function reducerFor(type: ChannelType): AnyReducer {
  // The frame's payload matches its channel's type by protocol (contract/market-socket.ts).
  return REDUCERS[type] as unknown as AnyReducer;
}
