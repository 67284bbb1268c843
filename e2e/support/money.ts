// Money set up through the API for the browser tests that need data on the other side: one
// account sends another money, quote then confirm, as the send-money screens do.
import { confirmSendMoneyCall, getWalletListCall, initiateSendMoneyCall } from '@paywallet/contract';
import { accepted, apiCall, MERCHANT } from './sign-in.ts';

/** The account signed in with `token` sends `to` each amount of `amountsMinor` in AED, one transfer each. */
export async function sendMoney(token: string, to: string, amountsMinor: readonly number[]): Promise<void> {
  const wallets = await accepted('get-wallet-list', apiCall(getWalletListCall, {}, token));
  // A merchant's rolling-reserve wallet (is_default 2) never pays.
  const aed = wallets.find((wallet) => wallet.currency.code.trim() === 'AED' && wallet.is_default !== 2);
  if (!aed) throw new Error('The sender has no AED wallet');
  for (const amount of amountsMinor) {
    const quote = await accepted(
      'initiate-send-money',
      apiCall(initiateSendMoneyCall, { emailOrPhone: to, amount, payerAccountId: aed.id }, token),
    );
    await accepted('confirm-send-money', apiCall(confirmSendMoneyCall, { transactionHash: quote.hash }, token));
  }
}

/** The consumer (signed in with `token`) pays the demo merchant each amount of `amountsMinor` in AED, one transfer each. */
export async function consumerPaysMerchant(token: string, amountsMinor: readonly number[]): Promise<void> {
  await sendMoney(token, MERCHANT.email, amountsMinor);
}
