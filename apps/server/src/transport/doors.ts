// The doors onto the calls (docs/doors.md). Every call of the contract is reached through one
// door, and whatever the door, the same dispatcher resolves the caller, enforces the call's
// policy, validates the input, runs the handler, answers through the response schema and checks
// the audit row. What differs from door to door is written here, once:
//
// | door         | reached at                                     | credential -> scope                       | refusal body                       |
// | ------------ | ---------------------------------------------- | ----------------------------------------- | ---------------------------------- |
// | web          | POST /api/v1/<path>, POST /api, GET /api/...   | accessToken: a session (`Scope`)         | { code, reason, message, data }    |
// | merchant-api | /api/merchant/v1 + the call's method and path  | Basic client id:secret (`ApiKeyScope`)    | { error: { code, message, fields } } |
// | pos-api      | /api/pos/v1 + the call's method and path       | Bearer device session (`DeviceScope`)     | { error: { code, message, fields } } |
//
// - Authentication: each door turns its credential into its scope (the resolvers below), with
//   the door's own named refusals (401 API_CREDENTIALS_INVALID with a Basic challenge, 401
//   POS_SESSION_INVALID) and its rate limits: the merchant API counts requests per client id
//   (and failed authentications in authenticateApiClient), a device its requests per device.
// - Idempotency-Key: a POST that moves money on the merchant and POS doors runs once per key
//   (lib/idempotency.ts), the key scoped to the merchant or the device; the stored answer is
//   sealed, since it may hold a bearer secret (a 3-D Secure or hosted checkout page's URL).
// - Answers: a success is the call's response (its HTTP status from the call), a refusal the
//   door's error body, checked against the door's error schema (strict in tests) like every
//   answer; one error handler per door turns what Fastify itself refuses (unreadable JSON, a
//   body over the door's limit) into the door's refusal.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  doorOf,
  MERCHANT_API_STATUS_OF,
  pathParameters,
  ZApiError,
  ZPosError,
  type CallDef,
  type TDoor,
  type TErrorName,
} from '@paywallet/contract';
import { assert } from '@paywallet/ledger';
import type { Deps } from '../deps.ts';
import { hitLimit } from '../lib/rate-limit.ts';
import { hashRequest, isValidIdempotencyKey, withIdempotency } from '../lib/idempotency.ts';
import { openSecret, sealSecret } from '../lib/sealed-secrets.ts';
import { authenticateApiClient } from '../modules/app-settings/app-settings.service.ts';
import { authenticateDevice, POS_REQUESTS_PER_MINUTE } from '../modules/pos-api/device-sessions.ts';
import type { CallOutcome, Dispatcher, ReadyCall, RequestContext, ScopeResolvers } from './dispatcher.ts';
import { AppError, failure, fieldFailure, refusalEnvelope } from './errors.ts';
import { requestContextOf } from './http.ts';
import { toJson } from './json.ts';
import { isRecord, unknownFieldMessage } from './request.ts';
import { undeclaredPaths } from './response.ts';
import { apiKeyScope, deviceScope, type AnyScope, type Scope } from './scope.ts';

/** What a door sends: the status, the body and its own headers. */
export interface DoorAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

type Success = Exclude<CallOutcome, { refused: AppError }>;

/** A door reached over HTTP: where its calls live and how it answers. */
export interface HttpDoor {
  name: TDoor;
  prefix: string;
  /** The largest body of a call of the door (the web app's JSON calls have the app's own limit). */
  bodyMaxBytes?: number;
  /** The refusal of a path no call of the door answers. */
  notFound: TErrorName;
  /** Headers on every answer of the door. */
  headers: Record<string, string>;
  success(call: CallDef, outcome: Success): DoorAnswer;
  refusal(error: AppError, strict: boolean): DoorAnswer;
  /** Whose Idempotency-Keys a scope uses; absent: the door takes none. */
  idempotencyScope?(scope: AnyScope): string;
  /** How the audit log names a request of the door. */
  auditPath(call: CallDef, request: FastifyRequest): string | undefined;
}

/** A body of the merchant API is small: a payment with a card is well under 4 KB. */
export const MERCHANT_API_BODY_MAX_BYTES = 64 * 1024;
/** No request of a device needs more than this. */
export const POS_BODY_MAX_BYTES = 16 * 1024;
const PAYLOAD_TOO_LARGE = 413;
const CREDENTIAL_MAX_CHARS = 200;

