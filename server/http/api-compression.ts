import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './security-headers';

/**
 * Compresses API answers (JSON) per request, by the request's Accept-Encoding: brotli if allowed,
 * else gzip, else plain. A candles answer is ~30 KB of JSON, ~4 KB in brotli: on a phone's link
 * that is most of its wait. Bodies under MIN_BYTES go plain (the encoding would cost more than it
 * saves). The built client is precompressed at build instead (static-client.ts); socket.io frames
 * never pass through Fastify's hooks.
 */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Quality 4 / level 6: a few ms for a 30 KB answer, most of the gain of the slow settings. */
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
const GZIP_OPTIONS = { level: 6 };

type Encoding = 'br' | 'gzip';

/**
 * The encoding to use: the accepted one of br and gzip with the higher q (br on a tie), honouring
 * `*` and `q=0` (RFC 9110 §12.5.3); null for neither.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

export const apiCompressionPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isApiPath(request.url)) return payload;
      // Whatever the decision, the answer depends on Accept-Encoding.
      const vary = reply.getHeader('vary');
      if (vary === undefined) reply.header('vary', 'Accept-Encoding');
      else if (!/accept-encoding/i.test(String(vary)))
        reply.header('vary', `${String(vary)}, Accept-Encoding`);
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length < MIN_BYTES) return payload;
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding === null) return payload;
      const compressed =
        encoding === 'br'
          ? await brotli(body, BROTLI_OPTIONS)
          : await gzipAsync(body, GZIP_OPTIONS);
      reply.header('content-encoding', encoding);
      reply.header('content-length', compressed.length);
      return compressed;
    });
  },
  { name: 'maru-api-compression' },
);
