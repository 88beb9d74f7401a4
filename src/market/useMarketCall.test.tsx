import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEarlyCall, takeEarlyCall } from '../api/earlyCall';
import { useMarketCall } from './useMarketCall';

/** The API client stubbed: each call answers `{ asked: <code> }` for the code it was asked. */
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api', () => ({ call: api.call }));

const EARLY = { stock: { code: 'A', price: 1_000 } };

beforeEach(() => {
  api.call.mockReset();
  api.call.mockImplementation((_name: string, body: { code: string }) =>
    Promise.resolve({ asked: body.code }),
  );
  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(JSON.stringify({ status: 1, msg: '', data: EARLY }))),
  );
});
afterEach(() => {
  void takeEarlyCall('stockDetail', { code: 'A' });
  vi.unstubAllGlobals();
});

const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;
const useDetailOf = (props: { code: string }) => useMarketCall('stockDetail', { code: props.code });

describe('a screen whose first call the start-up has already answered', () => {
  it('shows the answer in its first render, asks for nothing, and uses the answer up', async () => {
    await startEarlyCall('stockDetail', { code: 'A' });
    const renders: unknown[] = [];
    renderHook(
      (props: { code: string }) => {
        const state = useDetailOf(props);
        renders.push(state.loading ? 'loading' : state.data);
        return state;
      },
      { initialProps: { code: 'A' }, wrapper: strict },
    );
    expect(renders[0]).toEqual(EARLY);
    expect(renders).not.toContain('loading');
    // Strict Mode runs the mount's effect twice: neither asks.
    expect(api.call).not.toHaveBeenCalled();
    expect(takeEarlyCall('stockDetail', { code: 'A' })).toBeNull();
  });

  it('asks as ever for another stock, and again when it comes back to the first', async () => {
    await startEarlyCall('stockDetail', { code: 'A' });
    const view = renderHook(useDetailOf, { initialProps: { code: 'A' }, wrapper: strict });
    view.rerender({ code: 'B' });
    await waitFor(() => expect(view.result.current.data).toEqual({ asked: 'B' }));
    view.rerender({ code: 'A' });
    expect(view.result.current.loading).toBe(true);
    await waitFor(() => expect(view.result.current.data).toEqual({ asked: 'A' }));
    // A retry asks too.
    api.call.mockResolvedValueOnce({ asked: 'A again' });
    act(() => view.result.current.reload());
    await waitFor(() => expect(view.result.current.data).toEqual({ asked: 'A again' }));
  });

  it('loads as ever while the early answer is still on its way, or after it failed', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = startEarlyCall('stockDetail', { code: 'A' });
    const view = renderHook(useDetailOf, { initialProps: { code: 'A' } });
    expect(view.result.current.loading).toBe(true);
    answer(new Response(JSON.stringify({ status: 0, msg: 'no', data: null })));
    await pending;
    await waitFor(() => expect(view.result.current.data).toEqual({ asked: 'A' }));
  });
});
