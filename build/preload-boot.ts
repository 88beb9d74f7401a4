import type { Plugin } from 'vite';
import { staticGraphOf } from './chunk-graph.ts';

/**
 * The entry (src/main.tsx) imports the app (src/app/boot.tsx) dynamically, so that it can start
 * the screen on the address first; Vite would then fetch the app's chunks only once the entry has
 * arrived and run. This adds them to index.html as modulepreload links, so they leave with the
 * HTML as when the entry imported them statically.
 */
export function preloadBoot(bootModule: string): Plugin {
  return {
    name: 'maru-preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || context.filename.endsWith('admin.html')) return html;
        type Output = (typeof bundle)[string];
        const chunks = Object.values(bundle).filter(
          (o): o is Extract<Output, { type: 'chunk' }> => o.type === 'chunk',
        );
        const files = staticGraphOf(chunks, bootModule);
        const present = new Set([...html.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]));
        return [...files]
          .filter((file) => !present.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
