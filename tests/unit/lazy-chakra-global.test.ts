import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { lazyChakraGlobal } from '../../build/lazy-chakra-global';

type Handler = (code: string, id: string) => { code: string } | null;
const { transform } = lazyChakraGlobal() as unknown as {
  transform: { filter: { id: RegExp }; handler: Handler };
};
const require = createRequire(import.meta.url);
const chakraEsm = join(dirname(require.resolve('@chakra-ui/react')), '..', 'esm');
const systemModule = join(chakraEsm, 'styled-system', 'system.js');

describe('the lazy-chakra-global build step', () => {
  it("turns createSystem's eager global blocks into a getter that builds them once", () => {
    const out = transform.handler(readFileSync(systemModule, 'utf8'), systemModule)?.code ?? '';
    expect(out).not.toContain('const _global =');
    expect(out).toContain('get _global()');
    // The rewritten body, run: the blocks are built on the first read only, and kept.
    let built = 0;
    const getter = out.slice(out.indexOf('get _global()'));
    const body = getter.slice(getter.indexOf('{') + 1, getter.indexOf('},'));
    const make = runInNewContext(
      `(getPreflightCss, getGlobalCss, getTokenCss) => {
        let _globalBuilt;
        return { get _global() {${body}} };
      }`,
    ) as (...parts: (() => string)[]) => { _global: string[] };
    const system = make(
      () => `reset${++built}`,
      () => 'global',
      () => 'tokens',
    );
    expect(built).toBe(0);
    expect(system._global).toEqual(['reset1', 'global', 'tokens']);
    expect(system._global).toBe(system._global);
    expect(built).toBe(1);
  });

  it('applies to the system module only, and fails the build when Chakra changes it', () => {
    expect(transform.filter.id.test(systemModule)).toBe(true);
    expect(transform.filter.id.test(join(chakraEsm, 'styled-system', 'provider.js'))).toBe(false);
    expect(() => transform.handler('export const x = 1;', systemModule)).toThrow(/_global/);
  });
});
