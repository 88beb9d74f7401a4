import { BACK_QUIT_WINDOW_MS } from '../../contract/constants';

export interface BackButtonDeps {
  canGoBack: () => boolean;
  goBack: () => void;
  quit: () => void;
  /** Tells the customer that one more press leaves the app. */
  warn: () => void;
  now?: () => number;
}

/**
 * The device back button as the spec describes it: go back while there is history; on the first
 * page, a first press warns and a second press within 1 second quits.
 */
export function createBackButtonHandler(deps: BackButtonDeps): () => void {
  const now = deps.now ?? Date.now;
  let lastPress = Number.NEGATIVE_INFINITY;
  return () => {
    if (deps.canGoBack()) {
      lastPress = Number.NEGATIVE_INFINITY;
      deps.goBack();
      return;
    }
    const at = now();
    if (at - lastPress <= BACK_QUIT_WINDOW_MS) {
      deps.quit();
      return;
    }
    lastPress = at;
    deps.warn();
  };
}
