import { getWalletListCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { listWallets } from './wallets.service.ts';

export function registerWalletCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getWalletListCall, async (_input, ctx) => ({ data: await listWallets(deps.db, ctx.scope.accountHolderId) }));
}
