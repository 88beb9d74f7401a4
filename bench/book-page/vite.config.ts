/**
 * Builds the order-book benchmark page (bench/book-page) on its own, away from the app's build:
 * React's profiling build (so <Profiler> reports timings in a production bundle), output under
 * bench/results/ (not committed). Used only by bench/order-book.ts.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react()],
  resolve: {
    alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }],
  },
  build: {
    outDir: here('../results/book-page'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
  logLevel: 'warn',
});
