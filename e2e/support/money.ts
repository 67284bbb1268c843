// Money set up through the API for the browser tests that need data on the merchant's side: the
// demo consumer sends the demo merchant money, quote then confirm, as the send-money screens do.
import { confirmSendMoneyCall, getWalletListCall, initiateSendMoneyCall } from '@paywallet/contract';
import { accepted, apiCall, MERCHANT } from './sign-in.ts';

/** The consumer (signed in with `token`) pays the demo merchant each amount of `amountsMinor` in AED, one transfer each. */
export async function consumerPaysMerchant(token: string, amountsMinor: readonly number[]): Promise<void> {
  const wallets = await accepted('get-wallet-list', apiCall(getWalletListCall, {}, token));
  const aed = wallets.find((wallet) => wallet.currency.code.trim() === 'AED');
  if (!aed) throw new Error('The demo consumer has no AED wallet');
  for (const amount of amountsMinor) {
    const quote = await accepted(
      'initiate-send-money',
      apiCall(initiateSendMoneyCall, { emailOrPhone: MERCHANT.email, amount, payerAccountId: aed.id }, token),
    );
    await accepted('confirm-send-money', apiCall(confirmSendMoneyCall, { transactionHash: quote.hash }, token));
  }
}
