// The OpenAPI 3.1 document of the merchant server API, generated from the calls of its door in
// the contract (zod-openapi): each call's method and path, its parameters, body and response,
// and every named error it may answer (its own, its door's, the Idempotency-Key's), each error's
// example built from the error table itself, so the reference says what the server says. The
// webhooks a merchant's server receives are described too (OpenAPI 3.1 `webhooks`). Served at
// /api/merchant/openapi.json and rendered at /api/docs.
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import * as contract from '@paywallet/contract';
import {
  doorOf,
  ERRORS,
  isCallDef,
  MERCHANT_API_STATUS_OF,
  WEBHOOK_EVENTS,
  ZApiError,
  ZWebhookHeaders,
  type CallDef,
  type TErrorName,
  type TErrorParams,
} from '@paywallet/contract';
import { MERCHANT_API_EXAMPLES, WEBHOOK_EXAMPLES } from './merchant-api.examples.ts';

export const MERCHANT_API_VERSION = '1.0.0';

/** The merchant API's calls, as the contract declares them. */
export function merchantApiCalls(): CallDef[] {
  return (Object.values(contract) as unknown[]).filter(isCallDef).filter((call) => doorOf(call) === 'merchant-api');
}

/** What any call of the door may answer, whatever it does. */
const DOOR_ERRORS: readonly TErrorName[] = [
  'VALIDATION_FAILED',
  'MALFORMED_REQUEST',
  'BODY_TOO_LARGE',
  'API_CREDENTIALS_INVALID',
  'API_IP_NOT_ALLOWED',
  'API_RATE_LIMITED',
  'INTERNAL_ERROR',
];
/** What a POST with an Idempotency-Key may answer beside. */
const IDEMPOTENCY_ERRORS: readonly TErrorName[] = ['IDEMPOTENCY_KEY_INVALID', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_PROGRESS'];

/** Values for the messages that take some: what an example refusal says. */
const EXAMPLE_PARAMS: { [N in TErrorName]?: TErrorParams<N> } = {
  VALIDATION_FAILED: { first: 'The amount must be greater than 0' },
  CURRENCY_NOT_SUPPORTED: { currency: 'SAR' },
  CAPTURE_EXCEEDS_AUTHORISED: { authorised: 'AED 100.00' },
  REFUND_EXCEEDS_REMAINING: { remaining: 'AED 30.00' },
};

/** The status the door answers a named refusal with. */
export function merchantApiStatus(name: TErrorName): number {
  return MERCHANT_API_STATUS_OF[name] ?? ERRORS[name].status;
}

/** The refusal as the server words it: the message of the error table, as `fail(name)` says it. */
export function exampleRefusal(name: TErrorName): z.output<typeof ZApiError> {
  const text: unknown = ERRORS[name].message;
  const message = typeof text === 'function' ? (text as (params: unknown) => string)(EXAMPLE_PARAMS[name]) : (text as string);
  const fields = name === 'VALIDATION_FAILED' ? { fields: { amount: message } } : {};
  const payment = MERCHANT_API_STATUS_OF[name] ? { payment: MERCHANT_API_EXAMPLES.declinedPayment } : {};
  return { error: { code: name, message, ...fields }, ...payment };
}

function errorResponses(names: readonly TErrorName[]): ZodOpenApiResponsesObject {
  const byStatus = new Map<number, TErrorName[]>();
  for (const name of new Set(names)) byStatus.set(merchantApiStatus(name), [...(byStatus.get(merchantApiStatus(name)) ?? []), name]);
  return Object.fromEntries(
    [...byStatus].map(([status, group]) => [
      String(status),
      {
        description: group.map((name) => `${name}: ${exampleRefusal(name).error.message}`).join(' '),
        content: {
          'application/json': {
            schema: ZApiError,
            examples: Object.fromEntries(group.map((name) => [name, { value: exampleRefusal(name) }])),
          },
        },
      },
    ]),
  );
}

const idempotencyHeader = z.object({
  'Idempotency-Key': z.string().min(1).max(255).optional().meta({
    description:
      'A unique key per operation (a UUID). Sending the same request again with the same key within 24 hours answers the first response (header Idempotent-Replayed: true) and changes nothing; the same key with another request is refused with 422 IDEMPOTENCY_KEY_REUSED.',
    example: '3f1c2a9e-7d1b-4b7e-9a0e-4c7a5b1f0d2e',
  }),
});

/** camelCase of the call's name: 'merchant-api/create-payment' -> 'createPayment'. */
export function operationIdOf(call: CallDef): string {
  return call.path.replace(/^.*\//, '').replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

function operationOf(call: CallDef): ZodOpenApiOperationObject {
  const route = call.http!;
  const idempotent = route.method === 'POST' && call.kind === 'money';
  const example = MERCHANT_API_EXAMPLES.answers[operationIdOf(call)];
  return {
    operationId: operationIdOf(call),
    ...(call.summary ? { summary: call.summary } : {}),
    ...(call.description ? { description: call.description } : {}),
    requestParams: {
      ...(route.params ? { path: route.params } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(idempotent ? { header: idempotencyHeader } : {}),
    },
    ...(route.body
      ? {
          requestBody: {
            // A body is required when an empty one would not do (a void or a full capture takes none).
            required: !route.body.safeParse({}).success,
            content: { 'application/json': { schema: route.body, ...requestExamples(call) } },
          },
        }
      : {}),
    responses: {
      [String(route.status)]: {
        description: call.summary ?? 'The answer.',
        content: { 'application/json': { schema: call.response, ...(example ? { example } : {}) } },
      },
      ...errorResponses([...DOOR_ERRORS, ...(idempotent ? IDEMPOTENCY_ERRORS : []), ...(call.errors ?? [])]),
    },
  };
}

function requestExamples(call: CallDef) {
  const examples = MERCHANT_API_EXAMPLES.requests[operationIdOf(call)];
  return examples ? { examples } : {};
}

function pathsOf(calls: readonly CallDef[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const call of calls) {
    const route = call.http!;
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(call) };
  }
  return paths;
}

const VERIFY_SIGNATURE =
  'Signed as Standard Webhooks: verify the signature before trusting the body. The webhook-signature header is `v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with your signing secret (App Settings, POS Webhook Settings: the base64 after `whsec_`); refuse a timestamp more than 5 minutes away, and deduplicate on webhook-id (a retry or a replay sends the same id). Libraries: https://www.standardwebhooks.com/. Any 2xx answer acknowledges the event; anything else is retried with backoff, 12 attempts over about 12.5 hours.';

function webhooksOf(): ZodOpenApiPathsObject {
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENTS).map(([type, event]) => [
      type,
      {
        post: {
          operationId: `webhook${type.replace(/(^|[._])([a-z])/g, (_match, _sep: string, letter: string) => letter.toUpperCase())}`,
          summary: event.summary,
          description: VERIFY_SIGNATURE,
          requestParams: { header: ZWebhookHeaders },
          requestBody: {
            required: true,
            content: { 'application/json': { schema: event.schema, example: WEBHOOK_EXAMPLES[type as keyof typeof WEBHOOK_EVENTS] } },
          },
          responses: { '200': { description: 'Any 2xx answer acknowledges the event.' } },
        },
      },
    ]),
  );
}

export function buildMerchantApiDocument(serverUrl: string) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'PayWallet merchant API',
      version: MERCHANT_API_VERSION,
      description:
        'Take card payments from your own server. Authenticate with HTTP Basic: your App Settings client id as the user name and client secret as the password. Amounts are integers in minor units. Errors answer `{ error: { code, message } }` with the HTTP status (a field the request does not take is refused by name). Test cards: 4242 4242 4242 4242 (approved), 4000 0000 0000 3220 (3-D Secure challenge), 4000 0000 0000 0002 (declined), 4000 0000 0000 9995 (insufficient funds). After the hosted checkout page or the 3-D Secure page, the customer returns to your returnUrl with `status` and `transactionId` in the query. Your webhook URL receives the events under `webhooks`.',
    },
    servers: [{ url: `${serverUrl}/api/merchant/v1` }],
    security: [{ basic: [] }],
    components: {
      securitySchemes: {
        basic: {
          type: 'http',
          scheme: 'basic',
          description: 'Client id as user name, client secret as password (App Settings, API Keys).',
        },
      },
    },
    paths: pathsOf(merchantApiCalls()),
    webhooks: webhooksOf(),
  });
}
