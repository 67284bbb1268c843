// The amount form of a payment (spec 1 screen 13 and answering a request): amount (decAmount,
// x100), the paying wallet, and whether the charges come out of the amount.
import { z } from 'zod';
import { zAmountInput, zChosenId } from '../../lib/amount-input.ts';

export const ZSendMoneyForm = z.object({
  amount: zAmountInput,
  walletId: zChosenId('wallet'),
  deductCharges: z.boolean(),
});
export type TSendMoneyFormIn = z.input<typeof ZSendMoneyForm>;
export type TSendMoneyFormOut = z.output<typeof ZSendMoneyForm>;

/** The form's fields, and the wire names of initiate-send-money that differ from them. */
export const SEND_MONEY_FIELDS = ['amount', 'walletId', 'deductCharges'] as const;
export const SEND_MONEY_WIRE_NAMES = { payerAccountId: 'walletId', deductChargesFromTransactionAmount: 'deductCharges' } as const;
