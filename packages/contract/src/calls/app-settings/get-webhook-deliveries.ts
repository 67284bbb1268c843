import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPage, zPageOf } from '../../lists.ts';

/** One webhook event with its latest attempt, as the POS Webhook tab lists them (newest first). */
export const ZWebhookDeliveryRow = z.object({
  eventId: z.string(),
  eventType: z.string(),
  url: z.string(),
  /** pending (waiting for an attempt), delivered, failed (no attempts left). */
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastResponseCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookDeliveryRow = z.infer<typeof ZWebhookDeliveryRow>;

export const ZGetWebhookDeliveriesRequest = z.object({ ...zPage });
export const ZGetWebhookDeliveriesResponse = zPageOf(ZWebhookDeliveryRow);
export const getWebhookDeliveriesCall = defineCall({
  path: 'get-webhook-deliveries',
  audience: ['merchant'],
  session: 'full',
  feature: 'app-setting',
  kind: 'read',
  audit: null,
  request: ZGetWebhookDeliveriesRequest,
  response: ZGetWebhookDeliveriesResponse,
});
export type TGetWebhookDeliveriesResponse = z.output<typeof ZGetWebhookDeliveriesResponse>;
