import { getMerchantCustomersCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { getMerchantCustomers } from './customers.service.ts';

// The merchant's customers: a staff member granted the feature reads the merchant's.
export function registerCustomerCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getMerchantCustomersCall, async (input, ctx) => ({
    data: await getMerchantCustomers(deps, ctx.scope.accountHolderId, input),
  }));
}
