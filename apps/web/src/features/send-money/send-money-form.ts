// The amount form of a payment (spec 1 screen 13): amount (decAmount, x100), the paying wallet,
// and whether the charges come out of the amount; what it sends to initiate-send-money, and
// where the server's refusals land.
import { z } from 'zod';
import type { TInitiateSendMoneyRequest } from '@paywallet/contract';
import { AMOUNT_REFUSALS, onField, WALLET_REFUSALS } from '../../components/form/server-field-errors.ts';
import { zAmountInput, zChosenId } from '../../lib/amount-input.ts';

export const ZSendMoneyForm = z.object({
  amount: zAmountInput,
  walletId: zChosenId('wallet'),
  deductCharges: z.boolean(),
});
export type TSendMoneyFormIn = z.input<typeof ZSendMoneyForm>;
export type TSendMoneyFormOut = z.output<typeof ZSendMoneyForm>;

export function toInitiateSendMoney(emailOrPhone: string, values: TSendMoneyFormOut): TInitiateSendMoneyRequest {
  return {
    emailOrPhone,
    amount: values.amount,
    deductChargesFromTransactionAmount: values.deductCharges ? 1 : 0,
    payerAccountId: values.walletId,
  };
}

/** The wire names of initiate-send-money that differ from the form's fields. */
export const SEND_MONEY_WIRE_NAMES = { payerAccountId: 'walletId', deductChargesFromTransactionAmount: 'deductCharges' } as const;

export const SEND_MONEY_REFUSAL_FIELDS = {
  ...onField(AMOUNT_REFUSALS, 'amount'),
  ...onField(WALLET_REFUSALS, 'walletId'),
} as const;
