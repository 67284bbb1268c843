// What Fastify itself refuses before a route runs (unreadable JSON, a body over the limit) and
// any error a route throws: a named refusal in the web app's shape, never internals nor
// Fastify's own words. A body over a limit (Fastify's 413: the JSON or envelope body limit, the
// upload cap of a multipart file) is answered 400 BODY_TOO_LARGE, like any other input the
// server cannot take, so the HTTP status stays equal to the body's code and within the error
// table. It is the web door's instance of the one error handler of every door (transport/doors.ts).
import type { FastifyInstance } from 'fastify';
import { doorErrorHandler, WEB_DOOR } from '../transport/doors.ts';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(doorErrorHandler(WEB_DOOR, false));
}
