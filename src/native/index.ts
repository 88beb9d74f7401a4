import { createBackButtonHandler } from './backButton';
import { detectShell } from './shell';
import type { NativeShell } from './shell';
import { paintStatusBar } from './statusBar';

export { createBackButtonHandler } from './backButton';
export { detectShell } from './shell';
export type { NativeShell } from './shell';

export interface NativeAdapterDeps {
  canGoBack: () => boolean;
  goBack: () => void;
  warn: () => void;
}

/**
 * Everything that only matters inside a packaged app: back button and status bar. In a plain
 * browser it does nothing, so the web build needs no shell.
 */
export function installNativeAdapter(
  deps: NativeAdapterDeps,
  shell: NativeShell = detectShell(),
): NativeShell {
  paintStatusBar(shell);
  if (shell.kind === 'capacitor') {
    const app = shell.capacitor.Plugins?.App;
    if (app) {
      const onBack = createBackButtonHandler({ ...deps, quit: () => app.exitApp() });
      void app.addListener('backButton', onBack);
    }
  } else if (shell.kind === 'plus') {
    const { plus } = shell;
    const onBack = createBackButtonHandler({ ...deps, quit: () => plus.runtime?.quit() });
    plus.key?.addEventListener('backbutton', onBack, false);
  } else if (typeof document !== 'undefined') {
    // An HTML5+ shell injects window.plus only after its own ready event.
    document.addEventListener('plusready', () => installNativeAdapter(deps), { once: true });
  }
  return shell;
}
