/**
 * A stand-in for the socket.io connection in client tests: answers subscribe and snapshot
 * requests from a handler the test sets, and lets the test push frames and drop the connection.
 */
import type { MarketFrame, SnapshotFrame, SubscribeAck } from '../../../contract/market-socket';
import { MARKET_EVENTS } from '../../../contract/market-socket';
import type { MarketSocket } from './transport';

type Handler = (...args: unknown[]) => void;

export class FakeMarketSocket {
  connected = false;
  readonly requests: { event: string; channel: string }[] = [];
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(private readonly answer: (channel: string) => SnapshotFrame | null) {}

  asSocket(): MarketSocket {
    return this as unknown as MarketSocket;
  }

  on(event: string, handler: Handler): this {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    return this;
  }

  off(event: string, handler: Handler): this {
    const set = this.handlers.get(event);
    for (const h of [...(set ?? [])]) {
      if (h === handler || (h as Handler & { fn?: Handler }).fn === handler) set?.delete(h);
    }
    return this;
  }

  once(event: string, handler: Handler): this {
    const wrapped: Handler = (...args) => {
      this.off(event, wrapped);
      handler(...args);
    };
    // Kept findable by the original, as socket.io's emitter does for off().
    (wrapped as Handler & { fn?: Handler }).fn = handler;
    return this.on(event, wrapped);
  }

  emit(event: string, request: { channel: string }, ack?: (a: SubscribeAck) => void): this {
    this.requests.push({ event, channel: request.channel });
    if (event === MARKET_EVENTS.unsubscribe || !ack) return this;
    const frame = this.answer(request.channel);
    // Acks arrive asynchronously, as over a network.
    queueMicrotask(() =>
      ack(
        frame ? { ok: true, frame } : { ok: false, code: 'realtime.unknown_channel', params: {} },
      ),
    );
    return this;
  }

  connect(): this {
    this.connected = true;
    this.fire('connect');
    return this;
  }

  drop(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  push(frame: MarketFrame): void {
    this.fire(MARKET_EVENTS.frame, JSON.stringify(frame));
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}
