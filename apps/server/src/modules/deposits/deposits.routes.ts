import { checkBalanceAndLimitsCall, getAllowedPaymentMethodsCall, initiateDepositCall } from '@paywallet/contract';
import { assert, minorFromWire } from '@paywallet/ledger';
import { enforcePolicy, type Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { createAcquirer } from '../gateway/acquirer.ts';
import { getAllowedPaymentMethods as getPaymentLinkMethods } from '../payment-links/payment-links.service.ts';
import { initiateDeposit, listAllowedDepositMethods, quoteDeposit } from './deposits.service.ts';

export function registerDepositCalls(dispatcher: Dispatcher, deps: Deps): void {
  const acquirer = createAcquirer();

  // One path for two screens: the deposit methods (feature deposit-money) and a payment link's
  // card schemes (merchants, feature payment-link); the feature is checked here, per type.
  dispatcher.register(getAllowedPaymentMethodsCall, async (input, ctx) => {
    if (input.type === 'PAYMENT_LINK') {
      enforcePolicy({ ...getAllowedPaymentMethodsCall, audience: ['merchant'], feature: 'payment-link' }, ctx.scope);
      const schemes = await getPaymentLinkMethods(deps, ctx.scope.accountHolderId, {
        currencyId: input.currencyId,
        channelId: input.channelId!,
      });
      return { data: schemes.map((scheme) => ({ ...scheme, currency_payment_method: [] })) };
    }
    enforcePolicy({ ...getAllowedPaymentMethodsCall, feature: 'deposit-money' }, ctx.scope);
    return { data: await listAllowedDepositMethods(deps.db, input.currencyId) };
  });

  dispatcher.register(checkBalanceAndLimitsCall, async (input, ctx) => {
    const amount = minorFromWire(input.amount);
    // The contract admits only positive whole minor units below its cap.
    assert(amount.ok, 'the contract validated the amount');
    const quote = await quoteDeposit(deps, ctx.scope.accountHolderId, {
      amountMinor: amount.amountMinor,
      walletId: BigInt(input.userAccountId),
      paymentMethodId: input.paymentMethodId,
    });
    return { data: quote };
  });

  dispatcher.register(initiateDepositCall, async (input, ctx) => {
    const result = await initiateDeposit(deps, acquirer, ctx.audit, ctx.scope.accountHolderId, {
      hash: input.hash,
      card: {
        holderName: input.cardHolderName,
        number: input.cardNumber,
        expMonth: input.expMonth,
        expYear: input.expYear,
        cvc: input.cvc,
      },
    });
    const message = result.status === 'success' ? 'Your deposit was successful.' : 'Please complete the 3-D Secure check in the new tab.';
    return { data: result, message };
  });
}
