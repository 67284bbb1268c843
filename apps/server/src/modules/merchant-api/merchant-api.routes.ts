// The merchant server API's HTTP door: /api/merchant/v1/* (JSON, HTTP Basic with the App
// Settings client id and secret, rate limited per client, errors as { error: { code, message } }
// with the HTTP status of the named error), its OpenAPI document (/api/merchant/openapi.json)
// and the readable reference (/api/docs, Swagger UI served from our own copy of swagger-ui-dist).
// Every POST honours Idempotency-Key (lib/idempotency.ts), scoped to the merchant.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { controlCharacterIssues } from '@paywallet/contract';
import { getApiPaymentsCall } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import { getApiPayments } from './api-payments.service.ts';
import { AppError, fail, failure, fieldFailure, validationFailure } from '../../transport/errors.ts';
import { checkLimit, hitLimit } from '../../lib/rate-limit.ts';
import { hashRequest, isValidIdempotencyKey, withIdempotency } from '../../lib/idempotency.ts';
import { authenticateApiClient } from '../app-settings/app-settings.service.ts';
import { buildMerchantApiDocument } from './merchant-api.openapi.ts';
import { ZCaptureRequest, ZCreatePaymentRequest, ZListQuery, ZRefundRequest, ZVoidRequest } from './merchant-api.schemas.ts';
import {
  capture,
  createPayment,
  errorBody,
  listPayments,
  readPayment,
  refund,
  voidAuthorisation,
  type ApiAnswer,
  type ApiClient,
} from './merchant-api.service.ts';

export const MERCHANT_API_PREFIX = '/api/merchant/v1';
/** A body of the merchant API is small: a payment with a card is well under 4 KB. */
export const MERCHANT_API_BODY_MAX_BYTES = 64 * 1024;
/** Failed authentications per IP per minute before the IP is made to wait. */
export const AUTH_FAILURES_PER_MINUTE = 20;
const CREDENTIAL_MAX_CHARS = 200;

function sendError(reply: FastifyReply, error: AppError) {
  if (error.status === 401) reply.header('WWW-Authenticate', 'Basic realm="PayWallet merchant API", charset="UTF-8"');
  return reply.status(error.status).headers(error.headers).send(errorBody(error));
}

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

async function authenticate(deps: Deps, request: FastifyRequest): Promise<ApiClient> {
  const ipLimit = { key: `merchant-api-auth:${request.ip}`, max: AUTH_FAILURES_PER_MINUTE, windowS: 60 };
  await checkLimit(deps.db, ipLimit, 'API_RATE_LIMITED');
  const credentials = basicCredentials(request.headers.authorization);
  try {
    if (!credentials) fail('API_CREDENTIALS_INVALID');
    const client = await authenticateApiClient(deps, { ...credentials, ip: request.ip });
    await hitLimit(
      deps.db,
      { key: `merchant-api:${client.clientId}`, max: deps.config.merchantApiRatePerMinute, windowS: 60 },
      'API_RATE_LIMITED',
    );
    return client;
  } catch (error) {
    if (error instanceof AppError && error.reason === 'API_CREDENTIALS_INVALID')
      await hitLimit(deps.db, ipLimit, 'API_RATE_LIMITED').catch(() => {});
    throw error;
  }
}

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const issues = controlCharacterIssues(value ?? {});
  if (issues.length > 0) throw fieldFailure(Object.fromEntries(issues.map((issue) => [issue.field, issue.message])));
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationFailure(result.error);
  return result.data;
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (!isValidIdempotencyKey(value)) fail('IDEMPOTENCY_KEY_INVALID');
  return value;
}

/** The back-office call of API payments (their payment listener, applyPaymentEvent, is composed in app.ts). */
export function registerMerchantApiCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getApiPaymentsCall, async (input, ctx) => ({ data: await getApiPayments(deps, ctx.scope.accountHolderId, input) }));
}

