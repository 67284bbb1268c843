import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';

export const ZTransactionTypeOption = z.object({ id: z.number().int(), name: z.string() });
export type TTransactionTypeOption = z.infer<typeof ZTransactionTypeOption>;

/** The transaction types (spec 2 section 7, `v1/transaction-types`): the options of the type filters. */
export const transactionTypesCall = defineCall({
  path: 'transaction-types',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: 'transactions',
  kind: 'read',
  audit: null,
  request: z.object({}).loose(),
  response: z.array(ZTransactionTypeOption),
});
