import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId, zOptionalId } from '../../rules.ts';
import { WITHDRAWAL_LIMITS, ZUserWithdrawalMethod } from './common.ts';

/**
 * A merchant's own withdrawal method: a method of the catalogue, for one wallet (or, without
 * userAccountId, for any wallet whose currency offers it), with a value for each of the method's
 * fields keyed by the field's Name. The server checks each field (required, its rule) and
 * refuses a key the method does not have.
 */
export const ZAddWithdrawalMethodRequest = z.object({
  paymentMethodId: zId('payment method', 'int'),
  userAccountId: zOptionalId('wallet'),
  details: z
    .record(
      z
        .string()
        .max(WITHDRAWAL_LIMITS.fieldNameMaxChars, `A field name may not be greater than ${WITHDRAWAL_LIMITS.fieldNameMaxChars} characters`),
      z
        .string({ error: 'Each field value must be text' })
        .max(
          WITHDRAWAL_LIMITS.fieldValueMaxChars,
          `A field value may not be greater than ${WITHDRAWAL_LIMITS.fieldValueMaxChars} characters`,
        )
        .trim(),
      { error: 'The details field is required' },
    )
    .refine((value) => Object.keys(value).length <= WITHDRAWAL_LIMITS.fieldsMax, 'The details have too many fields'),
});
export const addWithdrawalMethodCall = defineCall({
  path: 'add-withdrawal-method',
  audience: ['merchant'],
  session: 'full',
  feature: 'with-drawal',
  kind: 'write',
  audit: 'withdrawal-method.add',
  request: ZAddWithdrawalMethodRequest,
  response: ZUserWithdrawalMethod,
});
export type TAddWithdrawalMethodRequest = z.input<typeof ZAddWithdrawalMethodRequest>;
export type TAddWithdrawalMethodInput = z.output<typeof ZAddWithdrawalMethodRequest>;
