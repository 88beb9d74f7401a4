// pgbench's TPC-B as the baseline of the request benchmarks (withdrawals, place-order): the same
// number of clients, the same server, the same run.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** pgbench TPC-B (scale 10) on a scratch database: transactions per second. */
export function pgbenchTps(adminUrl: string, clients: number, seconds: number): number {
  const name = `bench_pgbench_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
  const psql = (sql: string) =>
    execFileSync('psql', ['-q', '-d', url.pathname.slice(1) || 'postgres', '-c', sql], { env });
  psql(`create database ${name}`);
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '10', name], { env, stdio: 'ignore' });
    const out = execFileSync(
      'pgbench',
      ['-c', String(clients), '-j', '2', '-T', String(seconds), '-n', name],
      { env, encoding: 'utf8' },
    );
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
    if (!match?.[1]) throw new Error(`no tps in pgbench output:\n${out}`);
    return Number(match[1]);
  } finally {
    psql(`drop database if exists ${name} with (force)`);
  }
}
