// Who a payment or a request is for: a user found by e-mail or phone, never the caller.
import { ApiError } from '../../transport/errors.ts';
import type { Db } from '../../db/database.ts';
import { findPersonByEmail, findPersonByPhone, type PersonRow } from './transfers.repository.ts';

export const RECIPIENT_NOT_FOUND = 'No user found with this email or phone.';
export const RECIPIENT_INACTIVE = 'This account cannot take part in payments at the moment.';
export const SEND_TO_SELF = 'You cannot send money to yourself.';
export const REQUEST_FROM_SELF = 'You cannot request money from yourself.';

const PHONE_PATTERN = /^\+?\d{9,15}$/;
const PHONE_SEPARATORS = /[\s\-().]/g;

export type EmailOrPhone = { kind: 'email'; email: string } | { kind: 'phone'; phoneNumber: string };

/**
 * Reads what the user typed. An '@' makes it an e-mail (compared lower-cased, as stored);
 * otherwise 9 to 15 digits with or without '+' (spaces, dashes, dots and brackets ignored) are
 * a phone in international form, stored as '+<digits>'. A local form with a leading 0 is not
 * turned into an international one: the country is not known.
 */
export function parseEmailOrPhone(value: string): EmailOrPhone | undefined {
  const trimmed = value.trim();
  if (trimmed.includes('@')) return { kind: 'email', email: trimmed.toLowerCase() };
  const compact = trimmed.replace(PHONE_SEPARATORS, '');
  if (!PHONE_PATTERN.test(compact)) return undefined;
  return { kind: 'phone', phoneNumber: `+${compact.replace(/^\+/, '')}` };
}

/**
 * The other party of a payment or a request. Unknown people, administrators and the caller
 * are refused with a message the user can act on.
 */
export async function resolveCounterparty(db: Db, callerUserId: bigint, emailOrPhone: string, selfMessage: string): Promise<PersonRow> {
  const parsed = parseEmailOrPhone(emailOrPhone);
  const person = !parsed
    ? undefined
    : parsed.kind === 'email'
      ? await findPersonByEmail(db, parsed.email)
      : await findPersonByPhone(db, parsed.phoneNumber);
  if (!person || person.type === 'admin') throw new ApiError(404, RECIPIENT_NOT_FOUND);
  if (person.id === callerUserId) throw new ApiError(422, selfMessage);
  if (person.status === 2 || person.status === 3) throw new ApiError(422, RECIPIENT_INACTIVE);
  return person;
}
