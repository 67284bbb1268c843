import {
  cancelRequestMoneyCall,
  confirmSendMoneyCall,
  getMoneyRequestsCall,
  getUserRequestMoneyCall,
  initiateRequestMoneyCall,
  initiateSendMoneyCall,
  rejectRequestMoneyCall,
  verifyEmailPhoneCall,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as transfers from './transfers.service.ts';
import * as requests from './money-requests.service.ts';

// Money moves between account holders: a staff member sends from, and requests into, the
// merchant's wallets (ctx.scope.accountHolderId), and the audit row names the staff member.
export function registerTransferCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(verifyEmailPhoneCall, async (input, ctx) => ({
    data: await transfers.verifyRecipient(deps, ctx.scope.accountHolderId, input.emailOrPhone),
    message: transfers.RECIPIENT_VERIFIED,
  }));
  dispatcher.register(initiateSendMoneyCall, async (input, ctx) => ({
    data: await transfers.initiateSendMoney(deps, ctx.scope.accountHolderId, input),
    message: 'Please confirm the payment.',
  }));
  dispatcher.register(confirmSendMoneyCall, async (input, ctx) => ({
    data: await transfers.confirmSendMoney(deps, ctx.audit, ctx.scope.accountHolderId, input),
    message: 'Your transaction has been completed successfully',
  }));
  dispatcher.register(initiateRequestMoneyCall, async (input, ctx) => ({
    data: await requests.initiateRequestMoney(deps, ctx.audit, ctx.scope.accountHolderId, input),
    message: 'Your request has been sent.',
  }));
  dispatcher.register(getMoneyRequestsCall, async (input, ctx) => ({
    data: await requests.listMyRequests(deps, ctx.scope.accountHolderId, input),
  }));
  dispatcher.register(getUserRequestMoneyCall, async (input, ctx) => ({
    data: await requests.listReceivedRequests(deps, ctx.scope.accountHolderId, input),
  }));
  dispatcher.register(cancelRequestMoneyCall, async (input, ctx) => ({
    data: await requests.cancelRequest(deps, ctx.audit, ctx.scope.accountHolderId, BigInt(input.requestId)),
    message: 'The request has been canceled.',
  }));
  dispatcher.register(rejectRequestMoneyCall, async (input, ctx) => ({
    data: await requests.rejectRequest(deps, ctx.audit, ctx.scope.accountHolderId, BigInt(input.requestId)),
    message: 'The request has been rejected.',
  }));
}
