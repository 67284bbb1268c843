import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { ZWithdrawalMethod } from './common.ts';

/** The catalogue's withdrawal methods offered in a currency, each with its fields (spec 2 section 7). */
export const ZGetAllWithdrawalMethodsRequest = z.object({ currencyId: zId('currency', 'int') });
export const getAllWithdrawalMethodsCall = defineCall({
  path: 'get-all-withdrawal-methods',
  audience: ['merchant'],
  session: 'full',
  feature: 'with-drawal',
  kind: 'read',
  audit: null,
  request: ZGetAllWithdrawalMethodsRequest,
  response: z.array(ZWithdrawalMethod),
});
export type TGetAllWithdrawalMethodsRequest = z.input<typeof ZGetAllWithdrawalMethodsRequest>;
export type TGetAllWithdrawalMethodsInput = z.output<typeof ZGetAllWithdrawalMethodsRequest>;
