// What the store onboarding calls share: the business form's fields (spec 3 sections 3 and 5),
// the owner's fields and document rules, and the shapes of a store row and a store activation.
import { z } from 'zod';
import { isMccCode } from '../../mcc.ts';
import { LIMITS, MESSAGES, zId, zPersonName, zPhone, zRequired, zUrl } from '../../rules.ts';
import { zText } from '../../text.ts';
import { zDay } from '../../lists.ts';

export const STORE_LIMITS = {
  nameMaxChars: LIMITS.businessNameMaxChars,
  referenceMaxChars: 100,
  addressMaxChars: 200,
  postCodeMaxChars: 20,
  /** Owners a store may have: far above a real business's, and a bound on what one store holds. */
  ownersMax: 10,
  /** The owner document: jpeg or png, under 600KB (DECISIONS 8, on the server too). */
  documentMaxBytes: 600 * 1024,
} as const;

export const OWNER_DOCUMENT_TYPES = ['image/jpeg', 'image/png'] as const;

export const STORE_MESSAGES = {
  documentType: 'Only jpeg and png files are allowed',
  documentSize: 'File size should be less than 600KB',
  /** DECISIONS 8: the help text says what is enforced. */
  documentHelp: 'JPEG or PNG, less than 600KB',
  dobFuture: 'The date of birth cannot be later than today',
  pendingNotice: 'This store is pending approval: it cannot be updated or submitted until the review is done.',
  draftDefaultHint: 'Please complete store onboarding for store',
  requestForChangesHint: 'View Comments For More Details',
  deleteOwnerTitle: 'Delete Owner',
  deleteOwnerConfirm: 'Are you sure to remove this owner?',
} as const;

/** Registered country: UAE only (spec 3 section 9). */
export const STORE_COUNTRIES = [{ code: 'AE', name: 'UAE' }] as const;
/** Business type: 1 Sole Trader, 2 Registered Business (0 is the default store no one onboarded). */
export const STORE_TYPE = { DEFAULT: 0, SOLE_TRADER: 1, REGISTERED_BUSINESS: 2 } as const;
export const STORE_TYPE_LABEL: Readonly<Record<number, string>> = { 0: 'Default', 1: 'Sole Trader', 2: 'Registered Business' };

export const IDENTITY_TYPES = ['passport', 'drivingLicense', 'nationalIdCard', 'residencePermit', 'tradeLicense', 'mou'] as const;
export type TIdentityType = (typeof IDENTITY_TYPES)[number];
export const IDENTITY_TYPE_LABEL: Record<TIdentityType, string> = {
  passport: 'Passport',
  drivingLicense: 'Driving Licence',
  nationalIdCard: 'National ID Card',
  residencePermit: 'Residence Permit',
  tradeLicense: 'Trade Licence',
  mou: 'MOU',
};

const optionalText = (field: string, maxChars: number) => zText(field, maxChars).optional().default('');

/** The business form (the store create payload); update-store adds storeId, status and id. */
export const zStoreFields = {
  parentEntity: zRequired('parent entity', STORE_LIMITS.referenceMaxChars),
  reference: zRequired('reference', STORE_LIMITS.referenceMaxChars),
  name: zRequired('name', STORE_LIMITS.nameMaxChars).regex(/^[\p{L} ]+$/u, MESSAGES.nameRule('name')),
  email: z
    .string()
    .max(LIMITS.emailMaxChars, { message: `The email may not be greater than ${LIMITS.emailMaxChars} characters`, abort: true })
    .trim()
    .refine((value) => value === '' || z.email().safeParse(value).success, MESSAGES.emailInvalid)
    .optional()
    .default(''),
  phone: zPhone.optional().default(''),
  addressline1: optionalText('address line 1', STORE_LIMITS.addressMaxChars),
  addressline2: optionalText('address line 2', STORE_LIMITS.addressMaxChars),
  city: optionalText('city', STORE_LIMITS.addressMaxChars),
  state: optionalText('state', STORE_LIMITS.addressMaxChars),
  postCode: zRequired('post code', STORE_LIMITS.postCodeMaxChars),
  country: z
    .string({ error: MESSAGES.required('country') })
    .max(10, { message: 'The selected country is invalid', abort: true })
    .refine((value) => STORE_COUNTRIES.some((country) => country.code === value), 'The selected country is invalid')
    .optional()
    .default('AE'),
  website: zUrl.optional().default(''),
  type: z.coerce
    .number({ error: MESSAGES.required('business type') })
    .int('The selected business type is invalid')
    .refine(
      (value) => value === STORE_TYPE.SOLE_TRADER || value === STORE_TYPE.REGISTERED_BUSINESS,
      'The selected business type is invalid',
    ),
  mcc: zRequired('mcc', 20).refine(isMccCode, 'The selected merchant category code is invalid'),
};

/** A comment of the store's review log (View Comments). */
export const ZStoreComment = z.object({ status: z.number().int(), comments: z.string(), created_at: z.string() });

/** A row of the store list (get-store). */
export const ZStoreRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  status: z.number().int(),
  status_str: z.string(),
  type: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  details: z.array(ZStoreComment),
});
export type TStoreRow = z.infer<typeof ZStoreRow>;

/** An owner as the server holds it; docs_url is the document's file name (fetch it with get-file), null without one. */
export const ZStoreOwner = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string(),
  document_type: z.enum(IDENTITY_TYPES),
  docs_url: z.string().nullable(),
});
export type TStoreOwner = z.infer<typeof ZStoreOwner>;

/** The store activation (the update view): the business form as saved, and its owners. */
export const ZStoreActivation = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  phone: z.string(),
  email: z.string(),
  mcc_code: z.string(),
  website: z.string(),
  parent_entity: z.string(),
  reference: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  dob: z.string().nullable(),
  address: z.object({
    addressline1: z.string(),
    addressline2: z.string(),
    country: z.string(),
    city: z.string(),
    state: z.string(),
    postCode: z.string(),
  }),
  owners: z.array(ZStoreOwner),
});
export type TStoreActivation = z.infer<typeof ZStoreActivation>;

/**
 * The latest calendar day anywhere on earth (UTC+14): a date of birth after it is in the
 * future wherever the user is, and one on "today" in the user's zone is never refused.
 */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

export const zOwnerFields = {
  firstName: zPersonName('first name'),
  lastName: zPersonName('last name'),
  dob: zDay('date of birth').refine((value) => value <= latestToday(), STORE_MESSAGES.dobFuture),
  identityType: z.enum(IDENTITY_TYPES, { error: 'The selected identity type is invalid' }).optional().default('passport'),
};

export const zStoreId = zId('store');
export const zOwnerId = zId('owner');
