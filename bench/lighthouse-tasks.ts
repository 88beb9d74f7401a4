/**
 * A developer's probe, not a benchmark: the long main-thread tasks of a Lighthouse trace, each with
 * what ran in it. Run the bundle benchmark with `LIGHTHOUSE_TRACE=1 LIGHTHOUSE_PROFILE=1` (the
 * trace, with CPU samples), on a build made with `npx vite build --minify false` so each sample
 * maps back to its package or source folder through the chunks' `// path` comments, then:
 *
 *   npx tsx bench/lighthouse-tasks.ts [bench/results/lighthouse-stock.trace.json]
 *
 * Each task is printed at its real length (Lighthouse multiplies it by 4, and counts what passes
 * 50 ms) with its trace events (evaluation, layout, ...), then the modules, functions (self time)
 * and callers (inclusive time) the samples found in it. `MIN_MS` (default 12) is the shortest task
 * shown; `UNDER=<function>` keeps only the samples under that function.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      documentLoaderURL?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number };
}

const file = process.argv[2] ?? 'bench/results/lighthouse-stock.trace.json';
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);

// The page's main thread: where its navigation to the app's address started (the trace also
// holds the browser's own pages, such as a new tab's).
const navigation = events
  .filter((e) => e.name === 'navigationStart')
  .filter((e) => /^http/.test(e.args?.data?.documentLoaderURL ?? ''))
  .at(-1);
if (!navigation) throw new Error(`${file}: no navigation to the app in this trace`);
const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;
const mainThread = navigation;
const onMain = events.filter((e) => key(e) === key(mainThread));
const t0 = navigation.ts;

// The CPU samples of the main thread's profile, on the trace's clock.
const profile = events.find(
  (e) => e.name === 'Profile' && e.pid === mainThread.pid && e.tid === mainThread.tid,
);
const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
let clock = profile?.args?.data?.startTime ?? 0;
for (const chunk of events.filter(
  (e) => e.name === 'ProfileChunk' && e.pid === mainThread.pid && e.id === profile?.id,
)) {
  const data = chunk.args?.data;
  for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
  (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
    clock += data?.timeDeltas?.[i] ?? 0;
    samples.push({ ts: clock, node });
  });
}
if (!profile) console.log('(no CPU samples in this trace: run with LIGHTHOUSE_PROFILE=1)');

/** The package, or the source folder, a sampled line of a chunk belongs to. */
const markers = new Map<string, [number, string][]>();
function moduleAt(url: string, line: number): string {
  const name = url.replace(/^.*\//, '');
  if (!url.includes('/assets/')) return name || '(document)';
  let marks = markers.get(name);
  if (!marks) {
    marks = [];
    const path = join('dist/assets', name);
    if (existsSync(path))
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          const m = /^\/\/ ((?:node_modules|src|contract|locales)\S*)/.exec(text);
          if (m?.[1])
            marks?.push([
              i,
              m[1]
                .replace(/^node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
                .replace(/^(src\/[^/]+\/).*/, '$1'),
            ]);
        });
    markers.set(name, marks);
  }
  let found = `(top of ${name})`;
  for (const [at, path] of marks) if (at <= line) found = path;
  return found;
}

const frameName = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anon)'} ${(n.callFrame.url ?? '').replace(/^.*\//, '')}:${n.callFrame.lineNumber}`;
const moduleName = (n: ProfileNode) =>
  n.callFrame.url
    ? moduleAt(n.callFrame.url, n.callFrame.lineNumber)
    : n.callFrame.functionName.startsWith('(')
      ? n.callFrame.functionName
      : `(native) ${n.callFrame.functionName}`;

function chain(id: number): ProfileNode[] {
  const out: ProfileNode[] = [];
  for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent))
    out.push(n);
  return out;
}

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const top = (m: Map<string, number>, k: number) =>
  [...m]
    .filter(([f]) => !/^\((root|program|idle)\)/.test(f))
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([f, us]) => `${(us / 1000).toFixed(1)} ${f}`)
    .join(' | ');

function whatRan(from: number, to: number, k = 1): string {
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  const mods = new Map<string, number>();
  samples.forEach((s, i) => {
    if (s.ts < from || s.ts > to) return;
    const stack = chain(s.node);
    if (process.env.UNDER && !stack.some((n) => n.callFrame.functionName === process.env.UNDER))
      return;
    const dt = Math.min((samples[i + 1]?.ts ?? s.ts) - s.ts, 2000);
    const leaf = stack[0];
    if (!leaf) return;
    add(self, frameName(leaf), dt);
    add(mods, moduleName(leaf), dt);
    for (const name of new Set(stack.map(frameName))) add(incl, name, dt);
  });
  const sep = k > 1 ? '\n     ' : ' ';
  return `   modules:${sep}${top(mods, 10 * k).replaceAll(' | ', sep)}\n   self:${sep}${top(self, 8 * k).replaceAll(' | ', sep)}\n   callers:${sep}${top(incl, 12 * k).replaceAll(' | ', sep)}`;
}

const KINDS = [
  'v8.compileModule',
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'ParseHTML',
  'MinorGC',
  'MajorGC',
];

/** The time a kind of event took inside a task, nested events of the same kind counted once. */
function timeOf(kind: string, inside: TraceEvent[]): number {
  let sum = 0;
  let reach = 0;
  for (const e of inside.filter((x) => x.name === kind).sort((a, b) => a.ts - b.ts)) {
    const end = e.ts + (e.dur ?? 0);
    if (end <= reach) continue;
    sum += end - Math.max(e.ts, reach);
    reach = end;
  }
  return sum;
}

const min = Number(process.env.MIN_MS ?? 12) * 1000;
let blocking = 0;
for (const task of onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X')) {
  const dur = task.dur ?? 0;
  if (dur < min) continue;
  const end = task.ts + dur;
  const inside = onMain.filter(
    (e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end,
  );
  const kinds = KINDS.map((k) => [k, timeOf(k, inside)] as const)
    .filter(([, us]) => us >= 1000)
    .map(([k, us]) => `${k} ${(us / 1000).toFixed(1)}`);
  blocking += Math.max(0, (dur / 1000) * 4 - 50);
  console.log(
    `@${((task.ts - t0) / 1000).toFixed(0)} ms: ${(dur / 1000).toFixed(1)} ms (x4 ${(dur / 250).toFixed(0)}) ${kinds.join(', ')}`,
  );
  if (samples.length) console.log(whatRan(task.ts, end));
}
console.log(
  `blocking at 4x, every task (Lighthouse counts only those after the first paint): ${blocking.toFixed(0)} ms`,
);
// TOTAL=1: what ran over the whole trace, every task together (self time by function, summed).
if (process.env.TOTAL === '1' && samples.length) {
  console.log('\nthe whole trace:');
  console.log(whatRan(t0, Number.POSITIVE_INFINITY, 4));
}
