// The OpenAPI 3.1 document of the merchant server API, generated from the zod schemas the
// handlers use (zod-openapi), served at /api/merchant/openapi.json and rendered at /api/docs.
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import {
  ZCaptureRequest,
  ZCreatePaymentRequest,
  ZError,
  ZId,
  ZListQuery,
  ZPayment,
  ZPaymentList,
  ZRefund,
  ZRefundRequest,
  ZVoidRequest,
} from './merchant-api.schemas.ts';

export const MERCHANT_API_VERSION = '1.0.0';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

const errors = (
  ...codes: Array<{ status: string; description: string; example: { code: string; message: string } }>
): ZodOpenApiResponsesObject =>
  Object.fromEntries(
    codes.map((c) => [
      c.status,
      { description: c.description, content: { 'application/json': { schema: ZError, example: { error: c.example } } } },
    ]),
  );

const COMMON_ERRORS = errors(
  {
    status: '400',
    description: 'The request does not pass validation (VALIDATION_FAILED, with one message per field) or cannot be read.',
    example: { code: 'VALIDATION_FAILED', message: 'The amount must be greater than 0' },
  },
  {
    status: '401',
    description: 'Missing or wrong client id and secret (API_CREDENTIALS_INVALID).',
    example: { code: 'API_CREDENTIALS_INVALID', message: 'The API credentials are invalid.' },
  },
  {
    status: '403',
    description: 'The IP check is on and the caller is not an allowed IP (API_IP_NOT_ALLOWED).',
    example: { code: 'API_IP_NOT_ALLOWED', message: 'Requests from this IP address are not allowed.' },
  },
  {
    status: '429',
    description: 'Too many requests for this client (API_RATE_LIMITED); see Retry-After.',
    example: { code: 'API_RATE_LIMITED', message: 'Too many requests. Please slow down.' },
  },
);

const NOT_FOUND = errors({
  status: '404',
  description: 'No payment of this merchant has this id (PAYMENT_NOT_FOUND).',
  example: { code: 'PAYMENT_NOT_FOUND', message: 'Payment not found.' },
});

const IDEMPOTENCY_ERRORS = errors(
  {
    status: '409',
    description: 'The first request with this Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_PROGRESS).',
    example: {
      code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
      message: 'A request with this Idempotency-Key is still being processed. Please retry shortly.',
    },
  },
  {
    status: '422',
    description: 'A business refusal (e.g. REFUND_EXCEEDS_REMAINING), or IDEMPOTENCY_KEY_REUSED: the key was used with another request.',
    example: {
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used with another request. Use a new key for a new request.',
    },
  },
);

const idempotencyHeader = z.object({
  'Idempotency-Key': z.string().min(1).max(255).optional().meta({
    description:
      'A unique key per operation (a UUID). Sending the same request again with the same key within 24 hours answers the first response (header Idempotent-Replayed: true) and changes nothing; the same key with another request is refused with 422 IDEMPOTENCY_KEY_REUSED.',
    example: '3f1c2a9e-7d1b-4b7e-9a0e-4c7a5b1f0d2e',
  }),
});

const paymentPath = z.object({ id: ZId });

const examplePayment = {
  id: '0f6e6a1c-3f5d-4a57-9f8e-6b3e7a1c2d4e',
  object: 'payment',
  status: 'succeeded',
  amount: 1050,
  amountCaptured: 1050,
  amountRefunded: 0,
  currency: 'AED',
  fee: 30,
  vat: 2,
  captureMethod: 'automatic',
  failureReason: null,
  description: 'Order 1001',
  clientReference: 'order-1001',
  customer: { name: 'Jane Doe', email: 'jane@example.com', phone: null },
  card: { brand: 'VISA', last4: '4242' },
  nextAction: null,
  transactionId: '8c1d0d0e-2b8a-4d7f-9d44-0b1c7a9e5f10',
  createdAt: '2026-11-24T10:00:00.000Z',
  expiresAt: null,
};

