import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../contract/constants';
import { loadScreenTexts } from '../i18n/i18n';

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

/** A lazily loaded screen that can start loading before it renders. */
export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Starts fetching the screen's code (and texts) now; the render later uses the same load. */
  preload: () => void;
};

/**
 * A screen loaded on first visit, giving up after the spec's 120 seconds. The language's full
 * texts (every screen's, the errors, the field labels) load beside it, except for the start
 * screens, which need only the shell's texts: leaving the rest out keeps their JS within budget.
 */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
  options: { allTexts: boolean } = { allTexts: true },
): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = () =>
    (loading ??= withTimeout(
      Promise.all([load(), options.allTexts ? loadScreenTexts() : undefined]).then(([m]) => m),
    ));
  const Screen = lazy(start) as LazyScreen;
  // A failed preload is React.lazy's failure to show (the route's error view), not this caller's.
  Screen.preload = () => void start().catch(() => undefined);
  return Screen;
}
