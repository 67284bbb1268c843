import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';

/**
 * Removes one of the merchant's own withdrawal methods. A method no request ever used is deleted;
 * one that past requests name is disabled instead (status 0), so those requests still show it,
 * and it is no longer offered for a new request. A method that a Pending request is waiting on is
 * refused (WITHDRAWAL_METHOD_IN_USE): the console may still pay to it.
 */
export const ZDeleteWithdrawalMethodRequest = z.object({ methodId: zId('withdrawal method') });
export const WITHDRAWAL_METHOD_REMOVALS = ['deleted', 'disabled'] as const;
export const ZDeleteWithdrawalMethodResponse = z.object({
  id: z.number().int(),
  /** deleted: no request named it; disabled: kept for the requests that name it. */
  outcome: z.enum(WITHDRAWAL_METHOD_REMOVALS),
});
export const deleteWithdrawalMethodCall = defineCall({
  path: 'delete-withdrawal-method',
  audience: ['merchant'],
  session: 'full',
  feature: 'with-drawal',
  kind: 'write',
  audit: 'withdrawal-method.delete',
  request: ZDeleteWithdrawalMethodRequest,
  response: ZDeleteWithdrawalMethodResponse,
});
export type TDeleteWithdrawalMethodRequest = z.input<typeof ZDeleteWithdrawalMethodRequest>;
export type TDeleteWithdrawalMethodInput = z.output<typeof ZDeleteWithdrawalMethodRequest>;
export type TDeleteWithdrawalMethodResponse = z.output<typeof ZDeleteWithdrawalMethodResponse>;
