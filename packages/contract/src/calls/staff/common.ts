// What the staff calls share (spec 3 sections 2.2, 3, 5): a staff member as the list shows it,
// the staff statuses and the rules of the add form.
import { z } from 'zod';
import { MESSAGES, zId } from '../../rules.ts';
import { USER_STATUS } from '../../statuses.ts';

/** A staff password: the platform's password rule (a number, an upper- and a lower-case letter), at least 8 characters. */
export const STAFF_LIMITS = {
  passwordMinChars: 8,
  /** The active staff list (`status: 1`) answers at most this many rows: it fills selects. */
  activeListMax: 500,
} as const;

export const STAFF_MESSAGES = {
  passwordMin: `The password must be at least ${STAFF_LIMITS.passwordMinChars} characters`,
  statusInvalid: 'The selected status is invalid',
  statusRequired: MESSAGES.required('status'),
} as const;

const STAFF_STATUS_VALUES = Object.values(USER_STATUS) as number[];

/** A staff status: 0 Pending, 1 Active, 2 Inactive, 3 Suspended (the labels are USER_STATUS_LABEL). */
export const zStaffStatus = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: STAFF_MESSAGES.statusRequired })
    .int(STAFF_MESSAGES.statusInvalid)
    .refine((value) => STAFF_STATUS_VALUES.includes(value), STAFF_MESSAGES.statusInvalid),
);

/** The staff member a call acts on: a user id of the merchant's staff. */
export const zStaffUserId = zId('user');

/** A staff member as the list shows it (spec 3 section 3, Merchant staff). */
export const ZStaffRow = z.object({
  id: z.number().int(),
  email: z.string(),
  phone_number: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.number().int(),
  status_str: z.string(),
  parent_user_id: z.number().int(),
  created_at: z.string(),
});
export type TStaffRow = z.infer<typeof ZStaffRow>;

/** The features granted to one staff member. */
export const ZStaffFeatures = z.object({
  user_id: z.number().int(),
  features: z.array(z.object({ feature_id: z.number().int() })),
});
export type TStaffFeatures = z.infer<typeof ZStaffFeatures>;
