// Screen 18's form: the wallet (Account), the payment method and the amount (required,
// numeric, x100); what it sends to check-balance-and-limits, and where refusals land.
import { z } from 'zod';
import type { TCheckBalanceAndLimitsRequest } from '@paywallet/contract';
import { AMOUNT_REFUSALS, onField } from '../../components/form/server-field-errors.ts';
import { zAmountInput, zChosenId } from '../../lib/amount-input.ts';

export const ZDepositForm = z.object({
  walletId: zChosenId('account'),
  paymentMethodId: zChosenId('mode of payment'),
  amount: zAmountInput,
});
export type TDepositFormIn = z.input<typeof ZDepositForm>;
export type TDepositFormOut = z.output<typeof ZDepositForm>;

export function toBalanceAndLimitsCheck(values: TDepositFormOut): TCheckBalanceAndLimitsRequest {
  return { amount: values.amount, userAccountId: values.walletId, paymentMethodId: values.paymentMethodId, type: 'DEPOSIT' };
}

export const DEPOSIT_WIRE_NAMES = { userAccountId: 'walletId' } as const;

export const DEPOSIT_REFUSAL_FIELDS = {
  ...onField(AMOUNT_REFUSALS, 'amount'),
  WALLET_NOT_FOUND: 'walletId',
  METHOD_NOT_AVAILABLE: 'paymentMethodId',
} as const;
