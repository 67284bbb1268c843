// The merchant API's reference is generated from its calls and cannot drift from the server:
//  - the OpenAPI document validates as OpenAPI 3.1 and lists every call of the door at its method
//    and path, with its parameters, body and response schemas and every named error it may answer;
//  - every example in it is what the server sends: each success example has the fields, types
//    and closed values (the card brand `visa`, statuses, currencies) of a real answer of the same
//    operation, each error example the code and message of a real refusal;
//  - it describes the webhooks (api.payment, payment_link.payment, pos.transaction): a real
//    delivery of each, signed and verified, parses strictly against its schema, and the example of
//    each event matches the real body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { z } from 'zod';
import {
  getCheckoutCall,
  getMerchantAppSettingsCall,
  payCheckoutCall,
  updateMerchantAppSettingsCall,
  WEBHOOK_EVENTS,
  type CallDef,
  type TErrorName,
  type TWebhookEventType,
} from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { apiCredentialsOf, createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { giveMerchantFees } from '../../test/merchant-fees.ts';
import { createTestDevice, deviceToken, posApi } from '../../test/pos-device.ts';
import { WebhookReceiver } from '../../test/webhook-receiver.ts';
import { undeclaredPaths } from '../../transport/response.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { SANDBOX_CARDS } from '../gateway/acquirer.ts';
import { insertPaymentLink } from '../payment-links/payment-links.service.ts';
import { merchantApiCalls, merchantApiStatus, operationIdOf } from './merchant-api.openapi.ts';
import { MERCHANT_API_EXAMPLES, WEBHOOK_EXAMPLES } from './merchant-api.examples.ts';

const FUTURE_YEAR = new Date().getUTCFullYear() + 3;

interface Operation {
  operationId: string;
  parameters?: Array<{ name: string; in: string; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    { content?: Record<string, { schema: unknown; example?: unknown; examples?: Record<string, { value: unknown }> }> }
  >;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
}

let t: TestApp;
let shop: TestMerchant;
let creds: { clientId: string; clientSecret: string };
let secret: string;
let receiver: WebhookReceiver;
let document: OpenApiDocument;

async function api(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method,
    url: `/api/merchant/v1${path}`,
    headers: {
      authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const card = (number: string) => ({ holderName: 'Jane Doe', number, expMonth: 12, expYear: FUTURE_YEAR, cvc: '123' });
/** A payment as the examples describe one: every optional field given. */
const order = (number: string, extra: Record<string, unknown> = {}) => ({
  amount: 1_050,
  currency: 'AED',
  card: card(number),
  description: 'Order 1001',
  clientReference: 'order-1001',
  customer: { name: 'Jane Doe', email: 'jane@example.com' },
  ...extra,
});

/**
 * Whether `example` could be `real`: the same fields at every depth, the same JSON type in each,
 * and where the server answers a closed value (a lower-case token like `visa` or `succeeded`, an
 * upper-case code like `AED`) a value of the same form. Differences are listed by path.
 */
function shapeDifferences(example: unknown, real: unknown, at = ''): string[] {
  const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  if (typeOf(example) !== typeOf(real)) return [`${at || '.'}: ${typeOf(example)} where the server sends ${typeOf(real)}`];
  if (Array.isArray(example) && Array.isArray(real))
    return real.length && example.length ? shapeDifferences(example[0], real[0], `${at}[0]`) : [];
  if (typeof real === 'string' && typeof example === 'string') {
    for (const form of [/^[a-z][a-z_]*$/, /^[A-Z]{3}$/]) {
      if (form.test(real) && !form.test(example)) return [`${at}: '${example}' where the server sends the form of '${real}'`];
    }
    return [];
  }
  if (typeof real !== 'object' || real === null) return [];
  const left = example as Record<string, unknown>;
  const right = real as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return keys.flatMap((key) => {
    if (!(key in left)) return [`${at}.${key}: missing from the example`];
    if (!(key in right)) return [`${at}.${key}: not sent by the server`];
    return shapeDifferences(left[key], right[key], `${at}.${key}`);
  });
}

/** The example the document gives for a refusal's name under its status, in whichever operation names it. */
function exampleOf(name: string, status: number): unknown {
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
  const examples = operations.map((operation) => operation.responses[String(status)]?.content?.['application/json']?.examples?.[name]);
  const found = examples.find((example) => example !== undefined);
  if (!found) throw new Error(`no example of ${name} under ${status}`);
  return found.value;
}

/** A body parsed by its schema, with no field the schema does not declare (at any depth). */
function parsedStrictly(schema: z.ZodType, body: unknown) {
  const parsed = schema.parse(body);
  expect(undeclaredPaths(body, parsed)).toEqual([]);
  return parsed;
}

beforeAll(async () => {
  t = await createTestApp({ webhookAllowPrivate: true });
  shop = await createTestMerchant(t);
  await giveMerchantFees(t, shop.id);
  creds = await apiCredentialsOf(t, shop);
  const settings = await t.call(getMerchantAppSettingsCall, {}, { token: shop.token });
  secret = settings.data[0]!.webhook_secret!;
  receiver = await new WebhookReceiver().start();
  const saved = await t.call(updateMerchantAppSettingsCall, { type: 'webhook', webhookUrl: receiver.url('/hook') }, { token: shop.token });
  expect(saved.status, saved.message).toBe(200);
  const response = await t.app.inject({ method: 'GET', url: '/api/merchant/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await receiver.stop();
  await t.close();
});

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await new Validator().validate(document as never)).toEqual({ valid: true });
  });

  it('lists every call of the door at its method and path, with its parameters, body, response and named errors', () => {
    // Proves the document is the calls: a call added to the door appears with everything it takes and answers.
    const calls: CallDef[] = merchantApiCalls();
    expect(calls).toHaveLength(6);
    for (const call of calls) {
      const route = call.http!;
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation!.operationId).toBe(operationIdOf(call));
      const parameters = (operation!.parameters ?? []).map((parameter) => `${parameter.in}:${parameter.name}`);
      for (const name of Object.keys(route.params?.shape ?? {})) expect(parameters).toContain(`path:${name}`);
      for (const name of Object.keys(route.query?.shape ?? {})) expect(parameters).toContain(`query:${name}`);
      if (route.method === 'POST' && call.kind === 'money') expect(parameters).toContain('header:Idempotency-Key');
      if (route.body) expect(operation!.requestBody!.content['application/json']!.schema).toBeDefined();
      expect(operation!.responses[String(route.status)]!.content!['application/json']!.schema).toBeDefined();
      const errors: TErrorName[] = [...(call.errors ?? []), 'API_CREDENTIALS_INVALID', 'VALIDATION_FAILED', 'API_RATE_LIMITED'];
      for (const name of errors) {
        const response = operation!.responses[String(merchantApiStatus(name))];
        expect(Object.keys(response?.content?.['application/json']?.examples ?? {}), `${call.path} ${name}`).toContain(name);
      }
    }
  });

  it('describes the three webhooks with their bodies and the signature headers', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(['api.payment', 'payment_link.payment', 'pos.transaction']);
    for (const hook of Object.values(document.webhooks)) {
      expect(hook.post.requestBody!.content['application/json']!.schema).toBeDefined();
      expect((hook.post.parameters ?? []).map((parameter) => parameter.name).sort()).toEqual([
        'webhook-id',
        'webhook-signature',
        'webhook-timestamp',
      ]);
    }
  });
});

