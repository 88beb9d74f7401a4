import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { staticGraphOf } from './chunk-graph.ts';

/** V8's explicit compile hint: compile every function of this file eagerly, off the main thread. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

type Bundle = Parameters<
  Extract<NonNullable<Plugin['writeBundle']>, { handler: unknown }>['handler']
>[1];
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

/** The compressed copies vite-plugin-compression2 emits beside a file, as it makes them. */
const COMPRESSED: Record<string, (code: string) => Uint8Array> = {
  '.br': (code) =>
    brotliCompressSync(code, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
  '.gz': (code) => gzipSync(code, { level: constants.Z_BEST_COMPRESSION }),
};

/**
 * V8 compiles a function only when it is first called, on the main thread. The start-up's chunks
 * (the entry and the app's: React, Chakra, the router, the theme) run most of their functions at
 * once, so a slow phone's main thread spends a large part of the start-up compiling them (profiled:
 * ~150 ms of `V8.CompileCode` on this project's machines, unthrottled). V8's explicit compile hint,
 * a comment at the top of a file, has Chromium compile all of that file's functions on the
 * background thread that streams the script in, while the network is still busy.
 *
 * Only the chunks every start-up evaluates carry the hint: the entry's and the app's static graph
 * (the chunks `preloadBoot` links). A screen's chunk runs a smaller share of its functions, and
 * compiling the rest would cost memory for nothing.
 *
 * It runs last (Vite writes its preload helper at the top of a chunk, and the compression plugin
 * compresses, before), so it writes the chunks' compressed copies again.
 */
export function compileHints(entryModule: string, bootModule: string): Plugin {
  return {
    name: 'maru-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((o): o is Chunk => o.type === 'chunk');
        const files = new Set(
          [entryModule, bootModule].flatMap((module) => [...staticGraphOf(chunks, module)]),
        );
        for (const chunk of chunks) {
          if (!files.has(chunk.fileName) || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          for (const [extension, compress] of Object.entries(COMPRESSED)) {
            const copy = bundle[chunk.fileName + extension];
            if (copy?.type === 'asset') copy.source = compress(chunk.code);
          }
        }
      },
    },
  };
}
