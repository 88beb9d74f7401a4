/**
 * A developer's probe: where the stock detail's first seconds of main-thread JavaScript go, by
 * package or source folder (`BY_FILE=1`: by file). Build unminified first (`npx vite build
 * --minify false`, then `MARU_SKIP_BUILD=1`): each chunk's `// path` comments map a sampled line
 * back to its module. `CALLERS=<a name as printed>` breaks that one down by the nearest function
 * of ours that called it (`OWN=1`: by its own functions; `STACK=1`: by its callers' stack).
 * `TRACE_MS` (default 5000) is the window. The profiler's overhead and the machine's noise move
 * single figures a lot between runs: compare runs, not one figure.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openProbePage } from './probe-page';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

const moduleLines = new Map<string, { line: number; path: string }[]>();
function moduleAt(url: string, line: number): string {
  const file = url.replace(/^.*\/assets\//, '');
  if (!url.includes('/assets/')) return url ? url.replace(/^.*\//, '') || '(document)' : '(native)';
  let marks = moduleLines.get(file);
  if (!marks) {
    marks = [];
    const text = readFileSync(join('dist/assets', file), 'utf8').split('\n');
    text.forEach((l, i) => {
      const m = /^\/\/ ((?:node_modules|src|contract|locales)\S*)/.exec(l);
      if (m?.[1]) marks?.push({ line: i, path: m[1] });
    });
    moduleLines.set(file, marks);
  }
  let path = `(head of ${file})`;
  for (const m of marks) if (m.line <= line) path = m.path;
  return path
    .replace(/^node_modules\/((?:@[^/]+\/)?[^/]+).*/, '$1')
    .replace(/^(src\/[^/]+\/).*/, process.env.BY_FILE === '1' ? '$&' : '$1');
}

async function main(): Promise<void> {
  const { app, page, cdp, close } = await openProbePage({ width: 412, height: 823 });
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${app.baseUrl}/#/market/stockDetail?code=005930`, { waitUntil: 'commit' });
    await new Promise((r) => setTimeout(r, Number(process.env.TRACE_MS ?? 5000)));
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes as { id: number; children?: number[] }[])
      for (const c of n.children ?? []) parent.set(c, n.id);
    const callers = process.env.CALLERS;
    /** A sample of the CALLERS module: its own function (OWN=1), its stack (STACK=1), or else
     * the nearest function of ours (src/) that led to it. */
    const callerOf = (id: number): string => {
      const own = byId.get(id)?.callFrame;
      if (process.env.OWN === '1') return `${own?.functionName || '(anon)'}:${own?.lineNumber}`;
      const frames: { functionName: string; url: string; lineNumber: number }[] = [];
      for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
        const c = byId.get(at)?.callFrame;
        if (c) frames.push(c);
      }
      if (process.env.STACK === '1')
        return frames
          .slice(0, 7)
          .map((c) => c.functionName || '(anon)')
          .join(' < ');
      const ours = frames.find((c) => c.url && /^src\//.test(moduleAt(c.url, c.lineNumber)));
      return ours
        ? `${ours.functionName} ${moduleAt(ours.url, ours.lineNumber)}`
        : '(none of ours)';
    };
    const self = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const f = byId.get(id)?.callFrame;
      if (!f || /^\((idle|program|root)\)$/.test(f.functionName)) return;
      let k = f.url ? moduleAt(f.url, f.lineNumber) : `(native) ${f.functionName}`;
      if (callers) {
        if (k !== callers) return;
        k = callerOf(id);
      }
      self.set(k, (self.get(k) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
    });
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    console.log(`total sampled JS ${total.toFixed(0)} ms`);
    for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
      console.log(`${ms.toFixed(1).padStart(7)} ms  ${k}`);
  } finally {
    await close();
  }
}

void main();