describe('the examples are what the server sends', () => {
  it('has each success example in the form of a real answer of its operation', async () => {
    const created = await api('POST', '/payments', order(SANDBOX_CARDS.approved));
    expect(created.status).toBe(201);
    const manual = await api('POST', '/payments', order(SANDBOX_CARDS.approved, { captureMethod: 'manual' }));
    const toVoid = await api('POST', '/payments', order(SANDBOX_CARDS.approved, { captureMethod: 'manual' }));
    const real: Record<string, unknown> = {
      createPayment: created.body,
      getPayment: (await api('GET', `/payments/${String(created.body.id)}`)).body,
      listPayments: (await api('GET', '/payments?perPage=1')).body,
      capturePayment: (await api('POST', `/payments/${String(manual.body.id)}/capture`, { amount: 500 })).body,
      voidPayment: (await api('POST', `/payments/${String(toVoid.body.id)}/void`, {})).body,
      refundPayment: (await api('POST', `/payments/${String(created.body.id)}/refunds`, { amount: 300 })).body,
    };
    expect((real.createPayment as { card: { brand: string } }).card.brand).toBe('visa');
    for (const call of merchantApiCalls()) {
      const operationId = operationIdOf(call);
      const example =
        document.paths[call.http!.path]![call.http!.method.toLowerCase()]!.responses[String(call.http!.status)]!.content![
          'application/json'
        ]!.example;
      expect(example, operationId).toEqual(MERCHANT_API_EXAMPLES.answers[operationId]);
      parsedStrictly(call.response, example);
      expect(shapeDifferences(example, real[operationId]), operationId).toEqual([]);
    }
  });

  it('has each error example as the server words it, the declined payment with its failed payment', async () => {
    const refusals = {
      API_CREDENTIALS_INVALID: await api('GET', '/payments', undefined, { authorization: 'Basic bm86c3VjaA==' }),
      PAYMENT_NOT_FOUND: await api('GET', '/payments/0f6e6a1c-3f5d-4a57-9f8e-6b3e7a1c2d4e'),
      CARD_DECLINED: await api('POST', '/payments', order(SANDBOX_CARDS.declined)),
      CURRENCY_NOT_SUPPORTED: await api('POST', '/payments', { amount: 1_050, currency: 'SAR' }),
    };
    for (const [name, answer] of Object.entries(refusals)) {
      expect((answer.body.error as { code: string }).code, JSON.stringify(answer.body)).toBe(name);
      const example = exampleOf(name, answer.status);
      expect(shapeDifferences(example, answer.body), name).toEqual([]);
      expect((example as { error: { message: string } }).error.message, name).toBe((answer.body.error as { message: string }).message);
    }
  });
});

