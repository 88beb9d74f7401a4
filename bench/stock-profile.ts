/**
 * A developer's probe, not a benchmark: a V8 CPU profile of the stock detail's first seconds
 * (cold cache, 4× CPU, slow 4G), summed by function, to see what the long tasks behind
 * Lighthouse's blocking time run. Lighthouse's own trace has no JS samples.
 * `MARU_SKIP_BUILD=1` reuses dist/. `PROFILE_MS` (default 12000) is the window; `PROFILE_FROM_MS`
 * (default 0) starts it that long after navigation (the steady state of the live feeds).
 * `CPU_RATE` (default 4) is the CPU slowdown; 1 shows the unthrottled tasks Lighthouse multiplies.
 * `SCREENSHOT=file.png` saves the whole page at the end (to compare two builds' layouts).
 */
import { openProbePage } from './probe-page';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

async function main(): Promise<void> {
  const { app, page, cdp, close } = await openProbePage({ width: 390, height: 844 });
  try {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    // CPU_RATE=1: Lighthouse's own observed run (unthrottled), whose tasks it multiplies by 4.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU_RATE ?? 4) });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await page.addInitScript(`window.__long = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries())
        window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); })
        .observe({ type: 'longtask', buffered: true });`);
    const from = Number(process.env.PROFILE_FROM_MS ?? 0);
    if (from === 0) await cdp.send('Profiler.start');
    await page.goto(`${app.baseUrl}/#/market/stockDetail?code=005930`, { waitUntil: 'commit' });
    if (from > 0) {
      await new Promise((r) => setTimeout(r, from));
      await cdp.send('Profiler.start');
    }
    await new Promise((r) => setTimeout(r, Number(process.env.PROFILE_MS ?? 12_000)));
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] };
    };
    if (process.env.SCREENSHOT)
      await page.screenshot({ path: process.env.SCREENSHOT, fullPage: true });
    const long = await page.evaluate<[number, number][]>('window.__long');
    console.log(
      `long tasks (start ms, duration ms, ${process.env.CPU_RATE ?? 4}x CPU): ${long.length}, ` +
        `${long.reduce((sum, [, d]) => sum + d - 50, 0)} ms over 50 ms\n` +
        long.map(([at, d]) => `${d}@${at}`).join(' '),
    );
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    const name = (n: Node) =>
      `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\//, '')}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
    profile.samples.forEach((id, i) => {
      const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const n = byId.get(id);
      if (!n) return;
      self.set(name(n), (self.get(name(n)) ?? 0) + dt);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const k = name(byId.get(at) as Node);
        if (seen.has(k)) continue;
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + dt);
      }
    });
    const byFile = new Map<string, number>();
    for (const [f, ms] of self) {
      const file = f.replace(/^\S+ /, '').replace(/:\d+:\d+$/, '') || '(native)';
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    const top = (m: Map<string, number>, k: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, k)
        .map(([f, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${f}`)
        .join('\n');
    // Busy stretches (samples with no idle gap over 2 ms) longer than 50 ms: what each ran.
    let t = 0;
    let run: { from: number; to: number; ids: number[] } | null = null;
    const runs: { from: number; to: number; ids: number[] }[] = [];
    profile.samples.forEach((id, i) => {
      t += (profile.timeDeltas[i] ?? 0) / 1000;
      const idle = byId.get(id)?.callFrame.functionName === '(idle)';
      if (idle) {
        if (run && t - run.to > 2) {
          if (run.to - run.from > 50) runs.push(run);
          run = null;
        }
        return;
      }
      if (!run) run = { from: t, to: t, ids: [] };
      run.to = t;
      run.ids.push(id);
    });
    for (const r of runs) {
      const incl = new Map<string, number>();
      for (const id of r.ids) {
        const seen = new Set<string>();
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
          const k = name(byId.get(at) as Node);
          if (seen.has(k)) continue;
          seen.add(k);
          incl.set(k, (incl.get(k) ?? 0) + 1);
        }
      }
      const n = r.ids.length;
      const named = [...incl]
        .filter(([k]) => !/^\((root|program|anon\) :-1)/.test(k))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14)
        .map(([k, c]) => `${Math.round((100 * c) / n)}% ${k}`);
      console.log(
        `busy ${r.from.toFixed(0)}–${r.to.toFixed(0)} ms (${(r.to - r.from).toFixed(0)}):\n  ${named.join('\n  ')}`,
      );
    }
    console.log('--- self time by file\n' + top(byFile, 15));
    console.log('--- self time (real ms, CPU throttled 4x)\n' + top(self, 40));
    console.log('--- total time\n' + top(total, 60));
  } finally {
    await close();
  }
}

await main();
