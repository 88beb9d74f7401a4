import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';
import { afterAll, describe, expect, it } from 'vitest';
import { stageChakraModule, stagedChakraSystem } from '../../build/staged-chakra-system';
import { inTasks } from '../../src/app/nextTask';
import { customerSystem } from '../../src/theme/system';

const require = createRequire(import.meta.url);
const chakraEsm = join(dirname(require.resolve('@chakra-ui/react')), '..', 'esm');
const styled = join(chakraEsm, 'styled-system');
const STAGED = ['system.js', 'token-dictionary.js', 'merge-config.js'];

type Steps = (...configs: unknown[]) => Generator<void, SystemContext, void>;
type StagedModule = { createSystem: typeof createSystem & { steps: Steps } };

/** Where the test copies Chakra's styled-system; removed once the file's tests are done. */
const copy = join(process.cwd(), 'node_modules', '.cache', `maru-staged-${process.pid}`);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/**
 * Chakra's styled-system as the build leaves it: a copy of its modules under node_modules (so
 * their own imports resolve), with the staged ones rewritten.
 */
async function stagedChakra(): Promise<StagedModule> {
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  writeFileSync(join(copy, 'package.json'), '{"type":"module"}');
  for (const dir of ['styled-system', 'utils'])
    cpSync(join(chakraEsm, dir), join(copy, dir), { recursive: true });
  for (const file of STAGED) {
    const path = join(copy, 'styled-system', file);
    writeFileSync(path, stageChakraModule(readFileSync(path, 'utf8'), path));
  }
  return (await import(
    pathToFileURL(join(copy, 'styled-system', 'system.js')).href
  )) as StagedModule;
}

/** What the screens read of a system: its tokens, their CSS, and the style function's output. */
function readings(system: SystemContext) {
  const tokens = system.tokens.allTokens as { name: string; value: unknown; extensions: object }[];
  const recipe = system.getRecipeFn('button') as (props: object) => object;
  return {
    tokens: tokens.map((t) => [t.name, JSON.stringify(t.value), JSON.stringify(t.extensions)]),
    cssVars: [...(system.tokens.cssVarMap.get('base') ?? new Map<string, string>())],
    tokenCss: JSON.stringify(system.getTokenCss()),
    globalCss: JSON.stringify(system.getGlobalCss()),
    css: system.css({
      color: 'fg.muted',
      bg: { base: 'brand.500', _hover: 'red.100/40' },
      px: 4,
      maxW: 'layout',
      textStyle: 'sm',
    }),
    token: String(system.token('colors.brand.solid')),
    utilities: system.utility.keys().length,
    button: recipe({ variant: 'solid' }),
  };
}

describe('the staged-chakra-system build step', () => {
  // The merged customer theme, as boot builds it.
  const config = customerSystem()._config;

  it("builds the same system in steps as Chakra's createSystem does in one go", async () => {
    const { createSystem: staged } = await stagedChakra();
    let steps = 0;
    const it = staged.steps(defaultBaseConfig, config);
    let step = it.next();
    for (; !step.done; step = it.next()) steps++;
    // Between each config's copy and their merge, the dictionary's registering and build phases,
    // and the rest.
    expect(steps).toBeGreaterThanOrEqual(13);
    const original = readings(createSystem(defaultBaseConfig, config));
    expect(readings(step.value)).toEqual(original);
    // Called as before, it runs every step at once.
    expect(readings(staged(defaultBaseConfig, config))).toEqual(original);
    expect(readings(await inTasks(staged.steps(defaultBaseConfig, config)))).toEqual(original);
  });

  it('applies to the two modules only, and fails the build when Chakra changes them', () => {
    const { transform } = stagedChakraSystem() as unknown as {
      transform: { filter: { id: RegExp } };
    };
    for (const file of STAGED) expect(transform.filter.id.test(join(styled, file))).toBe(true);
    expect(transform.filter.id.test(join(styled, 'css.js'))).toBe(false);
    const dictionary = join(styled, 'token-dictionary.js');
    const text = readFileSync(dictionary, 'utf8');
    expect(() =>
      stageChakraModule(text.replace('function build() {', 'function build2() {'), dictionary),
    ).toThrow(/no longer has/);
    expect(() => stageChakraModule('export const x = 1;', join(styled, 'system.js'))).toThrow(
      /no longer has/,
    );
  });
});
