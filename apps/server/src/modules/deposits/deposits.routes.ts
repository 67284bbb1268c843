import { checkBalanceAndLimits, getAllowedPaymentMethods, initiateDeposit as initiateDepositCall } from '@paywallet/contract';
import { assert, minorFromWire } from '@paywallet/ledger';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { createAcquirer } from '../gateway/acquirer.ts';
import { initiateDeposit, listAllowedDepositMethods, quoteDeposit } from './deposits.service.ts';

export function registerDepositCalls(dispatcher: Dispatcher, deps: Deps): void {
  const acquirer = createAcquirer();

  dispatcher.register(getAllowedPaymentMethods, async (input) => ({ data: await listAllowedDepositMethods(deps.db, input.currencyId) }));

  dispatcher.register(checkBalanceAndLimits, async (input, ctx) => {
    const amount = minorFromWire(input.amount);
    // The contract admits only positive whole minor units below its cap.
    assert(amount.ok, 'the contract validated the amount');
    const quote = await quoteDeposit(deps, ctx.session.userId, {
      amountMinor: amount.amountMinor,
      walletId: BigInt(input.userAccountId),
      paymentMethodId: input.paymentMethodId,
    });
    return { data: quote };
  });

  dispatcher.register(initiateDepositCall, async (input, ctx) => {
    const result = await initiateDeposit(deps, acquirer, ctx.session.userId, {
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
