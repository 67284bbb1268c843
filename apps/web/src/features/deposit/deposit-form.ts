// Screen 18's form: the wallet (Account), the payment method and the amount (required,
// numeric, x100).
import { z } from 'zod';
import { zAmountInput, zChosenId } from '../../lib/amount-input.ts';

export const ZDepositForm = z.object({
  walletId: zChosenId('account'),
  paymentMethodId: zChosenId('mode of payment'),
  amount: zAmountInput,
});
export type TDepositFormIn = z.input<typeof ZDepositForm>;
export type TDepositFormOut = z.output<typeof ZDepositForm>;

export const DEPOSIT_FIELDS = ['walletId', 'paymentMethodId', 'amount'] as const;
export const DEPOSIT_WIRE_NAMES = { userAccountId: 'walletId' } as const;
