import { getTransactionsCall, transactionTypesCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as transactions from './transactions.service.ts';

export function registerTransactionCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getTransactionsCall, async (input, ctx) => ({
    data: await transactions.getTransactions(deps, ctx.scope.accountHolderId, input),
  }));
  dispatcher.register(transactionTypesCall, async () => ({ data: transactions.transactionTypes() }));
}
