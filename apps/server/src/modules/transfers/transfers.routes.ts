import {
  cancelRequestMoney,
  confirmSendMoney,
  getMoneyRequests,
  getUserRequestMoney,
  initiateRequestMoney,
  initiateSendMoney,
  rejectRequestMoney,
  verifyEmailPhone,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as transfers from './transfers.service.ts';
import * as requests from './money-requests.service.ts';

export function registerTransferCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(verifyEmailPhone, async (input, ctx) => ({
    data: await transfers.verifyRecipient(deps, ctx.session.userId, input.emailOrPhone),
    message: transfers.RECIPIENT_VERIFIED,
  }));
  dispatcher.register(initiateSendMoney, async (input, ctx) => ({
    data: await transfers.initiateSendMoney(deps, ctx.session.userId, input),
    message: 'Please confirm the payment.',
  }));
  dispatcher.register(confirmSendMoney, async (input, ctx) => ({
    data: await transfers.confirmSendMoney(deps, ctx.session.userId, input),
    message: 'Your transaction has been completed successfully',
  }));
  dispatcher.register(initiateRequestMoney, async (input, ctx) => ({
    data: await requests.initiateRequestMoney(deps, ctx.session.userId, input),
    message: 'Your request has been sent.',
  }));
  dispatcher.register(getMoneyRequests, async (input, ctx) => ({ data: await requests.listMyRequests(deps, ctx.session.userId, input) }));
  dispatcher.register(getUserRequestMoney, async (input, ctx) => ({
    data: await requests.listReceivedRequests(deps, ctx.session.userId, input),
  }));
  dispatcher.register(cancelRequestMoney, async (input, ctx) => ({
    data: await requests.cancelRequest(deps, ctx.session.userId, BigInt(input.requestId)),
    message: 'The request has been canceled.',
  }));
  dispatcher.register(rejectRequestMoney, async (input, ctx) => ({
    data: await requests.rejectRequest(deps, ctx.session.userId, BigInt(input.requestId)),
    message: 'The request has been rejected.',
  }));
}
