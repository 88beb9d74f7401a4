/**
 * A developer's probe: every React commit of the stock detail's first seconds, with which
 * components rendered in it (`Skeleton x6` …), read through a stand-in for React DevTools' hook
 * (React calls it after each commit, production builds included). Build unminified first
 * (`npx vite build --minify false`, then `MARU_SKIP_BUILD=1`) so the components keep their names.
 * A component counts as rendered when its props or state object changed in that commit.
 */
import { openProbePage } from './probe-page';

/** Installed before the app's scripts run; plain JavaScript, as the page receives it. */
const HOOK = `
(() => {
  const log = []; window.__commits = log; const t0 = performance.now();
  const nameOf = (f) => { const t = f.type; if (!t || typeof t === 'string') return null; return t.displayName || t.name || (t.render && t.render.name) || (t.type && t.type.name) || null; };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { return 1; },
    onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
    onCommitFiberRoot(_id, root, priority) {
      const rendered = {};
      const walk = (f) => {
        for (let c = f; c; c = c.sibling) {
          const a = c.alternate;
          const did = !a || a.memoizedProps !== c.memoizedProps || a.memoizedState !== c.memoizedState;
          if (a && a.child === c.child && !did) continue;
          const n = nameOf(c);
          if (n && did) rendered[n] = (rendered[n] || 0) + 1;
          walk(c.child);
        }
      };
      walk(root.current.child);
      const e = Object.entries(rendered).sort((x, y) => y[1] - x[1]);
      log.push((performance.now() - t0).toFixed(0) + 'ms lanes=' + root.current.lanes + ' n=' + e.reduce((s, v) => s + v[1], 0) + ' ' + e.slice(0, 16).map(([k, v]) => k + 'x' + v).join(' '));
    },
  };
})();`;

async function main() {
  const { app, page, close } = await openProbePage({ width: 412, height: 823 });
  try {
    await page.addInitScript(HOOK);
    await page.goto(`${app.baseUrl}/#/market/stockDetail?code=005930`);
    await new Promise((r) => setTimeout(r, Number(process.env.TRACE_MS ?? 4000)));
    const out = await page.evaluate(
      () => (window as unknown as { __commits?: string[] }).__commits,
    );
    console.log((out ?? []).join('\n'));
  } finally {
    await close();
  }
}
void main();
