// The spec's shared validation rules (spec 1 section 5), written once. Messages keep the spec's
// wording except where DECISIONS 11 corrects the spelling of user-visible text.
import { z } from 'zod';

export const MESSAGES = {
  required: (field: string) => `The ${field} field is required`,
  emailInvalid: 'The email must be a valid email address',
  passwordRule: 'Password must contain at least one number, uppercase and lowercase character',
  passwordMin: 'The password must be at least 5 characters',
  passwordMismatch: 'The confirm password and password must match',
  passcodeRule: 'The passcode must be exactly 4 digits',
  passcodeMismatch: 'The confirm passcode and passcode must match',
  otpRequired: 'The otp field is required',
  otpRule: 'The otp must be 6 digits',
  nameRule: (field: string) => `The ${field} may only contain letters and spaces`,
  nameMin: (field: string) => `The ${field} must be at least 2 characters`,
  phoneRequired: '*Phone Field is required',
  phoneNumeric: 'Only numeric characters are allowed',
  phoneInvalid: 'Invalid phone number',
  phoneLength: 'Phone number must be between 9 and 15 digits',
  decAmount: 'Only numeric characters are allowed',
  url: 'The URL format is invalid',
} as const;

export const LIMITS = {
  otpLength: 6,
  passcodeLength: 4,
  passwordMinChars: 5,
  passwordMaxChars: 128,
  nameMinChars: 2,
  nameMaxChars: 60,
  emailMaxChars: 191,
  phoneMinDigits: 9,
  phoneMaxDigits: 15,
  businessNameMaxChars: 120,
  kycTextMaxChars: 500,
  kycFileMaxBytes: 600 * 1024,
  perPageDefault: 10,
  perPageMax: 250,
} as const;

/** A required string: trims, and an empty value reads as "The <field> field is required". */
export const zRequired = (field: string, maxChars = 500) =>
  z
    .string({ error: MESSAGES.required(field) })
    .trim()
    .min(1, MESSAGES.required(field))
    .max(maxChars, `The ${field} may not be greater than ${maxChars} characters`);

export const zEmail = zRequired('email', LIMITS.emailMaxChars)
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

export const zPassword = zRequired('password', LIMITS.passwordMaxChars)
  .min(LIMITS.passwordMinChars, MESSAGES.passwordMin)
  .regex(/(?=.*\d)(?=.*[a-z])(?=.*[A-Z])/, MESSAGES.passwordRule);

/** Login accepts any password of the minimum length: the rule applies when one is chosen. */
export const zLoginPassword = zRequired('password', LIMITS.passwordMaxChars).min(
  LIMITS.passwordMinChars,
  MESSAGES.passwordMin,
);

export const zPasscode = zRequired('passcode', 10).regex(/^\d{4}$/, MESSAGES.passcodeRule);

export const zOtp = z
  .string({ error: MESSAGES.otpRequired })
  .trim()
  .min(1, MESSAGES.otpRequired)
  .regex(/^\d{6}$/, MESSAGES.otpRule);

export const zPersonName = (field: string) =>
  zRequired(field, LIMITS.nameMaxChars)
    .min(LIMITS.nameMinChars, MESSAGES.nameMin(field))
    .regex(/^[\p{L} ]+$/u, MESSAGES.nameRule(field));

/** Phone rule: digits and '+' only, no three leading zeros, 9 to 15 digits. Empty is allowed. */
export function phoneProblem(value: string): string | undefined {
  if (value === '') return undefined;
  if (!/^[\d+]+$/.test(value)) return MESSAGES.phoneNumeric;
  if (/^0{3,}/.test(value)) return MESSAGES.phoneInvalid;
  const digits = value.replace(/\+/g, '').length;
  if (digits < LIMITS.phoneMinDigits || digits > LIMITS.phoneMaxDigits) return MESSAGES.phoneLength;
  return undefined;
}

export const zPhone = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = phoneProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const zRequiredPhone = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, MESSAGES.phoneRequired)
  .pipe(zPhone);

/** decAmount rule: empty allowed, else digits with at most one decimal point. */
export const zDecAmount = z
  .string()
  .trim()
  .regex(/^(\d+(\.\d*)?|\.\d+)?$/, MESSAGES.decAmount);

export const zUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), MESSAGES.url);

/** The bot check's proof (ALTCHA payload) and its id, sent on the e-mail calls. */
export const zBotCheck = {
  verResponse: z.string().max(4000).optional().default(''),
  resId: z.string().max(200).optional().default(''),
};

export const zPagination = {
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  perPage: z.coerce.number().int().min(1).max(LIMITS.perPageMax).optional().default(LIMITS.perPageDefault),
};

export const zPaginationData = z.object({
  total: z.number().int(),
  perPage: z.number().int(),
  currentPage: z.number().int(),
});
