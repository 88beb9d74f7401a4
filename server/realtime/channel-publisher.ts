/**
 * Turns the feed into numbered frames for the channels someone watches. One instance runs per
 * cluster at a time (the lease holder, see feed-lease.ts). Each active channel has its own seq;
 * updates that arrive within one feed step are folded into one frame and sent after the step, so a
 * burst of trades on one symbol costs one broadcast, and each frame is JSON-encoded exactly once.
 */
import type { Subscription } from 'rxjs';
import type { SnapshotFrame } from '../../contract/market-socket';
import { parseChannel } from '../../contract/market-socket';
import type { MarketFeed } from '../market';
import type { ChannelSource } from './channel-source';
import { channelSource } from './channel-source';

/** Where encoded frames go: the socket.io room of the channel, across the cluster. */
export type FrameSink = (channel: string, json: string) => void;

interface ActiveChannel {
  source: ChannelSource;
  seq: number;
  pending: unknown[];
  subscription: Subscription;
}

/**
 * The first seq of a newly activated channel. Time-based, so a channel re-activated later, or
 * taken over by another process, starts above anything sent before: clients see a jump, treat it
 * as a gap and resync, instead of ignoring the new frames as old ones. (×1000 leaves room for a
 * thousand frames per millisecond; the product stays below 2^53.)
 */
const seqBase = (now: number) => now * 1000;

export class ChannelPublisher {
  private readonly active = new Map<string, ActiveChannel>();
  private readonly dirty = new Set<string>();
  private flushScheduled = false;

  constructor(
    private readonly feed: MarketFeed,
    private readonly sink: FrameSink,
    private readonly now: () => number = Date.now,
  ) {}

  get channelCount(): number {
    return this.active.size;
  }

  /**
   * The snapshot frame of a channel at its current seq, activating it if needed; null for a
   * channel that does not exist. Pending updates are sent first, so the snapshot includes them
   * and the next update is exactly seq + 1.
   */
  snapshotFrame(channel: string): SnapshotFrame | null {
    const entry = this.activate(channel);
    if (!entry) return null;
    this.flushChannel(channel, entry);
    return {
      channel,
      kind: 'snapshot',
      seq: entry.seq,
      data: entry.source.snapshot(),
    } as SnapshotFrame;
  }

  /** Stops the channels nobody is in any more (`watched` lists the rooms with members). */
  retain(watched: ReadonlySet<string>): void {
    for (const channel of [...this.active.keys()]) {
      if (!watched.has(channel)) this.deactivate(channel);
    }
  }

  /** Starts publishing a channel someone watches (after a takeover); false if it does not exist. */
  watch(channel: string): boolean {
    return this.activate(channel) !== null;
  }

  deactivate(channel: string): void {
    const entry = this.active.get(channel);
    if (!entry) return;
    entry.subscription.unsubscribe();
    this.active.delete(channel);
    this.dirty.delete(channel);
  }

  close(): void {
    for (const channel of [...this.active.keys()]) this.deactivate(channel);
  }

  private activate(channel: string): ActiveChannel | null {
    const existing = this.active.get(channel);
    if (existing) return existing;
    const spec = parseChannel(channel);
    const source = spec ? channelSource(this.feed, spec) : null;
    if (!source) return null;
    const subscription = source.updates().subscribe((update) => {
      const entry = this.active.get(channel);
      if (!entry) return;
      entry.pending.push(update);
      this.dirty.add(channel);
      this.scheduleFlush();
    });
    const entry: ActiveChannel = { source, seq: seqBase(this.now()), pending: [], subscription };
    this.active.set(channel, entry);
    return entry;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // After the feed step that produced the updates, not within it.
    setImmediate(() => {
      this.flushScheduled = false;
      for (const channel of this.dirty) {
        const entry = this.active.get(channel);
        if (entry) this.flushChannel(channel, entry);
      }
      this.dirty.clear();
    });
  }

  private flushChannel(channel: string, entry: ActiveChannel): void {
    if (entry.pending.length === 0) return;
    const data = entry.source.merge(entry.pending);
    entry.pending = [];
    entry.seq += 1;
    this.sink(channel, JSON.stringify({ channel, kind: 'update', seq: entry.seq, data }));
  }
}
