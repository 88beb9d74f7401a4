import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers for the API and the built client. The CSP fits a Vite single-page app:
 * scripts only from our origin, inline styles for emotion (Chakra UI), images from our origin or
 * data: URLs, and XHR / WebSocket (socket.io) connections back to our origin only: CSP Level 3
 * lets 'self' match ws: and wss: on the page's own host and port (Chromium, Firefox and Safari
 * 15.4+), and socket.io falls back to HTTP long-polling where a browser does not.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Paths whose answers are per user and per moment: never stored by a browser or a proxy. */
export const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/');

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    });
    // Every API answer (success, refusal, 404, health) carries balances, sessions or state.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'maru-security-headers' },
);
