import autocannon from 'autocannon';
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

export interface ThroughputRow {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** requests/s relative to the bare Fastify route in the same run */
  ratioToBaseline: number;
}

async function load(url: string, body: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({
    url,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    connections: 10,
    duration: seconds,
  });
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}

/** POST /user/login and /user/info on PGlite, against a bare Fastify route answering the same envelope. */
export async function measureApiThroughput(seconds = 5): Promise<ThroughputRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'maru-bench-'));
  const config = {
    ...loadConfig({ MARU_DATA_DIR: dataDir, MARU_DEMO_CODE: 'BENCH1', LOG_LEVEL: 'silent' }),
    clientDir: null,
    authRateLimit: { max: 1_000_000, windowMs: 60_000 },
  };
  const app = await buildApp(config);
  const bare = Fastify({ logger: false });
  bare.post('/bare', () => ({
    status: 1,
    msg: '',
    data: { token: 'x'.repeat(43), account: 'bench-user' },
  }));
  try {
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const credentials = { account: 'benchuser', password: 'quiet-river-2048' };
    const registered = await app.inject({
      method: 'POST',
      url: '/api/vue/user/register',
      payload: {
        ...credentials,
        confirmPassword: credentials.password,
        code: 'BENCH1',
        agree: true,
      },
    });
    const session = registered.json<{ data: { token: string; account: string } }>().data;

    const baseline = await load(`${bareUrl}/bare`, '{}', {}, seconds);
    const login = await load(
      `${appUrl}/api/vue/user/login`,
      JSON.stringify(credentials),
      {},
      seconds,
    );
    const info = await load(
      `${appUrl}/api/vue/user/info`,
      '{}',
      { token: session.token, account: session.account },
      seconds,
    );
    const row = (name: string, m: { requestsPerSecond: number; p99Ms: number }): ThroughputRow => ({
      name,
      ...m,
      ratioToBaseline: Math.round((m.requestsPerSecond / baseline.requestsPerSecond) * 1000) / 1000,
    });
    return [
      row('bare Fastify route (baseline)', baseline),
      row('POST /user/login', login),
      row('POST /user/info', info),
    ];
  } finally {
    await app.close();
    await bare.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
