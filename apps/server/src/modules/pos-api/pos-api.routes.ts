// The POS device API's door: /api/pos/v1/*, JSON in and out, its own small router (like the
// merchant API's) in front of the pos-api services. A device signs in with POST /login and
// sends the token as `Authorization: Bearer <token>` on everything else. Refusals answer
// `{ error: { code, message } }` (code: the named error of packages/contract/src/errors.ts,
// `fields` on a validation failure) with the error's HTTP status; answers leave through their
// contract schema (strict outside production, so a stray field fails the tests).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  contractErrorMap,
  controlCharacterIssues,
  TEXT_SCAN_MAX_CHARS,
  ZPosLoginRequest,
  ZPosLoginResponse,
  ZPosSessionResponse,
  ZPosCaptureRequest,
  ZPosChargeRequest,
  ZPosOperationResponse,
  ZPosRefundRequest,
  ZPosVoidRequest,
  type TPosOperationResponse,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import { AppError, fail, failure, fieldFailure, validationFailure } from '../../transport/errors.ts';
import { plain, toJson } from '../../transport/json.ts';
import { undeclaredPaths } from '../../transport/response.ts';
import { USER_AGENT_MAX_CHARS } from '../../transport/http.ts';
import { hashRequest, isValidIdempotencyKey, withIdempotency } from '../../lib/idempotency.ts';
import { posCapture, posCharge, posRefund, posTransaction, posVoid } from './pos-api.service.ts';
import {
  authenticateDevice,
  limitDeviceRequests,
  loginDevice,
  logoutDevice,
  sessionView,
  type DeviceActor,
  type DeviceRequest,
} from './device-sessions.ts';

/** No request of a device needs more than this. */
export const POS_BODY_MAX_BYTES = 16 * 1024;
const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

/** Fastify's status for a body over its limit. */
const PAYLOAD_TOO_LARGE = 413;

export function sendPosJson(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) {
  return reply.status(status).headers(headers).header('Cache-Control', 'no-store').type('application/json').send(toJson(body));
}

export function sendPosError(reply: FastifyReply, error: AppError) {
  const data = error.data as { errors?: Record<string, string> } | null;
  const body = { error: { code: error.reason, message: error.message, ...(data?.errors ? { fields: data.errors } : {}) } };
  return sendPosJson(reply, error.status, body, error.headers);
}

/** The body as the schema reads it, or VALIDATION_FAILED; no control character passes. */
export function validBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const raw = controlCharacterIssues(body ?? {}, new Set(), TEXT_SCAN_MAX_CHARS);
  if (raw.length) throw fieldFailure(Object.fromEntries(raw.map((issue) => [issue.field, issue.message])));
  const parsed = schema.safeParse(body ?? {}, { error: contractErrorMap });
  if (!parsed.success) throw validationFailure(parsed.error);
  return parsed.data;
}

/** An answer through its schema; an undeclared field is a defect (500) when strict. */
export function serialised<S extends z.ZodType>(schema: S, raw: unknown, strict: boolean): z.output<S> {
  const data = plain(raw);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`A POS API answer breaks its contract: ${parsed.error.message}`);
  if (strict) {
    const extra = undeclaredPaths(data, parsed.data);
    if (extra.length > 0) throw new Error(`A POS API answer carries undeclared fields: ${extra.join(', ')}`);
  }
  return parsed.data;
}

export function deviceRequestOf(request: FastifyRequest): DeviceRequest {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX_CHARS) };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
}

/** The signed-in device of a request, counted against its rate limit. */
export async function deviceOf(deps: Deps, request: FastifyRequest): Promise<DeviceActor> {
  const actor = await authenticateDevice(deps, bearerToken(request));
  await limitDeviceRequests(deps, actor);
  return actor;
}

/** The Idempotency-Key header, if sent; a key that is not 1-255 printable ASCII characters is refused. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value[0] : value;
  if (!isValidIdempotencyKey(key)) fail('IDEMPOTENCY_KEY_INVALID');
  return key;
}

/**
 * What the idempotency record compares: the operation and the body as validated. A card is
 * compared by its masked number, holder and expiry, so no full card number (nor its hash) and
 * no CVC is ever kept.
 */
