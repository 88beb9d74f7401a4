import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './App';
import { ConfigRetry } from './ConfigRetry';
import { nextTask } from './nextTask';
import { setNavigator } from './navigate';
import { preloadRoute } from './preloadRoute';
import { buildRoutes, createAppRouter } from './router';
import { notify } from '../components/toaster';
import { loadSiteConfig } from '../config/siteConfig';
import { i18n, startI18n } from '../i18n/i18n';
import { installNativeAdapter } from '../native';
import { registerWorker } from '../pwa/registerWorker';
import { sessionStore } from '../session';
import { customerSystem, customerSystemInTasks } from '../theme/system';
import {
  GLOBAL_PART_ORDER,
  globalStyles,
  splitInTasks,
  writeGlobalStyles,
} from '../theme/ThemeProvider';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
let root: Root | undefined;
/** Made when first rendered into: creating it (React's event listeners) is not module work. */
const appRoot = (): Root => (root ??= createRoot(container));

async function mountApp(): Promise<void> {
  // The route table, then the router over it (its routes ranked, the history read), in two tasks.
  const routes = buildRoutes();
  await nextTask();
  const router = createAppRouter(routes);
  setNavigator((path) => void router.navigate(path));
  installNativeAdapter({
    canGoBack: () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0,
    goBack: () => void router.navigate(-1),
    warn: () => notify(i18n.t('ui:native.pressAgainToQuit')),
  });
  // The router and the first render in two tasks.
  await nextTask();
  // A transition renders in slices that yield to the browser, rather than one long task that
  // blocks a slow phone's main thread (Lighthouse's total blocking time) while the first screen
  // is built.
  startTransition(() => {
    appRoot().render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

/**
 * The spec's start-up: the app mounts only once /common/config has answered. The splash in
 * index.html stays up meanwhile; the language pack loads at the same time.
 */
async function boot(): Promise<void> {
  // The texts' and config's set-up in a task after the one that evaluated the app's modules.
  await nextTask();
  const ready = Promise.all([startI18n(sessionStore.get().language), loadSiteConfig()]).then(
    () => true,
    () => false,
  );
  // The theme (createSystem), a phase per task, while the config and the texts are on their way:
  // on a slow network it is off the path to the first screen.
  await nextTask();
  await customerSystemInTasks();
  // The theme's token stylesheet, written from its dictionary, in tasks of its own (not inside the
  // first render's slices).
  await nextTask();
  await splitInTasks(customerSystem());
  // The reset and then the global styles: each built in one task, compiled and written in the
  // next (Chakra's provider did all of it inside the first render's commit, ~25 ms of its ~50,
  // profiled; on a slow host the build and the write were ~40 ms each before the split).
  for (const part of GLOBAL_PART_ORDER) {
    await nextTask();
    globalStyles(customerSystem(), part);
    await nextTask();
    writeGlobalStyles(customerSystem(), part);
  }
  if (!(await ready)) {
    appRoot().render(<ConfigRetry onRetry={boot} />);
    return;
  }
  await nextTask();
  await mountApp();
}

void boot();
// The screen on the address loads its texts beside the config (src/main.tsx started its chunk):
// in a short task of its own, not in the long one that evaluated the app's modules.
setTimeout(() => {
  preloadRoute(window.location.hash);
  registerWorker();
}, 0);
