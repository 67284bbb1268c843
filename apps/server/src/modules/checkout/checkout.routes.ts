import { getCheckoutCall, payCheckoutCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { getCheckout, payCheckout } from './checkout.service.ts';

// The hosted checkout's public calls (no session: the link's token is the customer's key). Its
// payment listener (onCheckoutPaymentEvent) is composed with the others in app.ts.
export function registerCheckoutCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getCheckoutCall, async (input, ctx) => ({ data: await getCheckout(deps, input, ctx.ip, ctx.userAgent) }));
  dispatcher.register(payCheckoutCall, async (input, ctx) => ({ data: await payCheckout(deps, ctx.audit, input, ctx.ip) }));
}
