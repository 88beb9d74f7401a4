// Where a benchmark's requests spend their time (bench/README.md: withdrawals, place-order): the
// benchmark's client loop with every query of each request traced (its wait for a pooled
// connection, its own time, the gaps between queries: CPU such as argon2 and event-loop waits),
// PostgreSQL's wait events sampled meanwhile, and the CPU of the Node process and of the app's
// PostgreSQL backends per step. PostgreSQL only (DATABASE_URL): it wraps node-postgres.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { API_BASE } from '../contract';
import type { Config } from '../server/config';
import type { TestApp } from '../tests/support/test-app';
import { buildTestApp } from '../tests/support/test-app';
import type { CustomerAnswer, CustomerPoster } from './client-loop';
import { customerPoster } from './client-loop';

interface Step {
  at: number;
  ms: number;
  sql: string;
}
interface Trace {
  url: string;
  start: number;
  end: number;
  steps: Step[];
  poolWaitMs: number;
}

const traces = new AsyncLocalStorage<Trace>();
const f = (x: number) => x.toFixed(1).padStart(7);
let tracing = false;

/** The statement's first words, its shape without literals. */
const shapeOf = (text: string) =>
  text.replace(/\s+/g, ' ').replace(/\$\d+/g, '?').replace(/"/g, '').slice(0, 90);

type QueryFn = (...args: unknown[]) => unknown;
const clientProto = pg.Client.prototype as unknown as { query: QueryFn };
const originalQuery = clientProto.query;
clientProto.query = function (this: unknown, ...args: unknown[]) {
  const trace = tracing ? traces.getStore() : undefined;
  if (!trace) return originalQuery.apply(this, args);
  const first = args[0];
  const text =
    typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?');
  const started = performance.now();
  const done = () =>
    trace.steps.push({
      at: started - trace.start,
      ms: performance.now() - started,
      sql: shapeOf(text),
    });
  const last = args[args.length - 1];
  if (typeof last === 'function') {
    args[args.length - 1] = (...cb: unknown[]) => {
      done();
      (last as (...a: unknown[]) => void)(...cb);
    };
    return originalQuery.apply(this, args);
  }
  const result = originalQuery.apply(this, args) as Promise<unknown>;
  return result.finally(done);
};
const poolProto = pg.Pool.prototype as unknown as { connect: QueryFn };
const originalConnect = poolProto.connect;
poolProto.connect = function (this: unknown, ...args: unknown[]) {
  const trace = tracing ? traces.getStore() : undefined;
  if (!trace || args.length > 0) return originalConnect.apply(this, args);
  const started = performance.now();
  return (originalConnect.apply(this, args) as Promise<unknown>).finally(() => {
    trace.poolWaitMs += performance.now() - started;
  });
};

export interface ProfiledBenchmark<W> {
  /** What one step is called in the figures ("withdrawal", "order"). */
  stepName: string;
  /** The calls whose statements are listed, in order (paths under the API base). */
  paths: readonly string[];
  overrides?: Partial<Config>;
  /** The customers, one per client, made before the clock starts. */
  setup(t: TestApp, clients: number): Promise<W[]>;
  /** One step of one client; a refusal stops the profile (its figures would mislead). */
  step(post: CustomerPoster, worker: W, serial: number): Promise<CustomerAnswer>;
}

/** Runs `clients` clients for `seconds` with every request traced, and prints where time went. */
export async function profileRequests<W>(
  bench: ProfiledBenchmark<W>,
  clients: number,
  seconds: number,
): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('needs DATABASE_URL');

  const done: Trace[] = [];
  const t = await buildTestApp('postgres', bench.overrides ?? {}, {
    extend(app) {
      app.addHook('onRequest', (request, _reply, next) => {
        const trace: Trace = {
          url: request.url,
          start: performance.now(),
          end: 0,
          steps: [],
          poolWaitMs: 0,
        };
        traces.run(trace, next);
      });
      app.addHook('onResponse', (_request, _reply, next) => {
        const trace = traces.getStore();
        if (trace && tracing) {
          trace.end = performance.now();
          done.push(trace);
        }
        next();
      });
    },
  });
  const workers = await bench.setup(t, clients);
  const base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}${API_BASE}`;

  // PostgreSQL's view: what the app's backends wait on, sampled every 20 ms.
  const dbName = new URL(t.app.maru.config.databaseUrl ?? '').pathname.slice(1);
  const sampler = new pg.Client({ connectionString: adminUrl });
  await sampler.connect();
  const waits = new Map<string, number>();
  let samples = 0;
  let sampling = true;
  const sampling$ = (async () => {
    while (sampling) {
      const { rows } = await sampler.query<{ state: string; w: string | null }>(
        `select state, wait_event_type || ':' || wait_event as w from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid()`,
        [dbName],
      );
      samples++;
      for (const r of rows) {
        const k = `${r.state} ${r.w ?? 'on CPU'}`;
        waits.set(k, (waits.get(k) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();

  const post = customerPoster(base);
  // CPU spent: this process (app, HTTP client, argon2's threads) and the app's PostgreSQL backends.
  const backendPids = async () =>
    (
      await sampler.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      )
    ).rows.map((r) => r.pid);
  const ticksOf = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  const pgTicks = async () => (await backendPids()).reduce((a, pid) => a + ticksOf(pid), 0);
  // What the app spends with no request at all (the market simulator, timers), for comparison.
  const idleCpu0 = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleCpu = process.cpuUsage(idleCpu0);
  console.log(`idle app: ${f((idleCpu.user + idleCpu.system) / 2000)} ms CPU per second`);
  const clientMs: number[] = [];
  const end = performance.now() + seconds * 1000;
  tracing = true;
  const cpuBefore = process.cpuUsage();
  const pgBefore = await pgTicks();
  const pidsBefore = await backendPids();
  const lagStart = performance.now();
  let lagMax = 0;
  let lagSum = 0;
  let lagN = 0;
  const lagTimer = setInterval(() => {
    const now = performance.now();
    const lag = now - lagStart - lagN * 10 - 10;
    lagN++;
    lagMax = Math.max(lagMax, lag - lagSum);
    lagSum = lag;
  }, 10);
  await Promise.all(
    workers.map(async (w) => {
      let serial = 0;
      while (performance.now() < end) {
        const started = performance.now();
        const answer = await bench.step(post, w, serial++);
        clientMs.push(performance.now() - started);
        if (answer.status !== 1 || !answer.data) throw new Error(JSON.stringify(answer));
      }
    }),
  );
  clearInterval(lagTimer);
  tracing = false;
  const cpu = process.cpuUsage(cpuBefore);
  const pidsAfter = await backendPids();
  const pgAfter = await pgTicks();
  sampling = false;
  await sampling$;
  await sampler.end();

  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)] ?? 0;
  };
  console.log(`clients ${clients}, ${seconds} s, ${clientMs.length} ${bench.stepName}s`);
  const nodeCpuMs = (cpu.user + cpu.system) / 1000;
  const pgCpuMs = ((pgAfter - pgBefore) * 1000) / 100;
  const idlePerMs = (idleCpu.user + idleCpu.system) / 1000 / 2000;
  const netNodeMs = nodeCpuMs - idlePerMs * seconds * 1000;
  console.log(
    `CPU per ${bench.stepName} less the idle app's: node process ${f(netNodeMs / clientMs.length)} ms`,
  );
  console.log(
    `CPU per ${bench.stepName}: node process ${f(nodeCpuMs / clientMs.length)} ms (user ${f(cpu.user / 1000 / clientMs.length)}, system ${f(cpu.system / 1000 / clientMs.length)}), PostgreSQL backends ${f(pgCpuMs / clientMs.length)} ms (backends ${pidsBefore.length} → ${pidsAfter.length})`,
  );
  console.log(`client-side step median ${f(median(clientMs))} ms`);
  console.log(`event loop: timer drift total ${f(lagSum)} ms over ${lagN} ticks`);
  for (const url of bench.paths.map((path) => `${API_BASE}${path}`)) {
    const ts = done.filter((x) => x.url === url);
    if (ts.length === 0) continue;
    const total = ts.map((x) => x.end - x.start);
    const queryMs = ts.map((x) => x.steps.reduce((a, s) => a + s.ms, 0));
    console.log(`\n${url}: ${ts.length} requests`);
    console.log(
      `  server time median ${f(median(total))} ms; queries ${median(ts.map((x) => x.steps.length))} per request, ${f(median(queryMs))} ms in queries; pool wait ${f(median(ts.map((x) => x.poolWaitMs)))} ms`,
    );
    // Per statement position of the median request shape: its own time and the gap before it.
    const sample = ts.filter((x) => x.steps.length === median(ts.map((y) => y.steps.length)));
    const n = sample[0]?.steps.length ?? 0;
    console.log('  #  gap-before   query   statement (medians over requests of the usual shape)');
    for (let i = 0; i < n; i++) {
      const gaps = sample.map((x) => {
        const prev = x.steps[i - 1];
        const cur = x.steps[i];
        if (!cur) return 0;
        return cur.at - (prev ? prev.at + prev.ms : 0);
      });
      const own = sample.map((x) => x.steps[i]?.ms ?? 0);
      console.log(
        `  ${String(i).padStart(2)} ${f(median(gaps))} ${f(median(own))}   ${sample[0]?.steps[i]?.sql}`,
      );
    }
    const tail = sample.map((x) => {
      const last = x.steps[x.steps.length - 1];
      return x.end - x.start - (last ? last.at + last.ms : 0);
    });
    console.log(`     ${f(median(tail))}           after the last query (reply)`);
  }
  console.log(`\nPostgreSQL backends of the app, ${samples} samples (state wait_event: count):`);
  for (const [k, v] of [...waits].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(v).padStart(6)}  ${k}`);
  await t.close();
}
