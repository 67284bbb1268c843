import { getUserKyc, manageUserKyc, uploadUserKycFile } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as kyc from './kyc.service.ts';

export function registerKycCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getUserKyc, async (_input, ctx) => ({ data: await kyc.getUserKyc(deps, ctx.session.userId) }));
  dispatcher.register(uploadUserKycFile, async (input, ctx) => ({
    data: await kyc.uploadKycFile(deps, ctx.session.userId, input.inputId, ctx.file),
    message: 'File uploaded.',
  }));
  dispatcher.register(manageUserKyc, async (input, ctx) => ({
    data: await kyc.submitKyc(deps, ctx.session.userId, input.kyc),
    message: 'Your details have been submitted for review.',
  }));
}
