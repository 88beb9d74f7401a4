import { act, configure, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../testing/renderWithApp';
import { customerSystem } from '../theme/system';
import { PriceFlash, usePriceFlash } from './PriceFlash';
import { PULL_THRESHOLD, PullToRefresh } from './PullToRefresh';

configure({ asyncUtilTimeout: 5_000 });

function setReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

describe('the price flash', () => {
  beforeEach(() => setReducedMotion(false));

  it('flashes up or down on each change, not on the first value or an unchanged one', () => {
    const start: { v: number | null } = { v: 100 };
    const { result, rerender } = renderHook(({ v }) => usePriceFlash(v), {
      initialProps: start,
    });
    expect(result.current).toEqual({ direction: null, count: 0 });
    rerender({ v: 100 });
    expect(result.current.direction).toBeNull();
    rerender({ v: 105 });
    expect(result.current).toEqual({ direction: 'up', count: 1 });
    rerender({ v: 107 });
    expect(result.current).toEqual({ direction: 'up', count: 2 });
    rerender({ v: 90 });
    expect(result.current).toEqual({ direction: 'down', count: 3 });
    // A price that was not known yet is not a change.
    rerender({ v: null });
    rerender({ v: 95 });
    expect(result.current.count).toBe(3);
  });

  it('does not flash under prefers-reduced-motion', () => {
    setReducedMotion(true);
    const { result, rerender } = renderHook(({ v }) => usePriceFlash(v), {
      initialProps: { v: 100 },
    });
    rerender({ v: 120 });
    rerender({ v: 80 });
    expect(result.current).toEqual({ direction: null, count: 0 });
  });

  it('marks the cell and ships CSS that is switched off by the media query', () => {
    const { rerender } = render(
      <PriceFlash value={100} testId="p">
        100
      </PriceFlash>,
      {
        wrapper: ({ children }) => (
          <ChakraProvider value={customerSystem()}>{children}</ChakraProvider>
        ),
      },
    );
    expect(screen.getByTestId('p').dataset.flash).toBeUndefined();
    rerender(
      <PriceFlash value={99} testId="p">
        99
      </PriceFlash>,
    );
    expect(screen.getByTestId('p').dataset.flash).toBe('down');
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toMatch(/\.maru-flash\[data-flash='down'\] \{ animation: maru-flash-down/);
    expect(css).toMatch(
      /@media \(prefers-reduced-motion: reduce\) \{ \.maru-flash\[data-flash\] \{ animation: none; \} \}/,
    );
  });
});

describe('pull to refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.scrollTo(0, 0);
  });
  afterEach(() => vi.useRealTimers());

  const pull = (target: Element, from: number, to: number) => {
    fireEvent.touchStart(target, { touches: [{ clientY: from }] });
    fireEvent.touchMove(target, { touches: [{ clientY: (from + to) / 2 }] });
    fireEvent.touchMove(target, { touches: [{ clientY: to }] });
  };

  it('re-runs the query after a long enough pull, with a spinner until it answers', async () => {
    let finish = () => undefined as void;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    await renderWithApp(
      <PullToRefresh onRefresh={onRefresh}>
        <p>list</p>
      </PullToRefresh>,
    );
    const area = screen.getByTestId('pull-to-refresh');
    const indicator = screen.getByTestId('pull-indicator');

    // A short pull (damped to less than the threshold) springs back and refreshes nothing.
    pull(area, 100, 100 + PULL_THRESHOLD);
    expect(indicator.dataset.state).toBe('pull');
    expect(indicator.textContent).toBe('당겨서 새로고침');
    fireEvent.touchEnd(area);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(indicator.dataset.state).toBe('idle');

    pull(area, 100, 100 + PULL_THRESHOLD * 2 + 10);
    expect(indicator.dataset.state).toBe('release');
    expect(indicator.textContent).toBe('놓으면 새로고침');
    fireEvent.touchEnd(area);
    await act(async () => {});
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('pull-spinner')).toBeTruthy();
    expect(indicator.textContent).toBe('새로고침 중');

    // Still spinning while the query runs, gone once it has answered.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.queryByTestId('pull-spinner')).toBeTruthy();
    await act(async () => {
      finish();
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.queryByTestId('pull-spinner')).toBeNull();
    expect(indicator.dataset.state).toBe('idle');
  });

  it('does not start while the page is scrolled down', async () => {
    const onRefresh = vi.fn();
    await renderWithApp(
      <PullToRefresh onRefresh={onRefresh}>
        <p>list</p>
      </PullToRefresh>,
    );
    const scroller = document.scrollingElement ?? document.documentElement;
    scroller.scrollTop = 300;
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    const area = screen.getByTestId('pull-to-refresh');
    pull(area, 100, 400);
    fireEvent.touchEnd(area);
    expect(onRefresh).not.toHaveBeenCalled();
    scroller.scrollTop = 0;
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('mounts the list afresh when the screen gives no query of its own', async () => {
    const mounted = vi.fn();
    function List() {
      useEffect(() => {
        mounted();
      }, []);
      return <p>list</p>;
    }
    await renderWithApp(
      <PullToRefresh>
        <List />
      </PullToRefresh>,
    );
    expect(mounted).toHaveBeenCalledTimes(1);
    const area = screen.getByTestId('pull-to-refresh');
    pull(area, 0, 300);
    fireEvent.touchEnd(area);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(mounted).toHaveBeenCalledTimes(2);
  });
});
