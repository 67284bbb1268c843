import { getUserKycCall, manageUserKycCall, uploadUserKycFileCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as kyc from './kyc.service.ts';

// Identity verification is personal: it concerns the person signed in (the actor), whoever
// they act for.
export function registerKycCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getUserKycCall, async (_input, ctx) => ({ data: await kyc.getUserKyc(deps, ctx.scope.actorUserId) }));
  dispatcher.register(uploadUserKycFileCall, async (input, ctx) => ({
    data: await kyc.uploadKycFile(deps, ctx.scope.actorUserId, input.inputId, ctx.file),
    message: 'File uploaded.',
  }));
  dispatcher.register(manageUserKycCall, async (input, ctx) => ({
    data: await kyc.submitKyc(deps, ctx.audit, ctx.scope.actorUserId, input.kyc),
    message: 'Your details have been submitted for review.',
  }));
}
