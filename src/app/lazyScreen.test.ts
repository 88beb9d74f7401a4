import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, withTimeout } from './lazyScreen';

describe('screen chunk loading', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up after 120 s with a ChunkLoadError', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const loading = withTimeout(never);
    const outcome = loading.catch((error: unknown) => error);
    vi.advanceTimersByTime(119_999);
    vi.advanceTimersByTime(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('passes a chunk through when it arrives in time', async () => {
    await expect(withTimeout(Promise.resolve('screen'), 50)).resolves.toBe('screen');
  });

  it("recognises the browsers' own chunk failures but not other errors", () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 7 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
