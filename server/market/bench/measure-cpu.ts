/**
 * Measures the simulator's CPU cost for the performance target: 2,000 symbols at 20,000 ticks/s
 * under 25 % of one core. Run: npx tsx server/market/bench/measure-cpu.ts [seconds] [watched]
 *
 * It simulates `seconds` of continuous trading (demo mode, so the session is always open) in 100 ms
 * steps as a real-time driver would, and reports CPU time per simulated second = the share of one
 * core the feed needs in real time. `watched` symbols get a quotes$, book$ and trades$ subscriber
 * (the socket layer's load); the rest cost only the typed-array updates.
 */
import { MarketSimulator } from '../simulator';
import { seoulTime } from '../seoul-time';

const seconds = Number(process.argv[2] ?? 60);
const watched = Number(process.argv[3] ?? 0);
const start = seoulTime('2026-03-23', 9, 30);
const sim = new MarketSimulator({
  seed: 'bench',
  start,
  demo: true,
  maxInstruments: 2_000,
  ticksPerSecond: 20_000,
});
let received = 0;
for (const x of sim.instruments().slice(0, watched)) {
  sim.quotes$(x.code).subscribe(() => received++);
  sim.book$(x.code, 10).subscribe(() => received++);
  sim.trades$(x.code).subscribe(() => received++);
}

// Warm up the JIT before measuring.
let t = start;
for (; t < start + 10_000; t += 100) sim.advanceTo(t);
const before = process.cpuUsage();
const wallBefore = performance.now();
const end = t + seconds * 1000;
for (; t <= end; t += 100) sim.advanceTo(t);
const cpu = process.cpuUsage(before);
const cpuMs = (cpu.user + cpu.system) / 1000;
const trades = sim.quotes().reduce((a, q) => a + (q.volume > 0 ? 1 : 0), 0);
console.log(
  JSON.stringify({
    symbols: sim.instruments().length,
    ticksPerSecond: sim.ticksPerSecond,
    simulatedSeconds: seconds,
    watchedSymbols: watched,
    messages: received,
    symbolsTraded: trades,
    cpuMs: Math.round(cpuMs),
    wallMs: Math.round(performance.now() - wallBefore),
    coreShare: `${((cpuMs / (seconds * 1000)) * 100).toFixed(1)} %`,
    usPerTick: Number(((cpuMs * 1000) / (seconds * sim.ticksPerSecond)).toFixed(2)),
  }),
);
