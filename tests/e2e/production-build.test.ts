import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The client the browser tests drive (built by the project's global setup, as `npm start` builds
 * it) is the production build, whatever NODE_ENV the runner has: vitest sets `test`, which once
 * gave React's development build, 195 KB larger, to the tests and then to `npm start`.
 */
describe('the built client', () => {
  it('is the production build: no React development code in any chunk', () => {
    const assets = join(fileURLToPath(new URL('../..', import.meta.url)), 'dist', 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const development = scripts.filter((name) =>
      // Only React's development build prints this hint.
      readFileSync(join(assets, name), 'utf8').includes('Download the React DevTools'),
    );
    expect(development).toEqual([]);
  });
});