/** The web app's door: its JSON calls go through plain-api.ts and envelope-api.ts; its GET routes are bound here. */
export const WEB_DOOR: HttpDoor = {
  name: 'web',
  prefix: '/api',
  notFound: 'CALL_NOT_FOUND',
  headers: {},
  success: (_call, outcome) => ({
    status: 200,
    body: { code: 200, message: outcome.message, data: outcome.data },
    headers: outcome.headers,
  }),
  refusal: (error) => ({ status: error.status, body: refusalEnvelope(error), headers: error.headers }),
  auditPath: () => undefined,
};

export const MERCHANT_API_DOOR: HttpDoor = {
  name: 'merchant-api',
  prefix: '/api/merchant/v1',
  bodyMaxBytes: MERCHANT_API_BODY_MAX_BYTES,
  notFound: 'CALL_NOT_FOUND',
  headers: { 'Cache-Control': 'no-store' },
  success: (call, outcome) => ({ status: call.http?.status ?? 200, body: outcome.data, headers: outcome.headers }),
  refusal(error, strict) {
    const headers = { ...error.headers };
    if (error.status === 401) headers['WWW-Authenticate'] = 'Basic realm="PayWallet merchant API", charset="UTF-8"';
    const payment = isRecord(error.data) ? error.data.payment : undefined;
    const body = { ...errorBody(error), ...(payment === undefined ? {} : { payment }) };
    return checkedRefusal(this, ZApiError, { status: MERCHANT_API_STATUS_OF[error.reason] ?? error.status, body, headers }, strict);
  },
  idempotencyScope: (scope) => `merchant-api:${scope.accountHolderId}`,
  // The request as the merchant's server sent it: `POST /api/merchant/v1/payments/<id>/capture`.
  auditPath: (_call, request) => `${request.method} ${request.url.split('?')[0]}`,
};

export const POS_API_DOOR: HttpDoor = {
  name: 'pos-api',
  prefix: '/api/pos/v1',
  bodyMaxBytes: POS_BODY_MAX_BYTES,
  notFound: 'POS_ROUTE_NOT_FOUND',
  headers: { 'Cache-Control': 'no-store' },
  success: (call, outcome) => ({ status: call.http?.status ?? 200, body: outcome.data, headers: outcome.headers }),
  refusal(error, strict) {
    return checkedRefusal(this, ZPosError, { status: error.status, body: errorBody(error), headers: error.headers }, strict);
  },
  // Two tills may use the same key without meeting.
  idempotencyScope(scope) {
    assert('via' in scope && scope.via === 'device', 'a POS call runs in a device scope');
    return `pos-api:${scope.device.posDeviceId}`;
  },
  auditPath: (call) => `pos/v1${call.http?.path ?? ''}`,
};

/** `{ error: { code, message, fields? } }`: the merchant and POS doors' refusal. */
function errorBody(error: AppError) {
  const fields = isRecord(error.data) && isRecord(error.data.errors) ? (error.data.errors as Record<string, string>) : undefined;
  return { error: { code: error.reason, message: error.message, ...(fields ? { fields } : {}) } };
}

/** A refusal passes the door's error schema like any answer; one that does not is a defect of ours. */
function checkedRefusal(door: HttpDoor, schema: z.ZodType, answer: DoorAnswer, strict: boolean): DoorAnswer {
  const parsed = schema.safeParse(answer.body);
  const undeclared = parsed.success && strict ? undeclaredPaths(answer.body, parsed.data) : [];
  if (parsed.success && undeclared.length === 0) return { ...answer, body: parsed.data };
  assert(answer.status !== 500, `the ${door.name} refusal breaks its schema`);
  return door.refusal(failure('INTERNAL_ERROR'), strict);
}

// ---- authentication: a door's credential to its scope -----------------------------------------

/** The client id and secret of an `Authorization: Basic` header, or undefined. */
export function basicCredentials(header: string | undefined): { clientId: string; clientSecret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]{1,600})$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  const clientId = decoded.slice(0, colon);
  const clientSecret = decoded.slice(colon + 1);
  if (!clientSecret || clientId.length > CREDENTIAL_MAX_CHARS || clientSecret.length > CREDENTIAL_MAX_CHARS) return undefined;
  return { clientId, clientSecret };
}