describe('the webhooks are what the server delivers', () => {
  async function deliveries(): Promise<Array<{ type: string; body: unknown }>> {
    await new JobRunner(t.deps, { pollIntervalMs: 20 }).drain();
    const verifier = new Webhook(secret);
    return receiver.received.map((got) => {
      const body = verifier.verify(got.body, got.headers as Record<string, string>);
      const event = (body as { type?: string }).type;
      const type = event === 'payment_link.payment' ? event : 'transactionType' in (body as object) ? 'pos.transaction' : 'api.payment';
      return { type, body };
    });
  }

  it('delivers each event in the shape its schema and example say, signed as Standard Webhooks', async () => {
    // An API payment moves, a payment link is paid, a POS device sells: one delivery of each.
    const manual = await api('POST', '/payments', order(SANDBOX_CARDS.approved, { captureMethod: 'manual' }));
    await api('POST', `/payments/${String(manual.body.id)}/capture`, { amount: 500 });
    const online = shop.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'online')!.id;
    const aed = (await t.deps.db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow()).id;
    const visa = (await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'VISA').executeTakeFirstOrThrow()).id;
    const link = await insertPaymentLink(t.deps.db, {
      merchantUserId: shop.id,
      channelId: online,
      currencyId: aed,
      amount: 2_500n,
      type: 1,
      status: 1,
      exipresIn: null,
      redirectUrl: null,
      callbackUrl: receiver.url('/link-callback'),
      receiptNo: null,
      email: null,
      phone: null,
      description: null,
      addedBy: shop.id,
      schemeIds: [visa],
    });
    const opened = await t.call(getCheckoutCall, { token: link.token });
    const paid = await t.call(payCheckoutCall, {
      token: link.token,
      attemptUuid: opened.data.attemptUuid!,
      customer: {
        name: 'Layla Haddad',
        email: 'layla@example.com',
        phone: '+971500000001',
        country: 'United Arab Emirates',
        city: 'Dubai',
      },
      card: { holderName: 'Layla Haddad', number: SANDBOX_CARDS.approved, expMonth: '09', expYear: String(FUTURE_YEAR % 100), cvc: '123' },
    });
    expect(paid.status, paid.message).toBe(200);
    const till = await createTestDevice(t, shop, [{ userId: shop.id, settings: ['SALE'] }]);
    const sale = await posApi(
      t,
      'sale',
      { amount: 1_050, currency: 'AED', card: card(SANDBOX_CARDS.approved) },
      { token: await deviceToken(t, till) },
    );
    expect(sale.status).toBe(200);

    const got = await deliveries();
    for (const type of Object.keys(WEBHOOK_EVENTS) as TWebhookEventType[]) {
      const real = got.filter((delivery) => delivery.type === type);
      expect(real.length, type).toBeGreaterThan(0);
      for (const delivery of real) parsedStrictly(WEBHOOK_EVENTS[type].schema, delivery.body);
      const example = document.webhooks[type]!.post.requestBody!.content['application/json'] as unknown as { example: unknown };
      expect(example.example).toEqual(WEBHOOK_EXAMPLES[type]);
      parsedStrictly(WEBHOOK_EVENTS[type].schema, example.example);
      const sameKind = real.find((delivery) => shapeDifferences(example.example, delivery.body).length === 0);
      expect(sameKind, `${type}: ${JSON.stringify(shapeDifferences(example.example, real[real.length - 1]!.body))}`).toBeDefined();
    }
  });
});
