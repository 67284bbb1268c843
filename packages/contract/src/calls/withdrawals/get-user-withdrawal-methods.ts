import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { ZUserWithdrawalMethod } from './common.ts';

/** The merchant's own withdrawal methods, newest first; flag 'active' (the screens' only flag) keeps the active ones. */
export const ZGetUserWithdrawalMethodsRequest = z.object({
  flag: z.enum(['active', 'all'], { error: 'The selected flag is invalid' }).optional().default('active'),
});
export const getUserWithdrawalMethodsCall = defineCall({
  path: 'get-user-withdrawal-methods',
  audience: ['merchant'],
  session: 'full',
  feature: 'with-drawal',
  kind: 'read',
  audit: null,
  request: ZGetUserWithdrawalMethodsRequest,
  response: z.array(ZUserWithdrawalMethod),
});
export type TGetUserWithdrawalMethodsRequest = z.input<typeof ZGetUserWithdrawalMethodsRequest>;
export type TGetUserWithdrawalMethodsInput = z.output<typeof ZGetUserWithdrawalMethodsRequest>;
