/**
 * A developer's probe, not a benchmark: a Chrome trace of the stock detail's first seconds, cold
 * cache, unthrottled CPU (what Lighthouse observes before it multiplies each task by 4), with each
 * main-thread task over `MIN_MS` (default 10) broken down by what ran in it: script, style
 * recalculation, layout, paint, parsing, GC. Lighthouse reports style and layout work as
 * "Unattributable"; this tells them apart. `MARU_SKIP_BUILD=1` reuses dist/; `TRACE_MS` (default
 * 8000) is the window; `ROUTE` (default the stock detail) the screen.
 */
import { openProbePage } from './probe-page';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string } };
}

interface CpuProfile {
  startTime: number;
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions that ran in [from, to] (trace µs): self time, and inclusive time of each frame. */
function functionsIn(profile: CpuProfile, from: number, to: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number) => {
    const f = byId.get(id)?.callFrame;
    return f
      ? `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}:${f.columnNumber}`
      : '?';
  };
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  // UNDER=fnName: only the samples with that function on their stack.
  const under = process.env.UNDER;
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) return;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (under) {
      let found = false;
      for (let at: number | undefined = id; at !== undefined && !found; at = parent.get(at))
        found = byId.get(at)?.callFrame.functionName === under;
      if (!found) return;
    }
    self.set(name(id), (self.get(name(id)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = name(at);
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + dt);
    }
  });
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .filter(([f]) => !/^\((root|program|idle)\)/.test(f))
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([f, ms]) => `${ms.toFixed(1)} ${f}`)
      .join(' | ');
  return `      self: ${top(self, 8)}\n      incl: ${top(incl, Number(process.env.INCL ?? 12))}`;
}

async function main(): Promise<void> {
  const { app, page, cdp, close } = await openProbePage({ width: 412, height: 823 });
  try {
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => {
      events.push(...(e.value as unknown as TraceEvent[]));
    });
    const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    await cdp.send('Tracing.start', {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'blink',
        'loading',
      ].join(','),
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const route = process.env.ROUTE ?? '/market/stockDetail?code=005930';
    await page.goto(`${app.baseUrl}/#${route}`, { waitUntil: 'commit' });
    await new Promise((r) => setTimeout(r, Number(process.env.TRACE_MS ?? 8000)));
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    await cdp.send('Tracing.end');
    await done;
    const nav = events.filter((e) => e.name === 'navigationStart').at(-1) ?? events[0];
    const t0 = nav?.ts ?? 0;
    // The renderer's main thread: the thread with the most RunTask time among CrRendererMain.
    const mains = events.filter(
      (e) => e.name === 'thread_name' && /CrRendererMain/.test(JSON.stringify(e.args)),
    );
    const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X');
    const byThread = new Map<string, number>();
    for (const m of mains) {
      const k = `${m.pid}:${m.tid}`;
      byThread.set(
        k,
        tasks.filter((t) => `${t.pid}:${t.tid}` === k).reduce((s, t) => s + (t.dur ?? 0), 0),
      );
    }
    const main = [...byThread].sort((a, b) => b[1] - a[1])[0]?.[0];
    const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X');
    const min = Number(process.env.MIN_MS ?? 10) * 1000;
    const long = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= min);
    const kinds = [
      'EvaluateScript',
      'v8.compile',
      'V8.CompileCode',
      'FunctionCall',
      'EventDispatch',
      'TimerFire',
      'FireAnimationFrame',
      'UpdateLayoutTree',
      'Layout',
      'Paint',
      'PrePaint',
      'Layerize',
      'ParseHTML',
      'ParseAuthorStyleSheet',
      'MinorGC',
      'MajorGC',
      'V8.GC_SCAVENGER',
      'ScheduleStyleRecalculation',
      'HitTest',
      'UpdateLayer',
      'CompositeLayers',
      'Commit',
      'v8.run',
      'RunMicrotasks',
      'XHRReadyStateChange',
    ];
    let total = 0;
    for (const t of long) {
      const end = t.ts + (t.dur ?? 0);
      const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end);
      const parts = new Map<string, number>();
      // Top-level children only for each kind (nested same-kind events are not double counted).
      for (const k of kinds) {
        const of = inside.filter((e) => e.name === k).sort((a, b) => a.ts - b.ts);
        let sum = 0;
        let reach = 0;
        for (const e of of) {
          const to = e.ts + (e.dur ?? 0);
          if (e.ts >= reach) {
            sum += e.dur ?? 0;
            reach = to;
          } else if (to > reach) {
            sum += to - reach;
            reach = to;
          }
        }
        if (sum >= 1000) parts.set(k, sum / 1000);
      }
      if (
        process.env.FUNCTIONS === '1' &&
        (t.dur ?? 0) / 1000 > Number(process.env.FN_MIN_MS ?? 15)
      )
        console.log(functionsIn(profile, t.ts, end));
      if (process.env.ALL_NAMES === '1') {
        const names = new Map<string, number>();
        for (const e of inside) names.set(e.name, (names.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
        console.log(
          '    ' +
            [...names]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 12)
              .map(([k, v]) => `${k} ${v.toFixed(1)}`)
              .join(', '),
        );
      }
      const urls = new Set(
        inside
          .map((e) => e.args?.data?.url)
          .filter((u): u is string => !!u)
          .map((u) => u.replace(/^.*\//, '')),
      );
      const d = (t.dur ?? 0) / 1000;
      total += Math.max(0, d * 4 - 50);
      console.log(
        `${((t.ts - t0) / 1000).toFixed(0).padStart(6)} ms  ${d.toFixed(1).padStart(6)} ms (x4 ${(d * 4).toFixed(0)})  ` +
          [...parts].map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ') +
          (urls.size ? `  [${[...urls].slice(0, 4).join(' ')}]` : ''),
      );
    }
    console.log(
      `blocking at 4x (sum of x4 durations over 50 ms, all tasks shown): ${total.toFixed(0)} ms`,
    );
  } finally {
    await close();
  }
}

await main();
