import {
  loginCall,
  logoutUserCall,
  passcodeLoginCall,
  registerCall,
  resetPasscodeCall,
  resetPasswordCall,
  setPasscodeCall,
  verifyEmailCall,
  verifyEmailGeneralCall,
  verifyOtpCall,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as auth from './auth.service.ts';

// The calls that take the sign-in e-mail take a phone in its place (DECISIONS 26): each
// resolves it to the account's e-mail here, before the service sees it.
export function registerAuthCalls(dispatcher: Dispatcher, deps: Deps): void {
  const emailOf = (name: string) => auth.signInEmail(deps, name);
  dispatcher.register(verifyEmailCall, async (input, ctx) => ({
    data: await auth.verifyEmail(deps, ctx, await emailOf(input.email), input.verResponse),
    message: 'A one-time code has been sent to your e-mail.',
  }));
  dispatcher.register(verifyOtpCall, async (input) => ({
    data: await auth.verifyOtp(deps, await emailOf(input.email), input.otp),
    message: 'Your e-mail is verified.',
  }));
  dispatcher.register(verifyEmailGeneralCall, async (input, ctx) => ({
    data: await auth.verifyEmailGeneral(deps, ctx, await emailOf(input.email), input.type, input.verResponse),
    message: 'If an account exists for this e-mail, a code has been sent to it.',
  }));
  dispatcher.register(registerCall, async (input, ctx) => ({
    data: await auth.register(deps, ctx, input),
    message: 'Your account has been created.',
  }));
  dispatcher.register(loginCall, async (input, ctx) => ({
    data: await auth.login(deps, ctx, { ...input, email: await emailOf(input.email) }),
    message: 'Signed in.',
  }));
  dispatcher.register(setPasscodeCall, async (input, ctx) => ({
    data: await auth.setPasscode(deps, ctx, input),
    message: 'Your passcode has been set.',
  }));
  dispatcher.register(passcodeLoginCall, async (input, ctx) => ({
    data: await auth.passcodeLogin(deps, ctx, input),
    message: 'Welcome back.',
  }));
  dispatcher.register(resetPasswordCall, async (input, ctx) => ({
    data: await auth.resetPassword(deps, ctx, { ...input, email: await emailOf(input.email) }),
    message: 'Your password has been reset. Please sign in.',
  }));
  dispatcher.register(resetPasscodeCall, async (input, ctx) => ({
    data: await auth.resetPasscode(deps, ctx, { ...input, email: await emailOf(input.email) }),
    message: 'Your PIN has been reset.',
  }));
  dispatcher.register(logoutUserCall, async (_input, ctx) => ({
    data: await auth.logout(deps, ctx),
    message: 'You have been logged out.',
  }));
}
