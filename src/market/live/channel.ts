/**
 * One channel's live state: socket frames (snapshot, then sequenced updates; a gap asks for a new
 * snapshot; a dropped connection resubscribes with backoff, which also fetches a new snapshot),
 * or, when the socket delivers nothing in time, snapshots polled over HTTP.
 */
import { Observable, Subject, defer, filter, from, map, tap } from 'rxjs';
import type { MarketFrame, SubscribeAck } from '../../../contract/market-socket';
import { MARKET_EVENTS, parseChannel } from '../../../contract/market-socket';
import {
  applySequenced,
  pushOrPoll,
  reconnectWithBackoff,
  type SequencedFrame,
} from '../../../streams';
import { reducerFor } from './reducers';
import { marketConnection, transportOptions } from './transport';

export type LiveStatus = 'connecting' | 'live' | 'polling' | 'error';

export interface ChannelState {
  /** The channel's current value (shape per channel type), null until the first snapshot. */
  data: unknown;
  status: LiveStatus;
}

/** The server refused the channel (unknown, or over the limit): retrying will not help. */
const REFUSED = Symbol('refused');
type Delivery = { via: 'live' | 'polling'; frame: MarketFrame } | typeof REFUSED;

class Disconnected extends Error {}

/**
 * Frames of one channel over the socket; errors when the connection drops, so it can be retried,
 * after telling `drops` (the state then reads `connecting` until the resubscription's snapshot).
 */
function socketFrames(
  channel: string,
  resyncs: Observable<void>,
  drops: Subject<void>,
): Observable<Delivery> {
  return new Observable<Delivery>((subscriber) => {
    const connection = marketConnection();
    const socket = connection.socket;
    let active = true;
    const deliver = (ack: SubscribeAck) => {
      if (!active) return;
      subscriber.next(ack.ok ? { via: 'live', frame: ack.frame } : REFUSED);
    };
    const subscribe = () => socket.emit(MARKET_EVENTS.subscribe, { channel }, deliver);
    const stopListening = connection.listen(channel, (frame) =>
      subscriber.next({ via: 'live', frame }),
    );
    const onDisconnect = () => {
      drops.next();
      subscriber.error(new Disconnected(channel));
    };
    // Emitting while disconnected would be buffered by socket.io and sent again on reconnect,
    // twice with the resubscription: send only on a live connection.
    if (socket.connected) subscribe();
    else socket.once('connect', subscribe);
    socket.on('disconnect', onDisconnect);
    const resyncing = resyncs.subscribe(() => {
      if (socket.connected) socket.emit(MARKET_EVENTS.snapshot, { channel }, deliver);
    });
    return () => {
      active = false;
      stopListening();
      resyncing.unsubscribe();
      socket.off('connect', subscribe);
      socket.off('disconnect', onDisconnect);
      if (socket.connected) socket.emit(MARKET_EVENTS.unsubscribe, { channel });
    };
  });
}

/** The live state of a channel. Cold: each subscription opens its own; share it by key. */
export function openChannel(channel: string): Observable<ChannelState> {
  return defer(() => {
    const spec = parseChannel(channel);
    if (!spec) return from([{ data: null, status: 'error' } satisfies ChannelState]);
    const options = transportOptions();
    const resyncs = new Subject<void>();
    const drops = new Subject<void>();
    const push$ = socketFrames(channel, resyncs, drops).pipe(reconnectWithBackoff());
    const poll = () =>
      from(options.fetchSnapshot(channel)).pipe(
        map((frame): Delivery => ({ via: 'polling', frame })),
      );
    let via: LiveStatus = 'connecting';
    let shown: ChannelState | null = null;
    return new Observable<ChannelState>((subscriber) => {
      // Between a dropped connection and the resubscription's snapshot the data is the last one
      // known, no longer live.
      const dropped = drops.subscribe(() => {
        if (shown === null || via !== 'live') return;
        via = 'connecting';
        subscriber.next((shown = { data: shown.data, status: via }));
      });
      const states = pushOrPoll(push$, poll, options)
        .pipe(
          tap((d) => {
            if (d === REFUSED) subscriber.next({ data: null, status: 'error' });
            else via = d.via;
          }),
          filter((d): d is Exclude<Delivery, typeof REFUSED> => d !== REFUSED),
          map((d) => d.frame as SequencedFrame<unknown, unknown>),
          applySequenced(reducerFor(spec.type), () => resyncs.next()),
          map((data): ChannelState => (shown = { data, status: via })),
        )
        .subscribe(subscriber);
      return () => {
        dropped.unsubscribe();
        states.unsubscribe();
      };
    });
  });
}
