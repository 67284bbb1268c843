// Screen 16's form (spec 1 section 5): emailOrPhone required, amount required and numeric
// (x100), a wallet, optional notes.
import { z } from 'zod';
import { zEmailOrPhone } from '@paywallet/contract';
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

export const REQUEST_MONEY_FIELDS = ['emailOrPhone', 'amount', 'walletId', 'notes'] as const;
export const REQUEST_MONEY_WIRE_NAMES = { userAccountId: 'walletId' } as const;
