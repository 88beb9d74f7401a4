import { lazy } from 'react';
import type { ComponentType } from 'react';
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

/**
 * A screen loaded on first visit, giving up after the spec's 120 seconds. The language's full
 * texts (every screen's, the errors, the field labels) load beside it, except for the start
 * screens, which need only the shell's texts: leaving the rest out keeps their JS within budget.
 */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
  options: { allTexts: boolean } = { allTexts: true },
) {
  return lazy(() =>
    withTimeout(
      Promise.all([load(), options.allTexts ? loadScreenTexts() : undefined]).then(([m]) => m),
    ),
  );
}