/** The token of an `Authorization: Bearer` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header ?? '')?.[1];
}

/** How each door resolves its caller; app.ts passes the web app's session resolver. */
export function doorScopeResolvers(deps: Deps, webSession: (token: string) => Promise<Scope | null>): ScopeResolvers {
  return {
    web: webSession,
    async 'merchant-api'(request) {
      // No credentials at all is a failed authentication like a wrong pair (counted per address).
      const credentials = basicCredentials(request.authorization) ?? { clientId: '', clientSecret: '' };
      const client = await authenticateApiClient(deps, { ...credentials, ip: request.ip });
      const limit = { key: `merchant-api:${client.clientId}`, max: deps.config.merchantApiRatePerMinute, windowS: 60 };
      await hitLimit(deps.db, limit, 'API_RATE_LIMITED');
      return apiKeyScope(client);
    },
    async 'pos-api'(request) {
      const device = await authenticateDevice(deps, bearerToken(request.authorization));
      // Far above a busy till, low enough to stop a runaway loop.
      await hitLimit(deps.db, { key: `pos-device:${device.posDeviceId}`, max: POS_REQUESTS_PER_MINUTE, windowS: 60 }, 'POS_RATE_LIMITED');
      return deviceScope(device);
    },
  };
}

// ---- Idempotency-Key ----------------------------------------------------------------------------

/** A POST that moves money takes an Idempotency-Key on a door that keeps them. */
function takesIdempotencyKey(door: HttpDoor, call: CallDef): boolean {
  return door.idempotencyScope !== undefined && call.http?.method === 'POST' && call.kind === 'money';
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value[0] : value;
  if (!isValidIdempotencyKey(key)) throw failure('IDEMPOTENCY_KEY_INVALID');
  return key;
}

/**
 * What the idempotency record compares: the call and its input as validated (so key order and
 * defaults do not matter). A card is compared by its masked number, holder and expiry: no full
 * card number (nor its hash) and no CVC is ever kept.
 */
export function idempotentRequestHash(call: CallDef, input: unknown): string {
  let body = input;
  if (isRecord(input) && isRecord(input.card) && typeof input.card.number === 'string') {
    const number = input.card.number.replace(/[\s-]/g, '');
    const { holderName, expMonth, expYear } = input.card;
    body = { ...input, card: { masked: `${number.slice(0, 6)}***${number.slice(-4)}`, holderName, expMonth, expYear } };
  }
  return hashRequest({ method: call.http?.method ?? 'POST', path: call.path, body });
}

/**
 * Runs the call once per Idempotency-Key: the answer (a success or a kept refusal) is stored
 * sealed for 24 hours, and the same key with the same request answers it again without running.
 */
async function answerOnce(deps: Deps, door: HttpDoor, request: FastifyRequest, ready: ReadyCall, strict: boolean): Promise<DoorAnswer> {
  const answerOf = (outcome: CallOutcome) => (outcome.refused ? door.refusal(outcome.refused, strict) : door.success(ready.call, outcome));
  const key = takesIdempotencyKey(door, ready.call) && ready.scope ? idempotencyKeyOf(request) : undefined;
  if (key === undefined || !ready.scope || !door.idempotencyScope) return answerOf(await ready.run());
  const sealKey = deps.config.credentialsKey;
  let first: DoorAnswer | undefined;
  const stored = await withIdempotency(
    deps,
    { scope: door.idempotencyScope(ready.scope), key, requestHash: idempotentRequestHash(ready.call, ready.input) },
    async () => {
      first = answerOf(await ready.run());
      return { status: first.status, body: { sealed: sealSecret(sealKey, toJson(first.body)) } };
    },
  );
  if (!stored.replayed && first) return first;
  const body: unknown = JSON.parse(openSecret(sealKey, stored.body.sealed));
  return { status: stored.status, body, headers: { 'Idempotent-Replayed': 'true' } };
}

// ---- binding a door's calls to HTTP routes --------------------------------------------------------

export function sendDoorAnswer(reply: FastifyReply, door: HttpDoor, answer: DoorAnswer) {
  return reply
    .status(answer.status)
    .headers({ ...door.headers, ...answer.headers })
    .type('application/json')
    .send(toJson(answer.body));
}

/**
 * The one error handler of every door: what a route throws, and what Fastify refuses before a
 * route runs (unreadable JSON, a body over the limit, another content type), as the door's
 * named refusal, never internals nor Fastify's own words.
 */
export function doorErrorHandler(door: HttpDoor, strict: boolean) {
  return (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendDoorAnswer(reply, door, door.refusal(error, strict));
    const status = error.statusCode ?? 500;
    if (status >= 500 || status < 400) {
      request.log.error({ err: error }, `${door.name} request failed`);
      return sendDoorAnswer(reply, door, door.refusal(failure('INTERNAL_ERROR'), strict));
    }
    return sendDoorAnswer(
      reply,
      door,
      door.refusal(failure(status === PAYLOAD_TOO_LARGE ? 'BODY_TOO_LARGE' : 'MALFORMED_REQUEST'), strict),
    );
  };
}

