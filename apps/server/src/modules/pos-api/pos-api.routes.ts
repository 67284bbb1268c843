// The POS device API's calls (/api/pos/v1), bound to their HTTP routes by the door module
// (transport/doors.ts: the Bearer device session, its rate limit, Idempotency-Key, the `{ error }`
// body). A device signs in with posLoginCall and sends the token as `Authorization: Bearer
// <token>` on everything else; the person on the device acts for the device's merchant.
import {
  posCaptureCall,
  posGetTransactionCall,
  posLoginCall,
  posLogoutCall,
  posPreAuthCall,
  posRefundCall,
  posSaleCall,
  posSessionCall,
  posVoidCall,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { CallContext, Dispatcher } from '../../transport/dispatcher.ts';
import { posCapture, posCharge, posRefund, posTransaction, posVoid } from './pos-api.service.ts';
import { loginDevice, logoutDevice, sessionView, type DeviceRequest } from './device-sessions.ts';

/** What the POS services take of the request: where it came from, and the call's audit trail. */
function deviceRequestOf(ctx: CallContext): DeviceRequest {
  return { ip: ctx.ip, userAgent: ctx.userAgent, audit: ctx.audit };
}

export function registerPosApiCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(posLoginCall, async (input, ctx) => ({ data: await loginDevice(deps, deviceRequestOf(ctx), input) }));
  dispatcher.register(posSessionCall, async (_input, ctx) => ({ data: sessionView(ctx.scope.device) }));
  dispatcher.register(posLogoutCall, async (_input, ctx) => {
    await logoutDevice(deps, ctx.scope.device, deviceRequestOf(ctx));
    return { data: { loggedOut: true as const } };
  });
  dispatcher.register(posSaleCall, async (input, ctx) => ({
    data: await posCharge(deps, ctx.scope.device, deviceRequestOf(ctx), 'SALE', input),
  }));
  dispatcher.register(posPreAuthCall, async (input, ctx) => ({
    data: await posCharge(deps, ctx.scope.device, deviceRequestOf(ctx), 'PRE_AUTH', input),
  }));
  dispatcher.register(posCaptureCall, async (input, ctx) => ({
    data: await posCapture(deps, ctx.scope.device, deviceRequestOf(ctx), input),
  }));
  dispatcher.register(posRefundCall, async (input, ctx) => ({
    data: await posRefund(deps, ctx.scope.device, deviceRequestOf(ctx), input),
  }));
  dispatcher.register(posVoidCall, async (input, ctx) => ({ data: await posVoid(deps, ctx.scope.device, deviceRequestOf(ctx), input) }));
  dispatcher.register(posGetTransactionCall, async (input, ctx) => ({
    data: await posTransaction(deps, ctx.scope.device, input.transactionId),
  }));
}
