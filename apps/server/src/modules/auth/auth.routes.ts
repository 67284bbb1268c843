import {
  login,
  logoutUser,
  passcodeLogin,
  register,
  resetPasscode,
  resetPassword,
  setPasscode,
  verifyEmail,
  verifyEmailGeneral,
  verifyOtp,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as auth from './auth.service.ts';

export function registerAuthCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(verifyEmail, async (input, ctx) => ({
    data: await auth.verifyEmail(deps, ctx, input.email, input.verResponse),
    message: 'A one-time code has been sent to your e-mail.',
  }));
  dispatcher.register(verifyOtp, async (input) => ({
    data: await auth.verifyOtp(deps, input.email, input.otp),
    message: 'Your e-mail is verified.',
  }));
  dispatcher.register(verifyEmailGeneral, async (input, ctx) => ({
    data: await auth.verifyEmailGeneral(deps, ctx, input.email, input.type, input.verResponse),
    message: 'If an account exists for this e-mail, a code has been sent to it.',
  }));
  dispatcher.register(register, async (input, ctx) => ({
    data: await auth.register(deps, ctx, input),
    message: 'Your account has been created.',
  }));
  dispatcher.register(login, async (input, ctx) => ({ data: await auth.login(deps, ctx, input), message: 'Signed in.' }));
  dispatcher.register(setPasscode, async (input, ctx) => ({
    data: await auth.setPasscode(deps, ctx, input),
    message: 'Your passcode has been set.',
  }));
  dispatcher.register(passcodeLogin, async (input, ctx) => ({
    data: await auth.passcodeLogin(deps, ctx, input),
    message: 'Welcome back.',
  }));
  dispatcher.register(resetPassword, async (input, ctx) => ({
    data: await auth.resetPassword(deps, ctx, input),
    message: 'Your password has been reset. Please sign in.',
  }));
  dispatcher.register(resetPasscode, async (input, ctx) => ({
    data: await auth.resetPasscode(deps, ctx, input),
    message: 'Your PIN has been reset.',
  }));
  dispatcher.register(logoutUser, async (_input, ctx) => ({ data: await auth.logout(deps, ctx), message: 'You have been logged out.' }));
}
