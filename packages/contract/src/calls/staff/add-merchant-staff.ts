import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { LIMITS, MESSAGES, passwordRuleMet, zConfirmation, zEmail, zPersonName, zRequired, zRequiredPhone } from '../../rules.ts';
import { STAFF_LIMITS, STAFF_MESSAGES, ZStaffRow, zStaffStatus } from './common.ts';

/**
 * Add a staff member (spec 3 section 5, Staff add). The new account is a merchant user under
 * the main account, its e-mail counted as verified; it signs in through the same flow and sets
 * its passcode at the first sign-in. It starts with no feature granted.
 */
export const ZAddMerchantStaffRequest = z
  .object({
    email: zEmail,
    phoneNumber: zRequiredPhone,
    firstName: zPersonName('first name'),
    lastName: zPersonName('last name'),
    password: zRequired('password', LIMITS.passwordMaxChars)
      .min(STAFF_LIMITS.passwordMinChars, STAFF_MESSAGES.passwordMin)
      .refine(passwordRuleMet, MESSAGES.passwordRule),
    confirmPassword: zConfirmation('confirm password', LIMITS.passwordMaxChars),
    status: zStaffStatus,
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordMismatch, path: ['confirmPassword'] });
export const addMerchantStaffCall = defineCall({
  path: 'add-merchant-staff',
  audience: ['merchant'],
  session: 'full',
  feature: 'merchant-staff',
  kind: 'write',
  audit: 'staff.add',
  request: ZAddMerchantStaffRequest,
  response: ZStaffRow,
});
export type TAddMerchantStaffRequest = z.input<typeof ZAddMerchantStaffRequest>;
export type TAddMerchantStaffInput = z.output<typeof ZAddMerchantStaffRequest>;
