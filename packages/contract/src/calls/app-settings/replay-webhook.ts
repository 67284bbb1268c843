import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { ZWebhookDeliveryRow } from './get-webhook-deliveries.ts';

/** Sends one of the merchant's webhook events again (same event id and body, signed anew). */
export const ZReplayWebhookRequest = z.object({
  eventId: z
    .string({ error: 'The event id field is required' })
    .max(100, { message: 'The selected event id is invalid', abort: true })
    .trim()
    .min(1, 'The event id field is required'),
});
export const replayWebhookCall = defineCall({
  path: 'replay-webhook',
  audience: ['merchant'],
  session: 'full',
  feature: 'app-setting',
  kind: 'write',
  audit: 'webhook.replay',
  request: ZReplayWebhookRequest,
  response: ZWebhookDeliveryRow,
});