/**
 * The call's input from its HTTP parts: the path's parameters, and the query (GET) or the JSON
 * body (POST). A query or body field that names a path parameter is not the caller's to set.
 */
function inputOf(call: CallDef, request: FastifyRequest): unknown {
  const route = call.http!;
  const params = (request.params ?? {}) as Record<string, string>;
  const source: unknown = route.method === 'GET' ? request.query : request.body;
  const names = pathParameters(route.path);
  if (names.length === 0) return source ?? {};
  if (!isRecord(source ?? {})) return source;
  const fields = (source ?? {}) as Record<string, unknown>;
  const shadowing = names.filter((name) => name in fields);
  if (shadowing.length) throw fieldFailure(Object.fromEntries(shadowing.map((name) => [name, unknownFieldMessage([name])])));
  return { ...fields, ...Object.fromEntries(names.map((name) => [name, params[name]])) };
}

function fastifyPath(door: HttpDoor, call: CallDef): string {
  return door.prefix + call.http!.path.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, ':$1');
}

function contextOf(door: HttpDoor, call: CallDef, request: FastifyRequest): RequestContext {
  const authorization = request.headers.authorization;
  const auditPath = door.auditPath(call, request);
  return { ...requestContextOf(request), authorization, ...(auditPath ? { auditPath } : {}) };
}

/** Every JSON call of an HTTP door on its route, and a named refusal for every other path under the door. */
export function registerHttpDoor(app: FastifyInstance, dispatcher: Dispatcher, deps: Deps, door: HttpDoor): void {
  const strict = dispatcher.options.strictResponses;
  const calls = dispatcher.registeredCalls().filter((call) => doorOf(call) === door.name && call.http);
  void app.register(async (scope) => {
    scope.setErrorHandler(doorErrorHandler(door, strict));
    for (const call of calls) {
      scope.route({
        method: call.http!.method,
        url: fastifyPath(door, call),
        ...(door.bodyMaxBytes ? { bodyLimit: door.bodyMaxBytes } : {}),
        handler: async (request, reply) => {
          const readInput = () => {
            // A malformed key is refused before the body is looked at (the caller's first mistake).
            if (takesIdempotencyKey(door, call)) idempotencyKeyOf(request);
            return inputOf(call, request);
          };
          const answer = await dispatcher.dispatchCall(call, readInput, contextOf(door, call, request), (ready) =>
            answerOnce(deps, door, request, ready, strict),
          );
          return sendDoorAnswer(reply, door, answer);
        },
      });
    }
    const notFound = async (_request: FastifyRequest, reply: FastifyReply) =>
      sendDoorAnswer(reply, door, door.refusal(failure(door.notFound), strict));
    scope.all(`${door.prefix}/*`, notFound);
    scope.all(door.prefix, notFound);
  });
}

/** A file a call answers (answer: 'file'): sent as an attachment, never cached. */
export interface FileAnswer {
  stream: NodeJS.ReadableStream;
  bytes: number;
  fileName: string;
  contentType: string;
}

/** 'attachment; filename="..."' with the name in plain ASCII and in RFC 5987 form. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The web app's GET calls that answer a file (a report's download): the same policy as every
 * call, the session in the accessToken header. A file's link carries its token, so these routes
 * log only warnings and errors: no request line with the URL.
 */
export function registerWebFileCalls(app: FastifyInstance, dispatcher: Dispatcher): void {
  const calls = dispatcher.registeredCalls().filter((call) => doorOf(call) === 'web' && call.http && call.answer === 'file');
  for (const call of calls) {
    app.route({
      method: call.http!.method,
      url: fastifyPath(WEB_DOOR, call),
      logLevel: 'warn',
      handler: async (request, reply) => {
        try {
          const outcome = await dispatcher.dispatchCall(
            call,
            () => inputOf(call, request),
            requestContextOf(request),
            (ready) => ready.run(),
          );
          if (outcome.refused) return sendDoorAnswer(reply, WEB_DOOR, WEB_DOOR.refusal(outcome.refused, false));
          const file = outcome.data as FileAnswer;
          return reply
            .status(200)
            .header('Cache-Control', 'no-store')
            .header('Content-Type', file.contentType)
            .header('Content-Length', String(file.bytes))
            .header('Content-Disposition', attachment(file.fileName))
            .header('X-Content-Type-Options', 'nosniff')
            .send(file.stream);
        } catch (error) {
          return sendDoorAnswer(reply, WEB_DOOR, WEB_DOOR.refusal(error as AppError, false));
        }
      },
    });
  }
}
