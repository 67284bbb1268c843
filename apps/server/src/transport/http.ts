// What the HTTP transports share: reading the caller from a Fastify request and answering a
// dispatch result. Every answer is JSON with the HTTP status equal to the body's code.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { storableText, type TEnvelope } from '@paywallet/contract';
import { failure, refusalEnvelope } from './errors.ts';
import type { RequestContext } from './dispatcher.ts';
import { toJson } from './json.ts';

export const ACCESS_TOKEN_MAX_CHARS = 200;
export const USER_AGENT_MAX_CHARS = 300;

export function requestContextOf(request: FastifyRequest): RequestContext {
  return {
    ip: request.ip,
    userAgent: storableText(String(request.headers['user-agent'] ?? ''), USER_AGENT_MAX_CHARS),
    accessToken: headerToken(request),
  };
}

function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers['accesstoken'];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= ACCESS_TOKEN_MAX_CHARS ? token : undefined;
}

export function sendEnvelope(reply: FastifyReply, envelope: TEnvelope, headers: Record<string, string> = {}) {
  return reply.status(envelope.code).headers(headers).type('application/json').send(toJson(envelope));
}

/** A request no transport could read: one uniform 400 that changes nothing. */
export function sendMalformed(reply: FastifyReply) {
  return sendEnvelope(reply, refusalEnvelope(failure('MALFORMED_REQUEST')));
}
