// Form schemas are the contract's request schemas; only the OTP boxes get the screen's own
// message: any box left empty reads as 'The otp field is required' (spec 1 section 5).
import { z } from 'zod';
import { MESSAGES, ZResetPasscodeRequest, ZResetPasswordRequest, ZVerifyOtpRequest } from '@paywallet/contract';

const zOtpBoxes = z.string().regex(/^\d{6}$/, MESSAGES.otpRequired);

export const ZVerifyOtpForm = ZVerifyOtpRequest.safeExtend({ otp: zOtpBoxes });
export const ZResetPasswordForm = ZResetPasswordRequest.safeExtend({ otp: zOtpBoxes });
export const ZResetPinForm = ZResetPasscodeRequest.safeExtend({ otp: zOtpBoxes });
