// Who a payment or a request is for: a user found by e-mail or phone, never the caller.
import { isBlockedUserStatus } from '@paywallet/contract';
import { fail } from '../../transport/errors.ts';
import type { Db } from '../../db/database.ts';
import { findPersonByEmail, findPersonByPhone, type PersonRow } from './transfers.repository.ts';

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
export async function resolveCounterparty(
  db: Db,
  callerUserId: bigint,
  emailOrPhone: string,
  selfRefusal: 'SEND_TO_SELF' | 'REQUEST_FROM_SELF',
): Promise<PersonRow> {
  const parsed = parseEmailOrPhone(emailOrPhone);
  const person = !parsed
    ? undefined
    : parsed.kind === 'email'
      ? await findPersonByEmail(db, parsed.email)
      : await findPersonByPhone(db, parsed.phoneNumber);
  return counterpartyOf(person, callerUserId, selfRefusal);
}

/** The person found for what the caller typed (undefined: no one), refused as resolveCounterparty refuses. */
export function counterpartyOf(
  person: PersonRow | undefined,
  callerUserId: bigint,
  selfRefusal: 'SEND_TO_SELF' | 'REQUEST_FROM_SELF',
): PersonRow {
  if (!person || person.type === 'admin') fail('RECIPIENT_NOT_FOUND');
  if (person.id === callerUserId) fail(selfRefusal);
  if (isBlockedUserStatus(person.status)) fail('RECIPIENT_INACTIVE');
  return person;
}
