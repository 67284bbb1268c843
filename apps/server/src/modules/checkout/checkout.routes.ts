import { getCheckoutCall, payCheckoutCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { getCheckout, listenForCheckoutPayments, payCheckout } from './checkout.service.ts';

// The hosted checkout's public calls (no session: the link's token is the customer's key), and
// the listener that gives back a claim after 3-D Secure and sends a link's callback on each final
// payment state.
export function registerCheckoutCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getCheckoutCall, async (input, ctx) => ({ data: await getCheckout(deps, input, ctx.ip, ctx.userAgent) }));
  dispatcher.register(payCheckoutCall, async (input, ctx) => ({ data: await payCheckout(deps, ctx.audit, input, ctx.ip) }));
  listenForCheckoutPayments();
}
