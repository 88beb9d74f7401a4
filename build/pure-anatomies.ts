import type { Plugin } from 'vite';

/** `var parts = anatomy.build();` (zag), `var parts = fieldAnatomy.build();` (ark). */
const BUILD_CALL = /(=\s*)(\w*[aA]natomy\.build\(\))/g;

/**
 * Each @zag-js (and @ark-ui) component's anatomy module builds its `parts` map as it is evaluated, and the
 * bundler keeps the call even when nothing imports `parts` (it cannot know the call is pure):
 * eighteen of them ran in the app's first module evaluation, ~25 ms of a slow phone's main thread
 * before the first screen. Marked pure, the unused ones are dropped (tests/unit/pure-anatomies.test.ts).
 */
export function pureAnatomies(): Plugin {
  return {
    name: 'maru-pure-anatomies',
    apply: 'build',
    transform: {
      filter: { id: /(@zag-js|@ark-ui)[\\/].*[\\/.]anatomy\.m?js$/ },
      handler(code) {
        return /natomy\.build\(\)/.test(code)
          ? { code: code.replace(BUILD_CALL, '$1/* @__PURE__ */ $2'), map: null }
          : null;
      },
    },
  };
}
