// The spec's shared validation rules (spec 1 section 5), written once. Messages keep the spec's
// wording except where DECISIONS 11 corrects the spelling of user-visible text.
import { z } from 'zod';
import { limitFirst } from './text.ts';

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
  /** Ids of serial (int4) columns: currencies, payment methods, inputs. */
  intIdMax: 2_147_483_647,
  /** Ids of bigserial columns that travel as JSON numbers. */
  bigIdMax: Number.MAX_SAFE_INTEGER,
} as const;

/**
 * A required string: the length limit first (it stops every later check when it fails, so no
 * pattern ever runs on an oversized value), then trimmed; an empty value reads as "The <field>
 * field is required".
 */
export const zRequired = (field: string, maxChars = 500) =>
  z
    .string({ error: MESSAGES.required(field) })
    .max(maxChars, limitFirst(field, maxChars))
    .trim()
    .min(1, MESSAGES.required(field));

export const zEmail = zRequired('email', LIMITS.emailMaxChars)
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

/**
 * The password rule as three scans of the value, each linear: the old single pattern with three
 * unanchored look-aheads, /(?=.*\d)(?=.*[a-z])(?=.*[A-Z])/, retried every look-ahead from every
 * position of a value that fails it, quadratic in its length (80,000 characters held the event
 * loop for seconds). The length limit runs first anyway.
 */
/** A digit, a lower-case and an upper-case letter: one character class each, no quantifier. */
export const PASSWORD_RULE_PATTERNS: readonly RegExp[] = [/\d/, /[a-z]/, /[A-Z]/];

export function passwordRuleMet(value: string): boolean {
  return PASSWORD_RULE_PATTERNS.every((pattern) => pattern.test(value));
}

export const zPassword = zRequired('password', LIMITS.passwordMaxChars)
  .min(LIMITS.passwordMinChars, MESSAGES.passwordMin)
  .refine(passwordRuleMet, MESSAGES.passwordRule);

/** A confirmation field (confirm password, confirm passcode): required, limited, compared by the form's refine. */
export const zConfirmation = (field: string, maxChars: number) =>
  z
    .string({ error: MESSAGES.required(field) })
    .max(maxChars, limitFirst(field, maxChars))
    .min(1, MESSAGES.required(field));

/** What a phone may look like when typed in place of an e-mail: digits, '+' and separators only. */
const TYPED_PHONE = /^\+?[\d\s\-().]+$/;
const PHONE_SEPARATORS = /[\s\-().]/g;
const INTERNATIONAL_PHONE = /^\+?\d{9,15}$/;

/** Whether a sign-in name is a phone (as `zSignInEmail` reads it): '+' and digits. */
export function isSignInPhone(name: string): boolean {
  return name.startsWith('+');
}

/**
 * The e-mail of a sign-in, or a phone in its place (DECISIONS 26): the e-mail step, the code,
 * the password and the two resets take either. An e-mail is lower-cased; a phone (9 to 15
 * digits, with or without '+', spaces, dashes, dots and brackets ignored) is read as
 * '+<digits>', the international form phones are stored in. The server finds the account
 * that holds the phone and goes on with its e-mail.
 */
export const zSignInEmail = zRequired('email', LIMITS.emailMaxChars).transform((value, ctx) => {
  if (!value.includes('@') && TYPED_PHONE.test(value)) {
    const compact = value.replace(PHONE_SEPARATORS, '');
    if (INTERNATIONAL_PHONE.test(compact)) return `+${compact.replace(/^\+/, '')}`;
    ctx.addIssue({ code: 'custom', message: MESSAGES.phoneLength });
    return z.NEVER;
  }
  if (!z.email().safeParse(value).success) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.emailInvalid });
    return z.NEVER;
  }
  return value.toLowerCase();
});

/** Login accepts any password of the minimum length: the rule applies when one is chosen. */
export const zLoginPassword = zRequired('password', LIMITS.passwordMaxChars).min(LIMITS.passwordMinChars, MESSAGES.passwordMin);

export const zPasscode = zRequired('passcode', 10).regex(/^\d{4}$/, MESSAGES.passcodeRule);

export const zOtp = z
  .string({ error: MESSAGES.otpRequired })
  .max(20, { message: MESSAGES.otpRule, abort: true })
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

/** A phone as typed may carry a few separators beyond its 15 digits. */
const PHONE_MAX_CHARS = 30;

export const zPhone = z
  .string()
  .max(PHONE_MAX_CHARS, { message: MESSAGES.phoneLength, abort: true })
  .trim()
  .superRefine((value, ctx) => {
    const problem = phoneProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const zRequiredPhone = z
  .string({ error: MESSAGES.phoneRequired })
  .max(PHONE_MAX_CHARS, { message: MESSAGES.phoneLength, abort: true })
  .trim()
  .min(1, MESSAGES.phoneRequired)
  .pipe(zPhone);

/** decAmount rule: empty allowed, else digits with at most one decimal point. */
export const zDecAmount = z
  .string()
  .max(40, { message: MESSAGES.decAmount, abort: true })
  .trim()
  .regex(/^(\d+(\.\d*)?|\.\d+)?$/, MESSAGES.decAmount);

export const URL_MAX_CHARS = 2_000;

export const zUrl = z
  .string()
  .max(URL_MAX_CHARS, limitFirst('URL', URL_MAX_CHARS))
  .trim()
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), MESSAGES.url);

/** The bot check's proof (ALTCHA payload) and its id, sent on the e-mail calls. */
export const zBotCheck = {
  verResponse: z.string().max(4000, limitFirst('bot check', 4000)).optional().default(''),
  resId: z.string().max(200, limitFirst('bot check id', 200)).optional().default(''),
};

/**
 * A required id: a positive whole number within its column's range, so no value a database
 * column cannot hold ever reaches a query. `big` for bigserial columns (wallets, users).
 */
export const zId = (field: string, size: 'int' | 'big' = 'big') =>
  z.coerce
    .number({ error: MESSAGES.required(field) })
    .int(MESSAGES.required(field))
    .positive(MESSAGES.required(field))
    .max(size === 'int' ? LIMITS.intIdMax : LIMITS.bigIdMax, `The selected ${field} is invalid`);

/** An optional id (a filter); empty strings from forms read as absent. */
export const zOptionalId = (field: string, size: 'int' | 'big' = 'big') =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), zId(field, size).optional());
