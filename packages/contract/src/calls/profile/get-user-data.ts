import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';

/** The notification settings of App Settings (spec 2), when the account has saved any. */
export const ZNotificationSettings = z.object({
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  smsStatus: z.number().int(),
  emailStatus: z.number().int(),
});
/** An identity-verification submission: its status (KYC_STATUS) and when it was made and reviewed. */
export const ZUserKyc = z.object({
  id: z.number().int(),
  status: z.number().int(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
/** The logged-in user (spec 3 section 3) as the merchant profile shows it. */
export const ZUserData = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  last_login_at: z.string().nullable(),
  /** A data URL (image/jpeg, png or webp) the app shows as is, or null. */
  avatar: z.string().nullable(),
  parent_user_id: z.number().int(),
  details: z.object({ notification_settings: ZNotificationSettings.nullable() }),
  userkycs: z.array(ZUserKyc),
});
export type TUserData = z.infer<typeof ZUserData>;

export const getUserDataCall = defineCall({
  path: 'get-user-data',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: z.object({}).loose(),
  response: ZUserData,
});
export type TGetUserDataResponse = z.output<typeof ZUserData>;