export function registerMerchantApi(app: FastifyInstance, deps: Deps): void {
  void app.register(async (scope) => {
    // Fastify's own refusals (unreadable JSON, a body over the limit, another content type) in the API's shape.
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      if (error instanceof AppError) return sendError(reply, error);
      const status = error.statusCode ?? 500;
      if (status >= 500 || status < 400) {
        request.log.error({ err: error }, 'merchant API request failed');
        return sendError(reply, failure('INTERNAL_ERROR'));
      }
      return sendError(reply, failure(status === 413 ? 'BODY_TOO_LARGE' : 'MALFORMED_REQUEST'));
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    /** Authenticates, runs the operation, answers; a POST with Idempotency-Key runs it once per key. */
    const handle =
      (run: (client: ApiClient, request: FastifyRequest) => Promise<{ work: () => Promise<ApiAnswer<unknown>> }>) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const client = await authenticate(deps, request);
        const key = request.method === 'POST' ? idempotencyKeyOf(request) : undefined;
        const { work } = await run(client, request);
        if (key === undefined) {
          const answer = await work();
          return reply.status(answer.status).send(answer.body);
        }
        const answer = await withIdempotency(
          deps,
          {
            scope: `merchant-api:${client.merchantUserId}`,
            key,
            requestHash: hashRequest({ method: request.method, path: request.url.split('?')[0]!, body: request.body ?? {} }),
          },
          work,
        );
        if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
        return reply.status(answer.status).send(answer.body);
      };

    const routeOptions = { bodyLimit: MERCHANT_API_BODY_MAX_BYTES };
    type IdParams = { Params: { id: string } };

    scope.post(
      `${MERCHANT_API_PREFIX}/payments`,
      routeOptions,
      handle(async (client, request) => {
        const input = parsed(ZCreatePaymentRequest, request.body);
        return { work: () => createPayment(deps, client, input, request.ip) };
      }),
    );
    scope.get(
      `${MERCHANT_API_PREFIX}/payments`,
      handle(async (client, request) => {
        const query = parsed(ZListQuery, request.query);
        return { work: async () => ({ status: 200, body: await listPayments(deps, client, query) }) };
      }),
    );
    scope.get<IdParams>(
      `${MERCHANT_API_PREFIX}/payments/:id`,
      handle(async (client, request) => {
        const { id } = request.params as IdParams['Params'];
        return { work: async () => ({ status: 200, body: await readPayment(deps, client, id) }) };
      }),
    );
    scope.post<IdParams>(
      `${MERCHANT_API_PREFIX}/payments/:id/capture`,
      routeOptions,
      handle(async (client, request) => {
        const { id } = request.params as IdParams['Params'];
        const input = parsed(ZCaptureRequest, request.body);
        return { work: () => capture(deps, client, id, input, request.ip) };
      }),
    );
    scope.post<IdParams>(
      `${MERCHANT_API_PREFIX}/payments/:id/void`,
      routeOptions,
      handle(async (client, request) => {
        const { id } = request.params as IdParams['Params'];
        parsed(ZVoidRequest, request.body);
        return { work: () => voidAuthorisation(deps, client, id, request.ip) };
      }),
    );
    scope.post<IdParams>(
      `${MERCHANT_API_PREFIX}/payments/:id/refunds`,
      routeOptions,
      handle(async (client, request) => {
        const { id } = request.params as IdParams['Params'];
        const input = parsed(ZRefundRequest, request.body);
        return { work: () => refund(deps, client, id, input, request.ip) };
      }),
    );
    scope.all(`${MERCHANT_API_PREFIX}/*`, async (_request, reply) => sendError(reply, failure('CALL_NOT_FOUND')));
    scope.all(MERCHANT_API_PREFIX, async (_request, reply) => sendError(reply, failure('CALL_NOT_FOUND')));
  });

  // ---- the document and the reference ----------------------------------------------------------
  let documentJson: string | undefined;
  app.get('/api/merchant/openapi.json', async (_request, reply) => {
    documentJson ??= JSON.stringify(buildMerchantApiDocument(deps.config.publicUrl.replace(/\/+$/, '')));
    return reply.type('application/json').header('Cache-Control', 'public, max-age=300').send(documentJson);
  });
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE));
  app.get('/api/docs/', async (_request, reply) => reply.redirect('/api/docs', 301));
  app.get<{ Params: { file: string } }>('/api/docs/assets/:file', async (request, reply) => {
    const asset = DOCS_ASSETS[request.params.file];
    if (!asset)
      return reply
        .status(404)
        .type('application/json')
        .send(errorBody(failure('CALL_NOT_FOUND')));
    const body = asset.inline ?? fs.readFileSync(path.join(swaggerUiDir(), asset.file!));
    return reply.type(asset.type).header('Cache-Control', 'public, max-age=3600').send(body);
  });
}

let swaggerDir: string | undefined;
function swaggerUiDir(): string {
  swaggerDir ??= path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return swaggerDir;
}

const DOCS_ASSETS: Record<string, { type: string; file?: string; inline?: string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'favicon-32x32.png': { type: 'image/png', file: 'favicon-32x32.png' },
  // Our own start-up script (no inline script in the page).
  'init.js': {
    type: 'text/javascript; charset=utf-8',
    inline:
      "window.addEventListener('load', function () {\n" +
      "  window.ui = SwaggerUIBundle({ url: '/api/merchant/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false });\n" +
      '});\n',
  },
};

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PayWallet merchant API reference</title>
    <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui" aria-label="PayWallet merchant API reference"></main>
    <noscript>The reference needs JavaScript. The OpenAPI document is at <a href="/api/merchant/openapi.json">/api/merchant/openapi.json</a>.</noscript>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/assets/init.js"></script>
  </body>
</html>
`;
