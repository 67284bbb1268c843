import { z } from 'zod';
import { defineCall } from '../call.ts';
import { ZQuote, zAmountMinor, zId } from './money-common.ts';

export const ZPrivilege = z.object({
  /** Percentages as numbers of percent (2.5 = 2.5%); fixed charges in minor units. */
  vp_percentage_charges: z.number(),
  gw_percentage_charges: z.number(),
  vp_fixed_charges: z.number().int(),
  gw_fixed_charges: z.number().int(),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
  daily_limit: z.number().int(),
});
export const ZPaymentMethod = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  currency_payment_method: z.array(z.object({ id: z.number().int(), currency_id: z.number().int(), privileges: z.array(ZPrivilege) })),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

export const getAllowedPaymentMethods = defineCall({
  path: 'get-allowed-payment-methods',
  auth: 'user',
  request: z.object({
    type: z.literal('DEPOSIT', { error: 'The selected type is invalid' }),
    currencyId: zId('currency'),
  }),
  response: z.array(ZPaymentMethod),
});

export const ZCheckBalanceAndLimitsRequest = z.object({
  amount: zAmountMinor,
  userAccountId: zId('account'),
  paymentMethodId: zId('mode of payment'),
  type: z.literal('DEPOSIT', { error: 'The selected type is invalid' }),
});
export const checkBalanceAndLimits = defineCall({
  path: 'check-balance-and-limits',
  auth: 'user',
  request: ZCheckBalanceAndLimitsRequest,
  response: ZQuote,
});
export type TCheckBalanceAndLimitsRequest = z.input<typeof ZCheckBalanceAndLimitsRequest>;

const digits = (field: string, min: number, max: number) =>
  z
    .string({ error: `The ${field} field is required` })
    .trim()
    .min(1, `The ${field} field is required`)
    .regex(/^\d+$/, `The ${field} must be a number`)
    .refine((v) => v.length >= min && v.length <= max, min === max ? `The ${field} must be ${min} digits` : `The ${field} must be between ${min} and ${max} digits`);

export const ZInitiateDepositRequest = z.object({
  cardHolderName: z.string({ error: 'The card holder name field is required' }).trim().min(2, 'The card holder name field is required').max(100),
  cardNumber: z
    .string({ error: 'The card number field is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(digits('card number', 12, 19)),
  expMonth: digits('exp month', 2, 2).refine((v) => Number(v) >= 1 && Number(v) <= 12, 'The exp month must be between 01 and 12'),
  expYear: digits('exp year', 2, 2),
  cvc: digits('cvc', 3, 4),
  hash: z.string({ error: 'The hash field is required' }).min(1, 'The hash field is required').max(200),
});
export type TInitiateDepositRequest = z.input<typeof ZInitiateDepositRequest>;
export const initiateDeposit = defineCall({
  path: 'initiate-deposit',
  auth: 'user',
  request: ZInitiateDepositRequest,
  response: z.object({
    bypass3DS: z.number().int(),
    paymentUrl: z.string().nullable(),
    transactionId: z.string(),
    status: z.string(),
  }),
});
