import { adminGetFeeScheduleCall, adminUpdateFeeScheduleCall, getTransactionAttemptsCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { fail } from '../../transport/errors.ts';
import { listTransactionAttempts } from './attempts.service.ts';
import { getMerchantFees, updateMerchantFees } from './fees.service.ts';
import { findMerchantTransactionId } from './payment-views.ts';

// The merchant reads the attempts of its own transactions (staff with Transactions too); the
// console reads and edits a merchant's card fee schedule.
export function registerMerchantPaymentCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getTransactionAttemptsCall, async (input, ctx) => {
    const merchantUserId = ctx.scope.accountHolderId;
    const transactionId = await findMerchantTransactionId(deps.db, merchantUserId, input.transactionId.toLowerCase());
    if (transactionId === undefined) fail('TRANSACTION_NOT_FOUND');
    return { data: { attempts: await listTransactionAttempts(deps.db, merchantUserId, transactionId) } };
  });
  dispatcher.register(adminGetFeeScheduleCall, async (input) => ({ data: await getMerchantFees(deps, BigInt(input.merchantId)) }));
  dispatcher.register(adminUpdateFeeScheduleCall, async (input, ctx) => ({
    data: await updateMerchantFees(deps, ctx.audit, input),
    message: 'The fee schedule was saved.',
  }));
}