const createPayment: ZodOpenApiOperationObject = {
  operationId: 'createPayment',
  summary: 'Create a payment',
  description:
    'With a card: charges it now (3-D Secure may answer requires_action with nextAction.redirectUrl). Without a card: answers requires_action with the hosted checkout page in nextAction.redirectUrl. A declined card answers 402 with the failed payment.',
  requestParams: { header: idempotencyHeader },
  requestBody: {
    content: {
      'application/json': {
        schema: ZCreatePaymentRequest,
        examples: {
          card: {
            summary: 'Charge a card',
            value: {
              amount: 1050,
              currency: 'AED',
              card: { holderName: 'Jane Doe', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
              description: 'Order 1001',
              clientReference: 'order-1001',
              customer: { name: 'Jane Doe', email: 'jane@example.com' },
            },
          },
          hosted: {
            summary: 'Hosted checkout (no card)',
            value: { amount: 1050, currency: 'AED', clientReference: 'order-1002', returnUrl: 'https://shop.example/return' },
          },
        },
      },
    },
  },
  responses: {
    '201': { description: 'The payment.', content: { 'application/json': { schema: ZPayment, example: examplePayment } } },
    '402': {
      description: 'The card was declined (CARD_DECLINED, CARD_INSUFFICIENT_FUNDS): the failed payment is in `payment`.',
      content: {
        'application/json': {
          schema: ZError,
          example: {
            error: { code: 'CARD_DECLINED', message: 'Your card was declined.' },
            payment: { ...examplePayment, status: 'failed', amountCaptured: 0, fee: 0, vat: 0, failureReason: 'Your card was declined.' },
          },
        },
      },
    },
    ...COMMON_ERRORS,
    ...IDEMPOTENCY_ERRORS,
  },
};

export function buildMerchantApiDocument(serverUrl: string) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'PayWallet merchant API',
      version: MERCHANT_API_VERSION,
      description:
        'Take card payments from your own server. Authenticate with HTTP Basic: your App Settings client id as the user name and client secret as the password. Amounts are integers in minor units. Errors answer `{ error: { code, message } }` with the HTTP status. Test cards: 4242 4242 4242 4242 (approved), 4000 0000 0000 3220 (3-D Secure challenge), 4000 0000 0000 0002 (declined), 4000 0000 0000 9995 (insufficient funds).',
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
    paths: {
      '/payments': {
        post: createPayment,
        get: {
          operationId: 'listPayments',
          summary: 'List payments',
          description: 'Newest first, paged.',
          requestParams: { query: ZListQuery },
          responses: { '200': { description: 'A page of payments.', content: json(ZPaymentList) }, ...COMMON_ERRORS },
        },
      },
      '/payments/{id}': {
        get: {
          operationId: 'getPayment',
          summary: 'Get a payment',
          requestParams: { path: paymentPath },
          responses: {
            '200': { description: 'The payment.', content: { 'application/json': { schema: ZPayment, example: examplePayment } } },
            ...COMMON_ERRORS,
            ...NOT_FOUND,
          },
        },
      },
      '/payments/{id}/capture': {
        post: {
          operationId: 'capturePayment',
          summary: 'Capture an authorised payment',
          description: 'Captures up to the authorised amount of a payment in requires_capture (captureMethod manual).',
          requestParams: { path: paymentPath, header: idempotencyHeader },
          requestBody: { content: json(ZCaptureRequest) },
          responses: {
            '200': { description: 'The captured payment.', content: json(ZPayment) },
            ...COMMON_ERRORS,
            ...NOT_FOUND,
            ...IDEMPOTENCY_ERRORS,
          },
        },
      },
      '/payments/{id}/void': {
        post: {
          operationId: 'voidPayment',
          summary: 'Void an authorised payment',
          description:
            'Releases the authorisation of a payment in requires_capture (captureMethod manual) without capturing it: the payment becomes voided and no money moves. A captured, failed or already voided payment is refused with 409 PAYMENT_NOT_VOIDABLE.',
          requestParams: { path: paymentPath, header: idempotencyHeader },
          requestBody: { required: false, content: json(ZVoidRequest) },
          responses: {
            '200': {
              description: 'The voided payment.',
              content: {
                'application/json': {
                  schema: ZPayment,
                  example: { ...examplePayment, status: 'voided', captureMethod: 'manual', amountCaptured: 0, fee: 0, vat: 0 },
                },
              },
            },
            ...COMMON_ERRORS,
            ...NOT_FOUND,
            ...IDEMPOTENCY_ERRORS,
            ...errors({
              status: '409',
              description:
                'The payment is not waiting for capture (PAYMENT_NOT_VOIDABLE: captured, failed, already voided, or a hosted payment not paid yet), or the first request with this Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_PROGRESS).',
              example: { code: 'PAYMENT_NOT_VOIDABLE', message: 'Only a payment waiting for capture can be voided.' },
            }),
          },
        },
      },
      '/payments/{id}/refunds': {
        post: {
          operationId: 'refundPayment',
          summary: 'Refund a payment',
          description: 'Refunds all that remains, or part of it. Refunds never exceed what was captured.',
          requestParams: { path: paymentPath, header: idempotencyHeader },
          requestBody: { content: json(ZRefundRequest) },
          responses: {
            '201': { description: 'The refund, with the payment after it.', content: json(ZRefund) },
            ...COMMON_ERRORS,
            ...NOT_FOUND,
            ...IDEMPOTENCY_ERRORS,
          },
        },
      },
    },
  });
}
