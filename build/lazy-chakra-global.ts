import type { Plugin } from 'vite';

const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const MEMBER = /^( *)_global,$/m;

/**
 * Chakra's `createSystem` builds its three global style blocks (reset, global, tokens) as it runs,
 * on the main thread as the app's modules are evaluated. The token block, ~430 declarations put
 * one by one through Chakra's style engine, is over a third of that (profiled), and Maru's
 * ThemeProvider writes it from the token dictionary instead (src/theme/ThemeProvider.tsx). Here the
 * member becomes a getter that builds the blocks when first read (the back office's provider reads
 * it; the customer app's does not). A Chakra release that changes these lines fails the build
 * rather than silently keeping the eager blocks (tests/unit/lazy-chakra-global.test.ts).
 */
export function lazyChakraGlobal(): Plugin {
  return {
    name: 'maru-lazy-chakra-global',
    apply: 'build',
    transform: {
      filter: { id: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/ },
      handler(code, id) {
        if (!code.includes(EAGER) || !MEMBER.test(code)) {
          throw new Error(`lazy-chakra-global: ${id} no longer builds _global as expected`);
        }
        const lazy = code
          .replace(EAGER, 'let _globalBuilt;')
          .replace(
            MEMBER,
            '$1get _global() {\n$1  return (_globalBuilt ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n$1},',
          );
        return { code: lazy, map: null };
      },
    },
  };
}
