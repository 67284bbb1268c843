import {
  addNewPaymentLinkCall,
  getAllowedCurrenciesCall,
  getPaymentLinkInfoCall,
  getPaymentlinkAttemptsCall,
  getPaymentlinkTransactionsCall,
  getPaymentMethodsCall,
  updatePaymentLinkCall,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import * as links from './payment-links.service.ts';

// Payment links: the merchant's (and its staff granted the feature) links, on the merchant's scope.
export function registerPaymentLinkCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getAllowedCurrenciesCall, async (_input, ctx) => ({
    data: await links.getAllowedCurrencies(deps, ctx.scope.accountHolderId),
  }));
  // get-allowed-payment-methods (type PAYMENT_LINK) shares its path with the deposit methods: deposits.routes.ts.
  dispatcher.register(getPaymentMethodsCall, async () => ({ data: await links.getPaymentMethods(deps) }));
  dispatcher.register(addNewPaymentLinkCall, async (input, ctx) => ({
    data: await links.addNewPaymentLink(deps, ctx.audit, ctx.scope, input),
    message: 'Payment link created successfully',
  }));
  dispatcher.register(getPaymentLinkInfoCall, async (input, ctx) => ({
    data: await links.getPaymentLinkInfo(deps, ctx.scope.accountHolderId, input),
  }));
  dispatcher.register(updatePaymentLinkCall, async (input, ctx) => ({
    data: await links.updatePaymentLink(deps, ctx.audit, ctx.scope.accountHolderId, input),
    message: 'Status updated successfully',
  }));
  dispatcher.register(getPaymentlinkTransactionsCall, async (input, ctx) => ({
    data: await links.getPaymentlinkTransactions(deps, ctx.scope.accountHolderId, input),
  }));
  dispatcher.register(getPaymentlinkAttemptsCall, async (input, ctx) => ({
    data: await links.getPaymentlinkAttempts(deps, ctx.scope.accountHolderId, input),
  }));
}
