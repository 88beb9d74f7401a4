import { useSyncExternalStore } from 'react';
import type * as ToastHostModule from './ToastHost';

export type ToastKind = 'info' | 'success' | 'error';

/**
 * Toasts without the toast machinery on the start-up path: the Chakra toaster (and its state
 * machine) is downloaded on the first message, which then shows as soon as it has arrived.
 */
let host: Promise<typeof ToastHostModule> | null = null;
let requested = false;
const listeners = new Set<() => void>();

function loadHost(): Promise<typeof ToastHostModule> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  host ??= import('./ToastHost');
  return host;
}

/** Shows a short message for the spec's 2 seconds. */
export function notify(text: string, kind: ToastKind = 'info'): void {
  void loadHost().then((module) => module.show(text, kind));
}

/** Whether the toast host should be rendered yet (true after the first message). */
export function useToastHostRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => requested,
  );
}
