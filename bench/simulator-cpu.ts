/**
 * The simulator's CPU share: 2,000 symbols at 20,000 ticks/s, run by the existing measurement
 * script (server/market/bench/measure-cpu.ts) in a fresh process so no other section warms or
 * loads it. With `watched` symbols, each has a quote, book and trade subscriber (socket load).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface CpuRow {
  watchedSymbols: number;
  coreShare: string;
  usPerTick: number;
}

export function measureSimulatorCpu(seconds = 20, watched: readonly number[] = [0, 100]): CpuRow[] {
  const script = fileURLToPath(new URL('../server/market/bench/measure-cpu.ts', import.meta.url));
  return watched.map((w) => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', script, String(seconds), String(w)],
      {
        encoding: 'utf8',
      },
    );
    const r = JSON.parse(out.trim().split('\n').at(-1) as string) as CpuRow;
    return { watchedSymbols: w, coreShare: r.coreShare, usPerTick: r.usPerTick };
  });
}
