import { describe, expect, it } from 'vitest';
import { defer, map, of, Subject, throwError } from 'rxjs';
import type { Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { applySequenced } from './sequenced';
import type { SequencedFrame } from './sequenced';
import { conflateToFrame } from './conflate';
import { backoffDelay, reconnectWithBackoff } from './reconnect';
import { pushOrPoll } from './polling-fallback';
import { sharedByKey } from './shared-by-key';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

type Frame = SequencedFrame<number, number>;
const sum = {
  fromSnapshot: (s: number) => s,
  applyUpdate: (state: number, u: number) => state + u,
};

describe('applySequenced', () => {
  it('starts at a snapshot and applies updates in order', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const frames = cold<Frame>('a-b-c|', {
        a: { kind: 'snapshot', seq: 10, data: 100 },
        b: { kind: 'update', seq: 11, data: 5 },
        c: { kind: 'update', seq: 12, data: 7 },
      });
      expectObservable(frames.pipe(applySequenced(sum, () => undefined))).toBe('a-b-c|', {
        a: 100,
        b: 105,
        c: 112,
      });
    });
  });

  it('detects a gap, asks for a resync and ignores updates until the next snapshot', () => {
    scheduler().run(({ cold, expectObservable, flush }) => {
      const reasons: string[] = [];
      const frames = cold<Frame>('a-b-c-d-e|', {
        a: { kind: 'snapshot', seq: 1, data: 0 },
        b: { kind: 'update', seq: 3, data: 5 }, // seq 2 was lost
        c: { kind: 'update', seq: 4, data: 5 },
        d: { kind: 'snapshot', seq: 4, data: 50 },
        e: { kind: 'update', seq: 5, data: 1 },
      });
      expectObservable(frames.pipe(applySequenced(sum, (r) => reasons.push(r)))).toBe(
        'a-----d-e|',
        {
          a: 0,
          d: 50,
          e: 51,
        },
      );
      flush();
      expect(reasons).toEqual(['gap']);
    });
  });

  it('drops updates that arrive before the first snapshot or are older than it', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const frames = cold<Frame>('a-b-c-d|', {
        a: { kind: 'update', seq: 7, data: 1 },
        b: { kind: 'snapshot', seq: 9, data: 10 },
        c: { kind: 'update', seq: 9, data: 1 },
        d: { kind: 'update', seq: 10, data: 2 },
      });
      expectObservable(frames.pipe(applySequenced(sum, () => undefined))).toBe('--b---d|', {
        b: 10,
        d: 12,
      });
    });
  });
});

describe('conflateToFrame', () => {
  it('lets through only the latest value of each frame', () => {
    const ts = scheduler();
    ts.run(({ hot, expectObservable }) => {
      // Virtual time stands in for frames: values within one tick collapse to the last.
      const updates = hot('-(abc)-(de)-f-|');
      expectObservable(updates.pipe(conflateToFrame(ts))).toBe('-c-----e----f-|');
    });
  });
});

describe('reconnectWithBackoff', () => {
  it('doubles the wait after each failure up to the cap', () => {
    const exact = { initialMs: 500, maxMs: 4_000, jitter: 0 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, exact))).toEqual([
      500, 1000, 2000, 4000, 4000, 4000,
    ]);
    const jittered = backoffDelay(1, {
      initialMs: 1000,
      maxMs: 10_000,
      jitter: 0.2,
      random: () => 0,
    });
    expect(jittered).toBe(800);
  });

  it('resubscribes after a drop, re-running the subscribe logic each time', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable, flush }) => {
      let subscriptions = 0;
      const connection = defer(() => {
        subscriptions += 1;
        return subscriptions < 3 ? cold('a#') : cold('b-c');
      });
      const options = { initialMs: 10, maxMs: 100, jitter: 0 };
      // a, drop, wait 10 (reset by a), a, drop, wait 10, b, c
      expectObservable(connection.pipe(reconnectWithBackoff(options, ts)), '^ 40ms !').toBe(
        'a 10ms a 10ms b-c',
      );
      flush();
      expect(subscriptions).toBe(3);
    });
  });
});

describe('pushOrPoll', () => {
  it('uses the push source when it delivers in time', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const push = cold('-a-b-c');
      const poll = () => of('p');
      expectObservable(
        pushOrPoll(push, poll, { connectTimeoutMs: 5, pollEveryMs: 3 }),
        '^ 6ms !',
      ).toBe('-a-b-c');
    });
  });

  it('polls when the push source is silent past the timeout', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const push = cold<string>('-------');
      let n = 0;
      const poll = () => defer(() => of(`p${(n += 1)}`));
      expectObservable(
        pushOrPoll(push, poll, { connectTimeoutMs: 3, pollEveryMs: 2, scheduler: ts }),
        '^ 8ms !',
      ).toBe('---a-b-c-', { a: 'p1', b: 'p2', c: 'p3' });
    });
  });

  it('falls back to polling when the push source fails before delivering, and survives a failed poll', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const push = cold<string>('-#');
      let n = 0;
      const poll = (): Observable<string> =>
        defer(() => ((n += 1) === 2 ? throwError(() => new Error('offline')) : of(`p${n}`)));
      expectObservable(
        pushOrPoll(push, poll, { connectTimeoutMs: 10, pollEveryMs: 2, scheduler: ts }),
        '^ 6ms !',
      ).toBe('-a---c-', { a: 'p1', c: 'p3' });
    });
  });
});

describe('sharedByKey', () => {
  it('opens one upstream per key and keeps it through a short absence', () => {
    const ts = scheduler();
    ts.run(({ expectObservable, flush }) => {
      const opened: string[] = [];
      const sources = new Map<string, Subject<number>>();
      const stream = sharedByKey(
        (key: string) =>
          defer(() => {
            opened.push(key);
            const s = new Subject<number>();
            sources.set(key, s);
            return s.pipe(map((v) => `${key}:${v}`));
          }),
        5,
        ts,
      );
      const first = stream('005930').subscribe();
      const second = stream('005930').subscribe();
      stream('000660').subscribe();
      expect(opened).toEqual(['005930', '000660']);
      first.unsubscribe();
      second.unsubscribe();
      // Back within the grace period: the same upstream, no new subscription.
      expectObservable(stream('005930'), '--^ 3ms !').toBe('');
      flush();
      expect(opened).toEqual(['005930', '000660']);
    });
  });
});
