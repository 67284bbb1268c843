import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPersonName } from '../../rules.ts';
import { zText } from '../../text.ts';
import { ZStaffRow, zStaffStatus, zStaffUserId } from './common.ts';

/**
 * Update a staff member's details (spec 3 section 5, Staff update): first name, last name and
 * status. The spec's client also sends email and phoneNumber; they are accepted and ignored:
 * the e-mail and phone are how the staff member signs in, and only they change them. A status
 * other than Active ends the staff member's sessions.
 */
export const ZUpdateMerchantStaffRequest = z.object({
  userId: zStaffUserId,
  firstName: zPersonName('first name'),
  lastName: zPersonName('last name'),
  status: zStaffStatus,
  email: zText('email', 191).optional(),
  phoneNumber: zText('phone number', 30).optional(),
});
export const updateMerchantStaffCall = defineCall({
  path: 'update-merchant-staff',
  audience: ['merchant'],
  session: 'full',
  feature: 'merchant-staff',
  kind: 'write',
  audit: 'staff.update',
  request: ZUpdateMerchantStaffRequest,
  response: ZStaffRow,
});
export type TUpdateMerchantStaffRequest = z.input<typeof ZUpdateMerchantStaffRequest>;
export type TUpdateMerchantStaffInput = z.output<typeof ZUpdateMerchantStaffRequest>;
