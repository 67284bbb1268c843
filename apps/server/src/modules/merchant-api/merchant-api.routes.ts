// The merchant server API's calls (/api/merchant/v1, bound to their HTTP routes by the door
// module, transport/doors.ts: HTTP Basic with the App Settings client id and secret, rate
// limits, Idempotency-Key, the `{ error }` body), the back-office call of API payments, and the
// reference: the OpenAPI document generated from the calls (/api/merchant/openapi.json) and its
// readable page (/api/docs, Swagger UI served from our own copy of swagger-ui-dist).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import {
  apiCapturePaymentCall,
  apiCreatePaymentCall,
  apiGetPaymentCall,
  apiListPaymentsCall,
  apiRefundPaymentCall,
  apiVoidPaymentCall,
  getApiPaymentsCall,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import { MERCHANT_API_DOOR, sendDoorAnswer } from '../../transport/doors.ts';
import { failure } from '../../transport/errors.ts';
import type { ApiKeyScope } from '../../transport/scope.ts';
import { getApiPayments } from './api-payments.service.ts';
import { buildMerchantApiDocument } from './merchant-api.openapi.ts';
import { capture, createPayment, listPayments, readPayment, refund, voidAuthorisation, type ApiClient } from './merchant-api.service.ts';

const clientOf = (scope: ApiKeyScope): ApiClient => ({ merchantUserId: scope.accountHolderId, clientId: scope.clientId });

/** The API's six operations and the back-office call of API payments (their payment listener, applyPaymentEvent, is composed in app.ts). */
export function registerMerchantApiCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getApiPaymentsCall, async (input, ctx) => ({ data: await getApiPayments(deps, ctx.scope.accountHolderId, input) }));
  dispatcher.register(apiCreatePaymentCall, async (input, ctx) => createPayment(deps, ctx.audit, clientOf(ctx.scope), input, ctx.ip));
  dispatcher.register(apiListPaymentsCall, async (input, ctx) => ({ data: await listPayments(deps, clientOf(ctx.scope), input) }));
  dispatcher.register(apiGetPaymentCall, async (input, ctx) => ({ data: await readPayment(deps, clientOf(ctx.scope), input.id) }));
  dispatcher.register(apiCapturePaymentCall, async (input, ctx) => capture(deps, ctx.audit, clientOf(ctx.scope), input, ctx.ip));
  dispatcher.register(apiVoidPaymentCall, async (input, ctx) => voidAuthorisation(deps, ctx.audit, clientOf(ctx.scope), input.id, ctx.ip));
  dispatcher.register(apiRefundPaymentCall, async (input, ctx) => refund(deps, ctx.audit, clientOf(ctx.scope), input, ctx.ip));
}

/** The OpenAPI document and the reference page. */
export function registerMerchantApiReference(app: FastifyInstance, deps: Deps): void {
  let documentJson: string | undefined;
  app.get('/api/merchant/openapi.json', async (_request, reply) => {
    documentJson ??= JSON.stringify(buildMerchantApiDocument(deps.config.publicUrl.replace(/\/+$/, '')));
    return reply.type('application/json').header('Cache-Control', 'public, max-age=300').send(documentJson);
  });
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE));
  app.get('/api/docs/', async (_request, reply) => reply.redirect('/api/docs', 301));
  app.get<{ Params: { file: string } }>('/api/docs/assets/:file', async (request, reply) => {
    const asset = DOCS_ASSETS[request.params.file];
    if (!asset) return sendDoorAnswer(reply, MERCHANT_API_DOOR, MERCHANT_API_DOOR.refusal(failure('CALL_NOT_FOUND'), false));
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
