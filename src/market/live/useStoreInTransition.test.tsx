import { act, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { useStoreInTransition } from './useStoreInTransition';

/** A store of one value, as the live channel stores are to React. */
function createStore(initial: number) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (onChange: () => void) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    get: () => value,
    set: (next: number) => {
      value = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

const never = new Promise<never>(() => undefined);

/** A store change, with what React does about it (a transition too) run before the test goes on. */
const change = (action: () => void) =>
  act(async () => {
    action();
    await Promise.resolve();
  });

describe('useStoreInTransition', () => {
  it('renders a change as a transition: a view that suspends keeps what it showed', async () => {
    const store = createStore(1);
    function Price() {
      const value = useStoreInTransition(store.subscribe, store.get);
      // A value the view cannot show yet: a synchronous render would put up the fallback.
      if (value === 2) use(never);
      return <p>price {value}</p>;
    }
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Price />
      </Suspense>,
    );
    expect(screen.getByText('price 1')).toBeTruthy();
    await change(() => store.set(2));
    expect(screen.queryByText('fallback')).toBeNull();
    expect(screen.getByText('price 1')).toBeTruthy();
    await change(() => store.set(3));
    expect(screen.getByText('price 3')).toBeTruthy();
  });

  it('renders only when what it reads changes, and catches a change made before it subscribed', async () => {
    const store = createStore(10);
    const renders: string[] = [];
    function Sign() {
      // A selector: the sign of the value, not the value.
      const sign = useStoreInTransition(store.subscribe, () => (store.get() >= 0 ? '+' : '-'));
      renders.push(sign);
      return <p>{sign}</p>;
    }
    const view = render(<Sign />);
    await change(() => store.set(20));
    await change(() => store.set(30));
    expect(renders).toEqual(['+']);
    await change(() => store.set(-1));
    expect(renders).toEqual(['+', '-']);
    view.unmount();
    expect(store.listeners.size).toBe(0);
  });

  it('reads a new store at once when the view changes to it', async () => {
    const first = createStore(1);
    const second = createStore(2);
    function Value({ store }: { store: ReturnType<typeof createStore> }) {
      return <p>value {useStoreInTransition(store.subscribe, store.get)}</p>;
    }
    const view = render(<Value store={first} />);
    view.rerender(<Value store={second} />);
    expect(screen.getByText('value 2')).toBeTruthy();
    expect(first.listeners.size).toBe(0);
    await change(() => second.set(5));
    expect(screen.getByText('value 5')).toBeTruthy();
  });
});
