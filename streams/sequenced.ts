import { Observable } from 'rxjs';

/** A frame on a sequenced channel: a full snapshot, or an update that follows the one before it. */
export type SequencedFrame<TSnapshot, TUpdate> =
  | { kind: 'snapshot'; seq: number; data: TSnapshot }
  | { kind: 'update'; seq: number; data: TUpdate };

export type ResyncReason = 'gap' | 'before-snapshot';

/**
 * Applies a channel's frames to a state, in order. An update whose seq is not exactly one past the
 * last one applied means frames were lost: the state is no longer trustworthy, so `resync` is
 * called and updates are dropped until the next snapshot arrives. Updates older than the last
 * snapshot (sent before it, delivered after) are ignored.
 */
export function applySequenced<TSnapshot, TUpdate, TState>(
  reduce: {
    fromSnapshot: (s: TSnapshot) => TState;
    applyUpdate: (state: TState, u: TUpdate) => TState;
  },
  resync: (reason: ResyncReason) => void,
) {
  return (frames$: Observable<SequencedFrame<TSnapshot, TUpdate>>): Observable<TState> =>
    new Observable<TState>((subscriber) => {
      let state: TState | undefined;
      let lastSeq = -1;
      let waitingForSnapshot = true;
      return frames$.subscribe({
        next(frame) {
          if (frame.kind === 'snapshot') {
            state = reduce.fromSnapshot(frame.data);
            lastSeq = frame.seq;
            waitingForSnapshot = false;
            subscriber.next(state);
            return;
          }
          if (waitingForSnapshot || state === undefined) return;
          if (frame.seq <= lastSeq) return;
          if (frame.seq !== lastSeq + 1) {
            waitingForSnapshot = true;
            resync('gap');
            return;
          }
          state = reduce.applyUpdate(state, frame.data);
          lastSeq = frame.seq;
          subscriber.next(state);
        },
        error: (err: unknown) => subscriber.error(err),
        complete: () => subscriber.complete(),
      });
    });
}
