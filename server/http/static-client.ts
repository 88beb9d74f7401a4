import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built client. Vite names files under /assets/ by content hash, so they may be cached
 * for a year; index.html must be revalidated each time so a deploy reaches phones at once.
 */
export const staticClientPlugin = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    await app.register(fastifyStatic, {
      root: options.root,
      prefix: '/',
      wildcard: true,
      cacheControl: false,
      setHeaders(response, filePath) {
        const immutable = /[\\/]assets[\\/]/.test(filePath.slice(options.root.length));
        response.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  },
  { name: 'maru-static-client' },
);
