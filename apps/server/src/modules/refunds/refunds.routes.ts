import {
  adminGetRefundRequestsCall,
  adminProcessRefundCall,
  cancelRefundRequestCall,
  createRefundRequestCall,
  getAllRefundsCall,
  REFUND_REQUEST_STATUS,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as refunds from './refunds.service.ts';

// The merchant's refund requests (staff granted the refund feature act for their merchant; the
// person who asked is the actor) and the console's queue and decisions (administrators only).
export function registerRefundCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(createRefundRequestCall, async (input, ctx) => ({
    data: await refunds.createRefundRequest(deps, ctx.audit, whoOf(ctx.scope), input),
    message: 'The refund request was created.',
  }));
  dispatcher.register(getAllRefundsCall, async (input, ctx) => ({
    data: await refunds.getAllRefunds(deps, ctx.scope.accountHolderId, input),
  }));
  dispatcher.register(cancelRefundRequestCall, async (input, ctx) => ({
    data: await refunds.cancelRefundRequest(deps, ctx.audit, whoOf(ctx.scope), input),
    message: 'The refund request was canceled.',
  }));
  dispatcher.register(adminGetRefundRequestsCall, async (input) => ({ data: await refunds.getRefundRequestsForConsole(deps, input) }));
  dispatcher.register(adminProcessRefundCall, async (input, ctx) => ({
    data: await refunds.processRefund(deps, ctx.audit, ctx.scope.actorUserId, input),
    message:
      input.status === REFUND_REQUEST_STATUS.REJECTED ? 'The refund was rejected.' : 'The refund was approved: its money is on its way.',
  }));
}

function whoOf(scope: { accountHolderId: bigint; actorUserId: bigint }) {
  return { merchantUserId: scope.accountHolderId, actorUserId: scope.actorUserId };
}
