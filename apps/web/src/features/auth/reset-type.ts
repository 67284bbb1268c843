// The reset type kept between verify-email-general and the reset screens.
import { RESET_TYPE } from '@paywallet/contract';
import { AUTH_PATHS } from '../../lib/paths.ts';
import { localState } from '../../lib/storage.ts';

export type ResetType = (typeof RESET_TYPE)[keyof typeof RESET_TYPE];

export function storedResetType(): ResetType {
  return localState.get('resetType') === RESET_TYPE.PASSCODE ? RESET_TYPE.PASSCODE : RESET_TYPE.PASSWORD;
}

/** Where verify-email-general leads. Reset type 2 goes to reset-pin, which carries the OTP. */
export function resetScreenFor(type: ResetType): typeof AUTH_PATHS.resetPin | typeof AUTH_PATHS.resetPassword {
  return type === RESET_TYPE.PASSCODE ? AUTH_PATHS.resetPin : AUTH_PATHS.resetPassword;
}
