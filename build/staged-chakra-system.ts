import type { Plugin } from 'vite';

/** Runs a step generator to its end in one go: the function as Chakra wrote it. */
const RUN_ALL = (name: string, steps: string) =>
  `\nfunction ${name}(...args) {\n  const steps = ${steps}(...args);\n  for (;;) {\n    const step = steps.next();\n    if (step.done) return step.value;\n  }\n}\n${name}.steps = ${steps};\n`;

interface Edit {
  /** Text that must occur exactly once in the module. */
  find: string | RegExp;
  replace: string | ((...match: string[]) => string);
}

/**
 * The edits per module. Each turns a function into a generator that pauses (`yield`) between its
 * phases, and adds back the function under its own name, running every step at once, with the
 * generator as its `steps` member.
 */
const EDITS: Record<string, Edit[]> = {
  'token-dictionary.js': [
    {
      find: 'function createTokenDictionary(options) {',
      replace: 'function* createTokenDictionarySteps(options) {',
    },
    // Each phase of the dictionary's build (transforms, references, views) a step of its own.
    {
      find: /function build\(\) \{\n((?: {4}\w[\w$]*\("?\w*"?\);\n)+) {2}\}/,
      replace: (_all, body = '') =>
        `function* build() {\n${body.trimEnd().split('\n').join('\n    yield;\n')}\n  }`,
    },
    // The plain tokens and the semantic ones registered in two steps.
    { find: 'function registerTokens() {', replace: 'function* registerTokens() {' },
    {
      find: '    );\n    walkObject(\n      semanticTokens,',
      replace: '    );\n    yield;\n    walkObject(\n      semanticTokens,',
    },
    {
      find: '  registerTokens();\n  registerTransform(',
      replace: '  yield* registerTokens();\n  yield;\n  registerTransform(',
    },
    {
      find: '  build();\n  return dictionary;',
      replace: '  yield* build();\n  return dictionary;',
    },
    {
      find: 'export { createTokenDictionary,',
      replace: `${RUN_ALL('createTokenDictionary', 'createTokenDictionarySteps')}export { createTokenDictionary,`,
    },
  ],
  'merge-config.js': [
    // Each config's deep copy a step, then their merge, then the tokens' normalising walk.
    {
      find: 'const mergeConfigs = (...configs) => {\n  const merged = mergeWith({}, ...configs.map(clone));',
      replace:
        'function* mergeConfigsSteps(...configs) {\n  const copies = [];\n  for (const config of configs) {\n    copies.push(clone(config));\n    yield;\n  }\n  const merged = mergeWith({}, ...copies);\n  yield;',
    },
    {
      find: '  return merged;\n};\n\nexport { mergeConfigs };',
      replace: `  return merged;\n}\n${RUN_ALL('mergeConfigs', 'mergeConfigsSteps')}export { mergeConfigs };`,
    },
  ],
  'system.js': [
    {
      find: 'function createSystem(...configs) {\n  const config = mergeConfigs(...configs);',
      replace:
        'function* createSystemSteps(...configs) {\n  const config = yield* mergeConfigs.steps(...configs);',
    },
    {
      find: '  const tokens = createTokenDictionary({',
      replace: '  yield;\n  const tokens = yield* createTokenDictionary.steps({',
    },
    {
      find: '  const utility = createUtility({',
      replace: '  yield;\n  const utility = createUtility({',
    },
    { find: '  const css = createCssFn({', replace: '  yield;\n  const css = createCssFn({' },
    {
      find: 'export { createSystem,',
      replace: `${RUN_ALL('createSystem', 'createSystemSteps')}export { createSystem,`,
    },
  ],
};

function occurrences(code: string, find: string | RegExp): number {
  if (typeof find === 'string') return code.split(find).length - 1;
  return [...code.matchAll(new RegExp(find.source, 'g'))].length;
}

/**
 * Chakra's `createSystem` is the start-up's longest task: ~490 tokens put through the token
 * dictionary's phases, run once and cold (profiled: 55–120 ms on a slow host, 4× that under
 * Lighthouse), in one go before the first screen can render. Here `createSystem`,
 * `createTokenDictionary` and `mergeConfigs` become step generators (`createSystem.steps`), so
 * boot runs the phases in tasks of their own (src/theme/system.ts `customerSystemInTasks`) and a
 * phone's main thread answers between them. Called as before, each still runs all at once, as
 * Chakra wrote it. A Chakra release that changes these lines fails the build rather than silently
 * running in one task (tests/unit/staged-chakra-system.test.ts).
 */
export function stagedChakraSystem(): Plugin {
  return {
    name: 'maru-staged-chakra-system',
    apply: 'build',
    transform: {
      filter: {
        id: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/](system|token-dictionary|merge-config)\.js$/,
      },
      handler(code, id) {
        return { code: stageChakraModule(code, id), map: null };
      },
    },
  };
}

/** The module's text with its edits made; throws when one of them no longer fits. */
export function stageChakraModule(code: string, id: string): string {
  const file = id.split(/[\\/]/).pop() ?? '';
  const edits = EDITS[file];
  if (!edits) throw new Error(`staged-chakra-system: no edits for ${id}`);
  return edits.reduce((out, { find, replace }) => {
    if (occurrences(out, find) !== 1) {
      throw new Error(`staged-chakra-system: ${id} no longer has ${String(find).slice(0, 60)}`);
    }
    return typeof replace === 'string'
      ? out.replace(find, () => replace)
      : out.replace(find, replace);
  }, code);
}
