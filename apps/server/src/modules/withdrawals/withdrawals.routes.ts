import {
  addNewWithdrawalCall,
  addWithdrawalMethodCall,
  adminGetWithdrawalsCall,
  adminProcessWithdrawalCall,
  deleteWithdrawalMethodCall,
  getAllWithdrawalMethodsCall,
  getAllWithdrawalsCall,
  getUserWithdrawalMethodsCall,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as withdrawals from './withdrawals.service.ts';

// The merchant's withdrawal methods and requests (staff granted with-drawal act for their
// merchant; the person who asked is the actor) and the console's queue and decisions.
export function registerWithdrawalCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getAllWithdrawalMethodsCall, async (input) => ({
    data: await withdrawals.getAllWithdrawalMethods(deps.db, input.currencyId),
  }));
  dispatcher.register(addWithdrawalMethodCall, async (input, ctx) => ({
    data: await withdrawals.addWithdrawalMethod(deps, ctx.audit, whoOf(ctx.scope), input),
    message: 'The withdrawal method was added.',
  }));
  dispatcher.register(deleteWithdrawalMethodCall, async (input, ctx) => {
    const removed = await withdrawals.deleteWithdrawalMethod(deps, ctx.audit, whoOf(ctx.scope), input);
    return {
      data: removed,
      message:
        removed.outcome === 'deleted'
          ? 'The withdrawal method was deleted.'
          : 'The withdrawal method was disabled: past requests still show it, new requests cannot use it.',
    };
  });
  dispatcher.register(getUserWithdrawalMethodsCall, async (input, ctx) => ({
    data: await withdrawals.getUserWithdrawalMethods(deps.db, ctx.scope.accountHolderId, input.flag),
  }));
  dispatcher.register(addNewWithdrawalCall, async (input, ctx) => ({
    data: await withdrawals.addNewWithdrawal(deps, ctx.audit, whoOf(ctx.scope), input),
    message: 'The withdrawal request was created: the amount is on hold until it is paid.',
  }));
  dispatcher.register(getAllWithdrawalsCall, async (input, ctx) => ({
    data: await withdrawals.getAllWithdrawals(deps, ctx.scope.accountHolderId, input),
  }));
  dispatcher.register(adminGetWithdrawalsCall, async (input) => ({ data: await withdrawals.getWithdrawalsForConsole(deps, input) }));
  dispatcher.register(adminProcessWithdrawalCall, async (input, ctx) => ({
    data: await withdrawals.processWithdrawal(deps, ctx.audit, ctx.scope.actorUserId, input),
    message: input.status === 'paid' ? 'The withdrawal was marked paid.' : 'The withdrawal was rejected: the amount is back in available.',
  }));
}

function whoOf(scope: { accountHolderId: bigint; actorUserId: bigint }) {
  return { merchantUserId: scope.accountHolderId, actorUserId: scope.actorUserId };
}
