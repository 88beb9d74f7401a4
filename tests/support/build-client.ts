import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Global setup of the browser tests: build the client once, as `npm start` would, before any test
 * starts a server. Test servers then start with MARU_SKIP_BUILD=1, so two of them can never
 * rebuild dist/ under each other's feet.
 */
export default function buildClient(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const result = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the client build failed; see the output above');
}
