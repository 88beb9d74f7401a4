/**
 * Turns the feed into numbered frames for the channels someone watches. One instance runs per
 * cluster at a time (the lease holder, see feed-lease.ts). Each active channel has its own seq;
 * updates that arrive within one feed step are folded into one frame and sent after the step, so a
 * burst of trades on one symbol costs one broadcast, and each frame is JSON-encoded exactly once.
 *
 * Two bounds keep the event loop answering under load:
 * - a channel's snapshot is computed once per update (at most once per SNAPSHOT_MAX_AGE_MS when
 *   none comes) and that one frame answers every subscriber and resync meanwhile: a ranking
 *   costs ~2 ms to compute, so a flood of snapshot requests must not compute one each;
 * - sending stops after FLUSH_BUDGET_MS and resumes on the next turn of the loop (after pending
 *   I/O), oldest dirty channel first. A channel waiting its turn keeps folding updates into its
 *   pending frame, so when there are more frames to send than time to send them, each channel
 *   sends fewer, fuller frames instead of the loop falling behind.
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
  /** The snapshot at `seq`, shared by every request until the next update. */
  snapshot: { frame: SnapshotFrame; at: number } | null;
}

/** Longest a snapshot is reused without an update (a source whose state drifts between them). */
export const SNAPSHOT_MAX_AGE_MS = 1_000;
/** Most time one turn of the loop spends sending frames. */
export const FLUSH_BUDGET_MS = 8;

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
  /** Snapshots computed (not served from the cache) since start: what tests count. */
  snapshotsComputed = 0;

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
    const now = this.now();
    if (!entry.snapshot || now - entry.snapshot.at > SNAPSHOT_MAX_AGE_MS) {
      const data = entry.source.snapshot();
      entry.snapshot = {
        frame: { channel, kind: 'snapshot', seq: entry.seq, data } as SnapshotFrame,
        at: now,
      };
      this.snapshotsComputed += 1;
    }
    return entry.snapshot.frame;
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
      entry.snapshot = null;
      this.dirty.add(channel);
      this.scheduleFlush();
    });
    const entry: ActiveChannel = {
      source,
      seq: seqBase(this.now()),
      pending: [],
      subscription,
      snapshot: null,
    };
    this.active.set(channel, entry);
    return entry;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // After the feed step that produced the updates, not within it.
    setImmediate(() => this.flushSome());
  }

  /** Sends dirty channels, oldest first, for at most FLUSH_BUDGET_MS; the rest next turn. */
  private flushSome(): void {
    this.flushScheduled = false;
    const deadline = performance.now() + FLUSH_BUDGET_MS;
    // A channel dirtied again after its frame went out is added back at the end.
    for (const channel of this.dirty) {
      this.dirty.delete(channel);
      const entry = this.active.get(channel);
      if (entry) this.flushChannel(channel, entry);
      if (performance.now() >= deadline) break;
    }
    if (this.dirty.size > 0) this.scheduleFlush();
  }

  private flushChannel(channel: string, entry: ActiveChannel): void {
    if (entry.pending.length === 0) return;
    const data = entry.source.merge(entry.pending);
    entry.pending = [];
    entry.seq += 1;
    this.sink(channel, JSON.stringify({ channel, kind: 'update', seq: entry.seq, data }));
  }
}
