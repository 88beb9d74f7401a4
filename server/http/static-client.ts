import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built client. Vite names files under /assets/ by content hash, so they may be cached
 * for a year; index.html must be revalidated each time so a deploy reaches phones at once.
 *
 * The build writes `.br` and `.gz` beside every compressible file (vite.config.ts); with
 * `preCompressed` a request gets the brotli file if its Accept-Encoding allows br, else the gzip
 * one, else the plain file, with the plain file's Content-Type. Nothing is compressed per request.
 * `Vary: Accept-Encoding` on every file so a shared cache never hands a br body to a client that
 * did not ask for it.
 *
 * A hashed script or stylesheet answers without the headers that only mean something on a document
 * (the policy set by helmet for pages: CSP, framing, COOP, ...): the page's own answer carries
 * them, and a module chunk's copy changed nothing but cost ~650 bytes on each of the start screen's
 * dozen files. The same holds for the icons and the manifest the browser fetches for the app. `nosniff`, CORP and the referrer policy stay. No worker script lives in /assets/
 * (the service worker is /sw.js, with every header), where CSP would apply to the worker itself.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/**
 * The logo and the app icons keep their names across deploys but hardly ever change: a day's
 * cache, so the splash, the favicon and the start screen do not each revalidate the same logo.
 */
const IMAGE = /\.(svg|png)(\.br|\.gz)?$/;
/**
 * A hashed file never changes and is cached for a year: nothing revalidates it or asks for a
 * range of it, so its validators are bytes on every first load for nothing.
 */
const IMMUTABLE_UNUSED_HEADERS = ['etag', 'last-modified', 'accept-ranges'];
const SUBRESOURCE = /^\/assets\/[^/?]+\.(js|css|woff2)(\?|$)/;
const SCRIPT = /\.js(\?|$)/;
/** Files no browser runs as a page either (the app icons, the manifest); an SVG could be one. */
const NEVER_A_PAGE = /^\/[^?]+\.(png|webmanifest)(\?|$)/;

export const staticClientPlugin = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    await app.register(fastifyStatic, {
      root: options.root,
      prefix: '/',
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      setHeaders(response, filePath) {
        const immutable = /[\\/]assets[\\/]/.test(filePath.slice(options.root.length));
        response.setHeader(
          'cache-control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : IMAGE.test(filePath)
              ? 'public, max-age=86400'
              : 'no-cache',
        );
        response.setHeader('vary', 'Accept-Encoding');
      },
    });
    // @fastify/static types a compressed .js as application/javascript but the plain one as
    // text/javascript (RFC 9239); send the one type whatever the encoding.
    app.addHook('onSend', async (request, reply, payload) => {
      // helmet wrote its headers on the raw response, before the route ran.
      if (reply.statusCode === 200 && SUBRESOURCE.test(request.url)) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
        for (const name of IMMUTABLE_UNUSED_HEADERS) reply.removeHeader(name);
        // A script's own requests follow the page's referrer policy; a stylesheet's follow its own.
        if (SCRIPT.test(request.url)) reply.raw.removeHeader('referrer-policy');
      } else if (reply.statusCode === 200 && NEVER_A_PAGE.test(request.url)) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
      }
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/javascript'))
        reply.header('content-type', type.replace('application/javascript', 'text/javascript'));
      return payload;
    });
  },
  { name: 'maru-static-client' },
);
