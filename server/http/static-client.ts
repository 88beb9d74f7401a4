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
 */
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
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        response.setHeader('vary', 'Accept-Encoding');
      },
    });
    // @fastify/static types a compressed .js as application/javascript but the plain one as
    // text/javascript (RFC 9239); send the one type whatever the encoding.
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/javascript'))
        reply.header('content-type', type.replace('application/javascript', 'text/javascript'));
      return payload;
    });
  },
  { name: 'maru-static-client' },
);
