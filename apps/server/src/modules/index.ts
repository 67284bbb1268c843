// Binds every business area's calls to the dispatcher.
import type { Dispatcher } from '../transport/dispatcher.ts';
import type { Deps } from '../deps.ts';
import { registerAuthCalls } from './auth/auth.routes.ts';
import { registerAppConfigCalls } from './app-config/app-config.routes.ts';
import { registerKycCalls } from './kyc/kyc.routes.ts';
import { registerWalletCalls } from './wallets/wallets.routes.ts';
import { registerDashboardCalls } from './dashboard/dashboard.routes.ts';
import { registerDepositCalls } from './deposits/deposits.routes.ts';
import { registerTransferCalls } from './transfers/transfers.routes.ts';
import { registerTransactionCalls } from './transactions/transactions.routes.ts';

export function registerModules(dispatcher: Dispatcher, deps: Deps): void {
  registerAppConfigCalls(dispatcher, deps);
  registerAuthCalls(dispatcher, deps);
  registerKycCalls(dispatcher, deps);
  registerWalletCalls(dispatcher, deps);
  registerDashboardCalls(dispatcher, deps);
  registerDepositCalls(dispatcher, deps);
  registerTransferCalls(dispatcher, deps);
  registerTransactionCalls(dispatcher, deps);
}