function requestHashOf(path: string, input: Record<string, unknown>): string {
  const card = input.card as { number: string; holderName: string; expMonth: number; expYear: number } | undefined;
  const body = card
    ? {
        ...input,
        card: {
          masked: `${card.number.slice(0, 6)}***${card.number.slice(-4)}`,
          holderName: card.holderName,
          expMonth: card.expMonth,
          expYear: card.expYear,
        },
      }
    : input;
  return hashRequest({ method: 'POST', path: `/api/pos/v1/${path}`, body });
}

function bindOperations(scope: FastifyInstance, deps: Deps, strict: boolean): void {
  const options = { bodyLimit: POS_BODY_MAX_BYTES };
  function operation<S extends z.ZodType>(
    path: string,
    schema: S,
    run: (actor: DeviceActor, request: DeviceRequest, input: z.output<S>) => Promise<TPosOperationResponse>,
  ): void {
    scope.post(`/${path}`, options, async (request, reply) => {
      const actor = await deviceOf(deps, request);
      const key = idempotencyKeyOf(request);
      const input = validBody(schema, request.body);
      const work = async () => ({
        status: 200,
        body: serialised(ZPosOperationResponse, await run(actor, deviceRequestOf(request), input), strict),
      });
      if (key === undefined) return sendPosJson(reply, 200, (await work()).body);
      // Scoped per device: two tills may use the same key without meeting.
      const answer = await withIdempotency(
        deps,
        { scope: `pos-api:${actor.posDeviceId}`, key, requestHash: requestHashOf(path, input as Record<string, unknown>) },
        work,
      );
      return sendPosJson(reply, answer.status, answer.body, answer.replayed ? { 'Idempotent-Replayed': 'true' } : {});
    });
  }
  operation('sale', ZPosChargeRequest, (actor, request, input) => posCharge(deps, actor, request, 'SALE', input));
  operation('pre-auth', ZPosChargeRequest, (actor, request, input) => posCharge(deps, actor, request, 'PRE_AUTH', input));
  operation('capture', ZPosCaptureRequest, (actor, request, input) => posCapture(deps, actor, request, input));
  operation('refund', ZPosRefundRequest, (actor, request, input) => posRefund(deps, actor, request, input));
  operation('void', ZPosVoidRequest, (actor, request, input) => posVoid(deps, actor, request, input));

  scope.get('/transactions/:transactionId', async (request, reply) => {
    const actor = await deviceOf(deps, request);
    const { transactionId } = validBody(ZPosVoidRequest, request.params);
    return sendPosJson(reply, 200, serialised(ZPosOperationResponse, await posTransaction(deps, actor, transactionId), strict));
  });
}

export function registerPosApi(app: FastifyInstance, deps: Deps): void {
  const strict = !deps.config.production;
  void app.register(
    async (scope) => {
      scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        if (error instanceof AppError) return sendPosError(reply, error);
        const status = error.statusCode ?? 500;
        if (status >= 500 || status < 400) {
          request.log.error({ err: error }, 'POS API request failed');
          return sendPosError(reply, failure('INTERNAL_ERROR'));
        }
        return sendPosError(reply, failure(status === PAYLOAD_TOO_LARGE ? 'BODY_TOO_LARGE' : 'MALFORMED_REQUEST'));
      });
      const options = { bodyLimit: POS_BODY_MAX_BYTES };

      scope.post('/login', options, async (request, reply) => {
        const input = validBody(ZPosLoginRequest, request.body);
        const answer = await loginDevice(deps, deviceRequestOf(request), input);
        return sendPosJson(reply, 200, serialised(ZPosLoginResponse, answer, strict));
      });

      scope.get('/session', async (request, reply) => {
        const actor = await deviceOf(deps, request);
        return sendPosJson(reply, 200, serialised(ZPosSessionResponse, sessionView(actor), strict));
      });

      scope.post('/logout', options, async (request, reply) => {
        const actor = await deviceOf(deps, request);
        await logoutDevice(deps, actor, deviceRequestOf(request));
        return sendPosJson(reply, 200, { loggedOut: true });
      });

      bindOperations(scope, deps, strict);

      scope.all('/*', async (_request, reply) => sendPosError(reply, failure('POS_ROUTE_NOT_FOUND')));
    },
    { prefix: '/api/pos/v1' },
  );
}
