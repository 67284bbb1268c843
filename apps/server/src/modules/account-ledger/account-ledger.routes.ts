import { getAccountLedgerCall } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import { getAccountLedger } from './account-ledger.service.ts';

// The account ledger: a staff member granted the feature reads the merchant's wallets.
export function registerAccountLedgerCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getAccountLedgerCall, async (input, ctx) => ({
    data: await getAccountLedger(deps, ctx.scope.accountHolderId, input),
  }));
}
