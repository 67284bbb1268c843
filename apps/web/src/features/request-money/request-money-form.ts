// Screen 16's form (spec 1 section 5): emailOrPhone required, amount required and numeric
// (x100), a wallet, optional notes; what it sends to initiate-request-money, and where the
// server's refusals land. Also the form that pays a received request.
import { z } from 'zod';
import { zEmailOrPhone } from '@paywallet/contract';
import type { TInitiateRequestMoneyRequest } from '@paywallet/contract';
import { AMOUNT_REFUSALS, onField, RECIPIENT_REFUSALS, WALLET_REFUSALS } from '../../components/form/server-field-errors.ts';
import { zAmountInput, zChosenId } from '../../lib/amount-input.ts';

export const NOTES_CHARS_MAX = 255;

export const ZRequestMoneyForm = z.object({
  emailOrPhone: zEmailOrPhone,
  amount: zAmountInput,
  walletId: zChosenId('wallet'),
  notes: z.string().trim().max(NOTES_CHARS_MAX, `The notes may not be greater than ${NOTES_CHARS_MAX} characters`),
});
export type TRequestMoneyFormIn = z.input<typeof ZRequestMoneyForm>;
export type TRequestMoneyFormOut = z.output<typeof ZRequestMoneyForm>;

export function toInitiateRequestMoney(values: TRequestMoneyFormOut): TInitiateRequestMoneyRequest {
  return { emailOrPhone: values.emailOrPhone, amount: values.amount, userAccountId: values.walletId, notes: values.notes };
}

export const REQUEST_MONEY_WIRE_NAMES = { userAccountId: 'walletId' } as const;

export const REQUEST_MONEY_REFUSAL_FIELDS = {
  ...onField(RECIPIENT_REFUSALS, 'emailOrPhone'),
  ...onField(AMOUNT_REFUSALS, 'amount'),
  ...onField(WALLET_REFUSALS, 'walletId'),
} as const;

/** Paying a received request: the amount is the request's, so the payer chooses the wallet and the charges. */
export const ZPayRequestForm = z.object({ walletId: zChosenId('wallet'), deductCharges: z.boolean() });
export type TPayRequestFormIn = z.input<typeof ZPayRequestForm>;
export type TPayRequestFormOut = z.output<typeof ZPayRequestForm>;

export const PAY_REQUEST_WIRE_NAMES = { payerAccountId: 'walletId', deductChargesFromTransactionAmount: 'deductCharges' } as const;

/** Every refusal of paying a request is about the wallet it is paid from (the amount is fixed). */
export const PAY_REQUEST_REFUSAL_FIELDS = onField(
  [...AMOUNT_REFUSALS, ...WALLET_REFUSALS, 'REQUEST_CURRENCY_MISMATCH', 'REQUEST_AMOUNT_MISMATCH'],
  'walletId',
);
