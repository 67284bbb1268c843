import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';

const digits = (field: string, min: number, max: number) =>
  z
    .string({ error: `The ${field} field is required` })
    .max(40, { message: `The ${field} must be between ${min} and ${max} digits`, abort: true })
    .trim()
    .min(1, `The ${field} field is required`)
    .regex(/^\d+$/, `The ${field} must be a number`)
    .refine(
      (v) => v.length >= min && v.length <= max,
      min === max ? `The ${field} must be ${min} digits` : `The ${field} must be between ${min} and ${max} digits`,
    );

/** Screen 19: charges the card for a deposit quote, once per hash. */
export const ZInitiateDepositRequest = z.object({
  cardHolderName: z
    .string({ error: 'The card holder name field is required' })
    .trim()
    .min(2, 'The card holder name field is required')
    .max(100),
  cardNumber: z
    .string({ error: 'The card number field is required' })
    .max(40, 'The card number must be between 12 and 19 digits')
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(digits('card number', 12, 19)),
  expMonth: digits('exp month', 2, 2).refine((v) => Number(v) >= 1 && Number(v) <= 12, 'The exp month must be between 01 and 12'),
  expYear: digits('exp year', 2, 2),
  cvc: digits('cvc', 3, 4),
  hash: z.string({ error: 'The hash field is required' }).min(1, 'The hash field is required').max(200, 'The hash is invalid'),
});
export type TInitiateDepositRequest = z.input<typeof ZInitiateDepositRequest>;
export type TInitiateDepositInput = z.output<typeof ZInitiateDepositRequest>;
export const initiateDepositCall = defineCall({
  path: 'initiate-deposit',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'deposit-money',
  kind: 'money',
  audit: 'deposit.initiate',
  request: ZInitiateDepositRequest,
  response: z.object({
    bypass3DS: z.number().int(),
    paymentUrl: z.string().nullable(),
    transactionId: z.string(),
    status: z.string(),
  }),
});
