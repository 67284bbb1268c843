import { getWalletList } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { listWallets } from './wallets.service.ts';

export function registerWalletCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getWalletList, async (_input, ctx) => ({ data: await listWallets(deps.db, ctx.session.userId) }));
}
