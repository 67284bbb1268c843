import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zAmountMinor } from '../../money.ts';
import { MESSAGES, zId, zPhone, zUrl } from '../../rules.ts';
import { zFreeText, zText } from '../../text.ts';
import { PAYMENT_LINK_LIMITS, PAYMENT_LINK_MESSAGES, ZPaymentLinkRow } from './common.ts';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === null ? undefined : value), schema.optional());

/** Days, hours or minutes of the lifetime: a whole number from 0 to `max`; empty reads as 0. */
const zExpiryPart = (field: string, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: `The ${field} must be a number` })
      .int(`The ${field} must be a whole number`)
      .min(0, `The ${field} must be between 0 and ${max}`)
      .max(max, `The ${field} must be between 0 and ${max}`),
  );

/**
 * The create payload of spec 3 section 3. currency, channelId and type are required, type single
 * (0) or multiple (1); amount in minor units (the form multiplies by 100); at least one schema
 * ('The Schema field is required'); the lifetime is days + hours + minutes (all empty or 0: no
 * expiry); the rest optional (empty text reads as absent).
 */
export const ZAddNewPaymentLinkRequest = z.object({
  currencyId: zId('currency', 'int'),
  channelId: zId('channel'),
  schemaIds: z
    .array(zId('schema', 'int'), { error: PAYMENT_LINK_MESSAGES.schemaRequired })
    .max(PAYMENT_LINK_LIMITS.schemasMax, `The schema may not have more than ${PAYMENT_LINK_LIMITS.schemasMax} items`)
    .min(1, PAYMENT_LINK_MESSAGES.schemaRequired),
  amount: zAmountMinor,
  type: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' && value.length <= 3 ? Number(value) : value),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === '' ? PAYMENT_LINK_MESSAGES.typeRequired : PAYMENT_LINK_MESSAGES.typeInvalid,
      })
      .int(PAYMENT_LINK_MESSAGES.typeInvalid)
      .min(0, PAYMENT_LINK_MESSAGES.typeInvalid)
      .max(1, PAYMENT_LINK_MESSAGES.typeInvalid),
  ),
  expiresIndays: zExpiryPart('expires in days', PAYMENT_LINK_LIMITS.expiresInDaysMax),
  expiresInhours: zExpiryPart('expires in hours', PAYMENT_LINK_LIMITS.expiresInHoursMax),
  expiresInminutes: zExpiryPart('expires in minutes', PAYMENT_LINK_LIMITS.expiresInMinutesMax),
  redirectUrl: optional(zUrl),
  callbackUrl: optional(zUrl),
  receiptNo: optional(zText('receipt no', PAYMENT_LINK_LIMITS.receiptNoMaxChars)),
  email: optional(
    zText('email', PAYMENT_LINK_LIMITS.emailMaxChars).refine(
      (value) => value === '' || z.email().safeParse(value).success,
      MESSAGES.emailInvalid,
    ),
  ),
  phone: optional(zPhone),
  description: optional(zFreeText('description', PAYMENT_LINK_LIMITS.descriptionMaxChars)),
});
export const addNewPaymentLinkCall = defineCall({
  path: 'add-new-payment-link',
  audience: ['merchant'],
  session: 'full',
  feature: 'payment-link',
  kind: 'write',
  audit: 'payment-link.add',
  request: ZAddNewPaymentLinkRequest,
  response: ZPaymentLinkRow,
});
export type TAddNewPaymentLinkRequest = z.input<typeof ZAddNewPaymentLinkRequest>;
export type TAddNewPaymentLinkInput = z.output<typeof ZAddNewPaymentLinkRequest>;
