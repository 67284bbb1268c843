// What the withdrawal calls share (spec 2 section 3: 'Withdrawal method', 'User withdrawal
// method', 'Withdrawal request', 'Request detail row'): the catalogue's methods and their fields,
// a merchant's own methods, a request with its detail rows, and the request's states.
import { z } from 'zod';

export const WITHDRAWAL_LIMITS = {
  /** A field's name (the key of a method's details). */
  fieldNameMaxChars: 100,
  /** A field's value (an account name, an IBAN, a BIC). */
  fieldValueMaxChars: 200,
  /** How many fields a method's details may carry. */
  fieldsMax: 30,
  /** The console's comment on a decision. */
  commentMaxChars: 2000,
  /** The bank's reference of a paid withdrawal. */
  referenceMaxChars: 100,
} as const;

/**
 * A withdrawal request: 0 Pending (the money is on hold), 1 Paid (sent to the bank, with the
 * bank's reference), 2 Rejected (the money back in available). Only a Pending one is processed.
 */
export const WITHDRAWAL_STATUS = { PENDING: 0, PAID: 1, REJECTED: 2 } as const;
export type TWithdrawalStatus = (typeof WITHDRAWAL_STATUS)[keyof typeof WITHDRAWAL_STATUS];
export const WITHDRAWAL_STATUS_LABEL: Readonly<Record<number, string>> = {
  0: 'Pending',
  1: 'Paid',
  2: 'Rejected',
} satisfies Record<TWithdrawalStatus, string>;

/** A merchant's own method: only an active one takes requests. */
export const WITHDRAWAL_METHOD_STATUS = { INACTIVE: 0, ACTIVE: 1 } as const;

/** How the server checks a field's value: free text, an IBAN (its checksum), a BIC (its form). */
export const WITHDRAWAL_FIELD_RULES = ['text', 'iban', 'bic'] as const;
export type TWithdrawalFieldRule = (typeof WITHDRAWAL_FIELD_RULES)[number];

/** One field of a catalogue method (spec 2: `{type, Name, required}`), with the rule the server applies. */
export const ZWithdrawalField = z.object({
  type: z.string(),
  Name: z.string(),
  required: z.boolean(),
  rule: z.enum(WITHDRAWAL_FIELD_RULES),
});
export type TWithdrawalField = z.infer<typeof ZWithdrawalField>;

/** A method of the catalogue in a currency (spec 2 'Withdrawal method'). */
export const ZWithdrawalMethod = z.object({
  /** The payment method's id: what add-withdrawal-method names as paymentMethodId. */
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  withdrawal_fields: z.array(ZWithdrawalField),
});
export type TWithdrawalMethod = z.infer<typeof ZWithdrawalMethod>;

/**
 * A merchant's own method (spec 2 'User withdrawal method'): the catalogue method, the wallet it
 * was added for (null: any wallet whose currency offers the method), the details keyed by field
 * Name, the IBAN masked but for its last 4 characters.
 */
export const ZUserWithdrawalMethod = z.object({
  id: z.number().int(),
  payment_method_id: z.number().int(),
  payment_method: z.object({ name: z.string() }),
  user_id: z.number().int(),
  user_account_id: z.number().int().nullable(),
  currency: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  details: z.record(z.string(), z.string()),
  status: z.number().int(),
  created_at: z.string(),
});
export type TUserWithdrawalMethod = z.infer<typeof ZUserWithdrawalMethod>;

/** Spec 2 'Request detail row': one per state the request took, oldest first. */
export const ZWithdrawalDetailRow = z.object({
  status: z.number().int(),
  status_str: z.string(),
  comments: z.string().nullable(),
  /** The bank's reference of a paid request; null otherwise (the screen shows 'N/A'). */
  source_reference_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TWithdrawalDetailRow = z.infer<typeof ZWithdrawalDetailRow>;

/** Spec 2 'Withdrawal request', as get-all-withdrawals and add-new-withdrawal answer it. */
export const ZWithdrawalRow = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  status: z.number().int(),
  status_str: z.string(),
  user_id: z.number().int(),
  user_account_id: z.number().int(),
  currency: z.object({ code: z.string() }),
  /** The bank's reference once paid. */
  reference_id: z.string().nullable(),
  with_drawal_method: z.object({
    id: z.number().int(),
    payment_method: z.object({ name: z.string() }),
    /** The method's details, the IBAN masked. */
    details: z.record(z.string(), z.string()),
  }),
  with_drawal_request_details: z.array(ZWithdrawalDetailRow),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TWithdrawalRow = z.infer<typeof ZWithdrawalRow>;

const WITHDRAWAL_STATUS_VALUES = Object.values(WITHDRAWAL_STATUS) as number[];

export const zWithdrawalStatusFilter = z.coerce
  .number()
  .int()
  .refine((value) => WITHDRAWAL_STATUS_VALUES.includes(value), 'The selected status is invalid')
  .optional();
