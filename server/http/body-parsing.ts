import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The API speaks JSON only. Fastify's built-in text/plain parser is removed so a body of any
 * other type is refused as unsupported media (415) instead of reaching a handler as a string.
 * An empty JSON body counts as `{}`, like a POST that carries no body at all.
 */
export const bodyParsingPlugin = fp(
  (app: FastifyInstance) => {
    // Prototype-poisoning keys are refused outright rather than stripped (request.malformed).
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, {});
        return;
      }
      void parseJson(request, text, done);
    });
  },
  { name: 'maru-body-parsing' },
);
