import { z } from 'zod';
import { KYC_INPUT_TYPES } from './statuses.ts';

export const ZUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  avatar: z.string().nullable(),
  last_login_at: z.string().nullable(),
  status: z.number().int(),
  passcode_set: z.number().int(),
  parent_user_id: z.number().int(),
  type: z.string(),
  business_name: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZWallet = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  currency: z.object({ id: z.number().int(), code: z.string(), decimals: z.number().int() }),
  is_default: z.number().int(),
  user_id: z.number().int(),
  account_number: z.string(),
  available_balance: z.number().int(),
  balance_on_hold: z.number().int(),
});
export type TWallet = z.infer<typeof ZWallet>;

export const ZFeatureGroup = z.object({
  name: z.string(),
  features: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string(), web_icon: z.string() })),
});
export type TFeatureGroup = z.infer<typeof ZFeatureGroup>;

export const ZKycInput = z.object({
  id: z.number().int(),
  name: z.string(),
  input_type: z.object({ type: z.enum(KYC_INPUT_TYPES) }),
  input_attributes: z.object({ required: z.number().int(), options: z.array(z.string()).optional() }),
});
export type TKycInput = z.infer<typeof ZKycInput>;

/** What the client needs after a sign-in step to decide where to go next (spec 1 section 4). */
export const ZKycFlow = z.object({
  userKyc: z.number().int(),
  sumsubToken: z.string().nullable(),
  sumsubUrl: z.string().nullable(),
  kycFlow: z.string().nullable(),
});
