import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode, ErrorParams } from '../../contract';
import { localeOfRequest } from './language';
import { Refusal } from '../refusal';
import { httpStatusOf, httpStatusOfRefusal, refusalBody } from './refusal';

/** Fastify's own request errors, by their code, and the refusal each one becomes. */
const FRAMEWORK_REFUSALS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported_media',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.too_large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.malformed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.malformed',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.malformed',
  FST_ERR_BAD_URL: 'request.malformed',
};

export function sendRefusal(
  request: Pick<FastifyRequest, 'headers'>,
  reply: FastifyReply,
  code: ErrorCode,
  params: ErrorParams = {},
  httpStatus: number = httpStatusOf(code),
): FastifyReply {
  return reply.code(httpStatus).send(refusalBody(localeOfRequest(request), code, params));
}

/** Turns any error into the refusal envelope; only a genuine bug becomes system.busy (500). */
export function handleError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof Refusal) {
    return sendRefusal(request, reply, error.code, error.params, httpStatusOfRefusal(error));
  }
  const fastifyError = error as Partial<FastifyError>;
  const mapped = fastifyError.code ? FRAMEWORK_REFUSALS[fastifyError.code] : undefined;
  if (mapped) return sendRefusal(request, reply, mapped);
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // A client error Fastify raised without a code we know (e.g. a JSON syntax error in the body).
    request.log.info({ err: error }, 'request refused as malformed');
    return sendRefusal(request, reply, 'request.malformed', {}, status);
  }
  // The error serializer (logger.ts) logs a failed query's code and name, never its parameters.
  request.log.error(
    { err: error, code: 'system.busy', route: request.routeOptions.url ?? request.url },
    'unhandled error',
  );
  return sendRefusal(request, reply, 'system.busy');
}

/** Registers the error and not-found handlers for the whole app (fastify-plugin: not encapsulated). */
export const errorHandlersPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler(handleError);
    app.setNotFoundHandler((request, reply) => sendRefusal(request, reply, 'request.not_found'));
  },
  { name: 'maru-error-handlers' },
);
