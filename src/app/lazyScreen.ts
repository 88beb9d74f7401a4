import { lazy } from 'react';
import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../contract/constants';

/** A screen's code did not arrive: a timeout, a dropped connection, or a deploy that replaced it. */
export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

const BROWSER_CHUNK_ERRORS =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk .* failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError ||
    (error instanceof Error && BROWSER_CHUNK_ERRORS.test(error.message))
  );
}

export function withTimeout<T>(
  loading: Promise<T>,
  ms: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${ms} ms`)),
      ms,
    );
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}

/** A screen loaded on first visit, giving up after the spec's 120 seconds. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => withTimeout(load()));
}
