// What Fastify itself refuses before a route runs (unreadable JSON, a body over the limit) and
// any error a route throws: a named refusal in the API's shape, never internals nor Fastify's
// own words. A body over a limit (Fastify's 413: the JSON or envelope body limit, the upload
// cap of a multipart file) is answered 400 BODY_TOO_LARGE, like any other input the server
// cannot take, so the HTTP status stays equal to the body's code and within the error table.
import type { FastifyInstance } from 'fastify';
import { failure, refusalEnvelope } from '../transport/errors.ts';
import { sendEnvelope } from '../transport/http.ts';

/** Fastify's status for a body over its limit. */
const PAYLOAD_TOO_LARGE = 413;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500 || status < 400) {
      request.log.error({ err: error }, 'request failed');
      return sendEnvelope(reply, refusalEnvelope(failure('INTERNAL_ERROR')));
    }
    return sendEnvelope(reply, refusalEnvelope(failure(status === PAYLOAD_TOO_LARGE ? 'BODY_TOO_LARGE' : 'MALFORMED_REQUEST')));
  });
}
