// What the payment-link calls share (spec 3 sections 2.1, 3-5, 7, 9): the link's type and status
// codes and their labels, the limits of the create payload's fields, and the row a list shows.
import { z } from 'zod';
import { MESSAGES } from '../../rules.ts';

/** The `type` the payment-link screens send to the shared method and currency calls. */
export const PAYMENT_LINK_METHOD_TYPE = 'PAYMENT_LINK' as const;
export const zPaymentLinkMethodType = z.literal(PAYMENT_LINK_METHOD_TYPE, { error: 'The selected type is invalid' });

/** 0 single use (one successful payment), 1 multiple use (spec 3 section 9: 1 is Multiple). */
export const PAYMENT_LINK_TYPE = { SINGLE: 0, MULTIPLE: 1 } as const;
export type TPaymentLinkType = (typeof PAYMENT_LINK_TYPE)[keyof typeof PAYMENT_LINK_TYPE];
export const PAYMENT_LINK_TYPE_LABEL: Readonly<Record<number, string>> = { 0: 'Single', 1: 'Multiple' };
export function paymentLinkTypeLabel(type: number): string {
  return type === PAYMENT_LINK_TYPE.MULTIPLE ? 'Multiple' : 'Single';
}

/** 1 active, 2 inactive; anything else is pending (spec 3 section 4). */
export const PAYMENT_LINK_STATUS = { ACTIVE: 1, INACTIVE: 2 } as const;
export type TPaymentLinkStatus = (typeof PAYMENT_LINK_STATUS)[keyof typeof PAYMENT_LINK_STATUS];
export function paymentLinkStatusStr(status: number): string {
  if (status === PAYMENT_LINK_STATUS.ACTIVE) return 'Active';
  if (status === PAYMENT_LINK_STATUS.INACTIVE) return 'Inactive';
  return 'Pending';
}

export const PAYMENT_LINK_LIMITS = {
  schemasMax: 20,
  expiresInDaysMax: 365,
  expiresInHoursMax: 23,
  expiresInMinutesMax: 59,
  receiptNoMaxChars: 100,
  descriptionMaxChars: 500,
  emailMaxChars: 191,
  /** Description is truncated to this many characters in lists (spec 3 section 9). */
  descriptionListChars: 12,
  /** The live countdown's tick (spec 3 section 9). */
  countdownTickMs: 1000,
} as const;

export const PAYMENT_LINK_MESSAGES = {
  schemaRequired: 'The Schema field is required',
  typeRequired: MESSAGES.required('type'),
  typeInvalid: 'The selected type is invalid',
  statusInvalid: 'The selected status is invalid',
  /** Both the page and the server say it: spec 3 section 2.1. */
  updateConfirm: 'Are you sure to update the status?',
} as const;

export const ZCurrencyOption = z.object({ id: z.number().int(), code: z.string() });
export type TCurrencyOption = z.infer<typeof ZCurrencyOption>;

/** A card scheme a link may accept (spec 3 section 3: Payment method (schema)). */
export const ZSchemeOption = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type TSchemeOption = z.infer<typeof ZSchemeOption>;

/** A payment link as the list shows it (spec 3 section 3, Payment link). */
export const ZPaymentLinkRow = z.object({
  id: z.number().int(),
  token: z.string(),
  transactions_count: z.number().int(),
  channel: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  store: z.object({ name: z.string() }),
  amount: z.number().int(),
  type: z.number().int(),
  currency: z.object({ code: z.string() }),
  schemas: z.array(z.object({ id: z.number().int(), name: z.string() })),
  status: z.number().int(),
  status_str: z.string(),
  /**
   * Single use and already paid once (a successful payment): the screens show "Paid" instead of
   * the status, which stays 1 or 2 (the spec has no paid status; this one is derived).
   */
  paid: z.boolean(),
  /** Lifetime in seconds from created_at; null: no expiry. Spelt as the spec spells it. */
  exipres_in: z.number().int().nullable(),
  /** created_at + exipres_in (ISO, GMT); null: no expiry. */
  expires_at: z.string().nullable(),
  /** Whether the lifetime had run out when the server answered. */
  expired: z.boolean(),
  created_at: z.string(),
  callback_url: z.string().nullable(),
  redirect_url: z.string().nullable(),
  payment_url: z.string(),
  receipt_no: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  added_by: z.number().int(),
  added_by_user: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }),
  user_id: z.number().int(),
});
export type TPaymentLinkRow = z.infer<typeof ZPaymentLinkRow>;
