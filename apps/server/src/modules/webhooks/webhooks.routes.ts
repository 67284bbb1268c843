import { getWebhookDeliveriesCall, replayWebhookCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as webhooks from './webhooks.service.ts';

// The POS Webhook tab's deliveries table and its Replay action: the main account's events only.
export function registerWebhookCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getWebhookDeliveriesCall, async (input, ctx) => ({
    data: await webhooks.getWebhookDeliveries(deps, ctx.scope, input),
  }));
  dispatcher.register(replayWebhookCall, async (input, ctx) => ({
    data: await webhooks.replayWebhook(deps, ctx.audit, ctx.scope, input.eventId),
    message: 'The webhook will be sent again.',
  }));
}
