// `npm start`: build the client when it is missing or older than its sources, then run the
// server in this process (so SIGINT/SIGTERM reach its graceful shutdown directly).
// `node scripts/start.mjs --build-only` stops after the build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtMarker = join(root, 'dist', 'index.html');
const clientSources = [
  'src',
  'public',
  'locales',
  'contract',
  'streams',
  'machines',
  'index.html',
  'admin.html',
  'vite.config.ts',
  'package-lock.json',
  // How the client is built (this file) changes what a build holds, too.
  'scripts/start.mjs',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function clientIsStale() {
  if (!existsSync(builtMarker)) return true;
  const builtAt = statSync(builtMarker).mtimeMs;
  return clientSources.some((source) => newestChange(join(root, source)) > builtAt);
}

if (process.env.MARU_SKIP_BUILD !== '1' && clientIsStale()) {
  console.log('Building the client (first start, or its sources changed)…');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Always the production build: a caller's NODE_ENV (vitest sets `test`) would otherwise give
  // React's development build, several times larger and slower, which `npm start` then serves.
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The client build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

// `--build-only`: the browser tests' global setup builds once, before any test starts a server.
if (process.argv.includes('--build-only')) process.exit(0);

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
