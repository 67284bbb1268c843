// The Add Payment Link form (spec 3 sections 2.1 and 5): currency, channel and type required,
// the amount by the decAmount rule (x100 on the way out), at least one schema ('The Schema
// field is required'), the lifetime in days, hours and minutes (empty: no expiry), and the
// Advance Settings (redirect and callback URLs, receipt number, e-mail, phone, description).
import { z } from 'zod';
import {
  MESSAGES,
  PAYMENT_LINK_LIMITS,
  PAYMENT_LINK_MESSAGES,
  zPhone,
  zUrl,
  zFreeText,
  zText,
  type TAddNewPaymentLinkRequest,
} from '@paywallet/contract';
import { zAmountInput, zChosenId } from '../../lib/amount-input.ts';

/** A whole number of days, hours or minutes from 0 to `max`, typed as text; empty reads as 0. */
const zExpiryPart = (field: string, max: number) =>
  z
    .string()
    .max(4, `The ${field} must be between 0 and ${max}`)
    .trim()
    .regex(/^\d*$/, `The ${field} must be a whole number`)
    .refine((value) => value === '' || Number(value) <= max, `The ${field} must be between 0 and ${max}`)
    .transform((value) => (value === '' ? 0 : Number(value)));

export const ZPaymentLinkForm = z.object({
  currencyId: zChosenId('currency'),
  channelId: zChosenId('channel'),
  schemaIds: z
    .array(z.string().max(12), { error: PAYMENT_LINK_MESSAGES.schemaRequired })
    .max(PAYMENT_LINK_LIMITS.schemasMax, PAYMENT_LINK_MESSAGES.schemaRequired)
    .min(1, PAYMENT_LINK_MESSAGES.schemaRequired)
    .transform((ids) => ids.map(Number)),
  amount: zAmountInput,
  type: z.enum(['0', '1'], { error: PAYMENT_LINK_MESSAGES.typeRequired }).transform(Number),
  expiresIndays: zExpiryPart('expires in days', PAYMENT_LINK_LIMITS.expiresInDaysMax),
  expiresInhours: zExpiryPart('expires in hours', PAYMENT_LINK_LIMITS.expiresInHoursMax),
  expiresInminutes: zExpiryPart('expires in minutes', PAYMENT_LINK_LIMITS.expiresInMinutesMax),
  redirectUrl: zUrl,
  callbackUrl: zUrl,
  receiptNo: zText('receipt no', PAYMENT_LINK_LIMITS.receiptNoMaxChars),
  email: zText('email', PAYMENT_LINK_LIMITS.emailMaxChars).refine(
    (value) => value === '' || z.email().safeParse(value).success,
    MESSAGES.emailInvalid,
  ),
  phone: zPhone,
  description: zFreeText('description', PAYMENT_LINK_LIMITS.descriptionMaxChars),
});
export type TPaymentLinkFormIn = z.input<typeof ZPaymentLinkForm>;
export type TPaymentLinkFormOut = z.output<typeof ZPaymentLinkForm>;

export const EMPTY_PAYMENT_LINK_FORM: TPaymentLinkFormIn = {
  currencyId: '',
  channelId: '',
  schemaIds: [],
  amount: '',
  type: '1',
  expiresIndays: '',
  expiresInhours: '',
  expiresInminutes: '',
  redirectUrl: '',
  callbackUrl: '',
  receiptNo: '',
  email: '',
  phone: '',
  description: '',
};

export const LINK_TYPE_OPTIONS = [
  { value: '1', label: 'Multiple' },
  { value: '0', label: 'Single' },
];

const optional = (value: string) => (value === '' ? undefined : value);

export function toAddNewPaymentLink(values: TPaymentLinkFormOut): TAddNewPaymentLinkRequest {
  return {
    currencyId: values.currencyId,
    channelId: values.channelId,
    schemaIds: values.schemaIds,
    amount: values.amount,
    type: values.type,
    expiresIndays: values.expiresIndays,
    expiresInhours: values.expiresInhours,
    expiresInminutes: values.expiresInminutes,
    redirectUrl: optional(values.redirectUrl),
    callbackUrl: optional(values.callbackUrl),
    receiptNo: optional(values.receiptNo),
    email: optional(values.email),
    phone: optional(values.phone),
    description: optional(values.description),
  };
}
