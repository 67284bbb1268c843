// The events the platform POSTs to a merchant's webhook URL (App Settings), as the merchant's
// server receives them: signed as Standard Webhooks (the headers below), retried until a 2xx.
// The OpenAPI document of the merchant API lists them under `webhooks`, and a test parses a real
// delivery of each strictly against these schemas, so the reference cannot drift from the bodies.
import { z } from 'zod';
import { ZPosWebhookBody } from '../pos-api/common.ts';
import { PAYMENT_STATUSES } from './common.ts';

/**
 * What moves a merchant's card payment: the payments core's event names (the server's events and
 * the `type` of the `api.payment` webhook are these, one list).
 */
export const PAYMENT_EVENT_TYPES = [
  'payment.succeeded',
  'payment.failed',
  'payment.authorized',
  'payment.captured',
  'payment.voided',
  'payment.refunded',
  'payment.expired',
] as const;
export type TPaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** `api.payment`: an API payment moved (paid, authorised, captured, refunded, voided, failed, expired). */
export const ZApiPaymentWebhook = z
  .object({
    eventId: z.string().meta({ description: 'The event id, the same as the webhook-id header: deduplicate on it.' }),
    type: z.enum(PAYMENT_EVENT_TYPES),
    payment: z.object({
      id: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      amount: z.number().int(),
      amountCaptured: z.number().int(),
      amountRefunded: z.number().int(),
      currency: z.string(),
      fee: z.number().int(),
      vat: z.number().int(),
      failureReason: z.string().nullable(),
      clientReference: z.string().nullable(),
      transactionId: z.string(),
      createdAt: z.string(),
    }),
    refund: z.object({ id: z.string(), amount: z.number().int() }).optional().meta({ description: 'payment.refunded: this refund.' }),
    captureAmount: z.number().int().optional().meta({ description: 'payment.captured: the amount captured now.' }),
  })
  .meta({ id: 'ApiPaymentEvent' });
export type TApiPaymentWebhook = z.output<typeof ZApiPaymentWebhook>;

/** `payment_link.payment`: a payment through a payment link succeeded or failed (sent to the link's callback URL). */
export const ZPaymentLinkWebhook = z
  .object({
    type: z.literal('payment_link.payment'),
    data: z.object({
      token: z.string().meta({ description: "The link's token." }),
      transactionId: z.string(),
      status: z.enum(['succeeded', 'failed']),
      failureReason: z.string().nullable(),
      amount: z.number().int(),
      currency: z.string(),
      fee: z.number().int(),
      vat: z.number().int(),
      createdAt: z.string(),
    }),
  })
  .meta({ id: 'PaymentLinkEvent' });
export type TPaymentLinkWebhook = z.output<typeof ZPaymentLinkWebhook>;

/** `pos.transaction`: an operation of a POS device (the merchant's POS webhook URL). */
export const ZPosTransactionWebhook = ZPosWebhookBody.meta({ id: 'PosTransactionEvent' });

/** The Standard Webhooks headers every delivery carries. */
export const ZWebhookHeaders = z.object({
  'webhook-id': z.string().meta({ description: 'The event id: the same on every attempt and on a replay.' }),
  'webhook-timestamp': z.string().meta({ description: 'When this attempt was signed, in seconds since 1970.' }),
  'webhook-signature': z.string().meta({
    description:
      'v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>"> under your signing secret (the base64 after whsec_).',
  }),
});

/** Every event type a merchant's server may receive, with its body. */
export const WEBHOOK_EVENTS = {
  'api.payment': { schema: ZApiPaymentWebhook, summary: 'An API payment moved' },
  'payment_link.payment': { schema: ZPaymentLinkWebhook, summary: 'A payment through a payment link succeeded or failed' },
  'pos.transaction': { schema: ZPosTransactionWebhook, summary: 'A POS device ran an operation' },
} as const;
export type TWebhookEventType = keyof typeof WEBHOOK_EVENTS;
