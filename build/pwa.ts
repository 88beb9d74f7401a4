import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The installable app (issue 13, docs/client.md "Installable app"): a web app manifest and a
 * Workbox service worker.
 *
 * What the worker keeps, and why:
 * - The shell (index.html, the logo and icons) is precached, so the app opens offline and shows
 *   its offline banner instead of the browser's error page.
 * - Script, style and text chunks under /assets/ are cached as they are used (cache first: their
 *   names carry a content hash, so a cached one is never stale). The screens a customer visited,
 *   and their words, open again offline; nothing is downloaded up front that the customer never
 *   opens, which would compete with the first screen on a slow phone.
 * - A page load tries the network first (a deploy reaches phones at once) and falls back to the
 *   precached shell.
 * - /api and socket.io are never matched: prices, balances and orders always come live or not at
 *   all, never stale from a cache.
 * The back office (admin.html) is left to the network.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  // main.tsx registers the worker after the first screen has loaded (src/pwa/registerWorker.ts).
  injectRegister: false,
  registerType: 'autoUpdate',
  manifest: {
    id: '/',
    name: 'Maru 마루 증권',
    short_name: 'Maru',
    description: '한국 주식 모바일 트레이딩: 실시간 시세, 호가, 공모주 청약',
    lang: 'ko',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: '#ffffff',
    categories: ['finance'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The manifest's icons are added by the plugin.
    globPatterns: ['index.html', 'logo.svg', 'icons/apple-touch-icon.png'],
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) =>
          request.mode === 'navigate' &&
          !url.pathname.startsWith('/admin') &&
          !url.pathname.startsWith('/api/'),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'maru-pages',
          networkTimeoutSeconds: 5,
          precacheFallback: { fallbackURL: '/index.html' },
        },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'maru-assets',
          expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};

/** The back office is not the customer's app: its page gets no manifest link, so it does not offer to install as Maru. */
export const adminWithoutManifest: Plugin = {
  name: 'maru-admin-without-manifest',
  enforce: 'post',
  transformIndexHtml: {
    order: 'post',
    handler: (html, context) =>
      context.filename.endsWith('admin.html')
        ? html.replace(/<link rel="manifest"[^>]*>/, '')
        : html,
  },
};
