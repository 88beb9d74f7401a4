import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale } from '../../contract';
import { DEFAULT_LOCALE, LANGUAGE_HEADER, localeFromRequest } from '../../contract';

declare module 'fastify' {
  interface FastifyRequest {
    /** The locale the request's messages are written in (`lang` header, then Accept-Language). */
    locale: Locale;
  }
}

/** The locale a request asks for, from its headers alone (also usable before any hook ran). */
export function localeOfRequest(request: Pick<FastifyRequest, 'headers'>): Locale {
  return localeFromRequest(request.headers[LANGUAGE_HEADER], request.headers['accept-language']);
}

/** Decides each request's language once, before anything can refuse it. */
export const languagePlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.addHook('onRequest', (request, _reply, done) => {
      request.locale = localeOfRequest(request);
      done();
    });
  },
  { name: 'maru-language' },
);
