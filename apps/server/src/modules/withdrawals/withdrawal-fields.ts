// The fields of a withdrawal method (spec 2 section 5, 'Withdrawal validation'): each value the
// merchant sends is checked against the catalogue's field of that Name: a key the method does
// not have is refused, a required field must have a value, an IBAN must pass its checksum (and
// its country's length and form), a BIC must have the form of one. The values kept are
// normalised: the IBAN in its electronic form (no spaces, upper case), the BIC in upper case.
import { electronicFormatIBAN, validateIBAN, ValidationErrorsIBAN, isValidBIC } from 'ibantools';
import type { TWithdrawalField } from '@paywallet/contract';
import { fail } from '../../transport/errors.ts';

/** The problem an IBAN's first validation error names. */
function ibanProblem(errorCodes: readonly ValidationErrorsIBAN[]): string {
  const first = errorCodes[0];
  switch (first) {
    case ValidationErrorsIBAN.NoIBANCountry:
      return 'it does not start with a known country code.';
    case ValidationErrorsIBAN.WrongBBANLength:
      return 'it does not have the length of an IBAN of its country.';
    case ValidationErrorsIBAN.WrongBBANFormat:
      return 'its account part does not have the form of its country.';
    case ValidationErrorsIBAN.ChecksumNotNumber:
    case ValidationErrorsIBAN.WrongIBANChecksum:
    case ValidationErrorsIBAN.WrongAccountBankBranchChecksum:
      return 'its check digits do not match. Please check each character.';
    default:
      return 'it is not an IBAN.';
  }
}

/** One value by its field's rule: the normalised value, or a named refusal naming the field. */
function checkedValue(field: TWithdrawalField, value: string): string {
  switch (field.rule) {
    case 'iban': {
      const iban = electronicFormatIBAN(value) ?? '';
      const result = validateIBAN(iban);
      if (!result.valid)
        fail('WITHDRAWAL_FIELD_INVALID', { field: field.Name, problem: ibanProblem(result.errorCodes) }, fieldError(field));
      return iban;
    }
    case 'bic': {
      const bic = value.replace(/\s+/g, '').toUpperCase();
      if (!isValidBIC(bic)) {
        fail(
          'WITHDRAWAL_FIELD_INVALID',
          { field: field.Name, problem: 'a SWIFT/BIC code has 8 or 11 letters and digits (bank, country, location, branch).' },
          fieldError(field),
        );
      }
      return bic;
    }
    case 'text':
      return value;
  }
}

function fieldError(field: TWithdrawalField, message = `The ${field.Name} is not valid.`) {
  return { fieldErrors: { [`details.${field.Name}`]: message } };
}

/**
 * The details of a new method, checked against the method's fields: unknown keys, missing
 * required values and values that fail their rule are refused by name, the field in the message.
 * Answers the values to keep (optional fields left empty are not kept), in the fields' order.
 */
export function checkedDetails(fields: readonly TWithdrawalField[], details: Readonly<Record<string, string>>): Record<string, string> {
  const byName = new Map(fields.map((field) => [field.Name, field]));
  for (const key of Object.keys(details)) {
    if (!byName.has(key))
      fail('WITHDRAWAL_FIELD_UNKNOWN', { field: key }, { fieldErrors: { [`details.${key}`]: 'Not a field of this method.' } });
  }
  const kept: Record<string, string> = {};
  for (const field of fields) {
    const value = (details[field.Name] ?? '').trim();
    if (value === '') {
      if (field.required)
        fail('WITHDRAWAL_FIELD_REQUIRED', { field: field.Name }, fieldError(field, `The ${field.Name} field is required.`));
      continue;
    }
    kept[field.Name] = checkedValue(field, value);
  }
  return kept;
}

/** What a screen shows of the details, in the fields' order: an IBAN masked but for its last 4 characters. */
export function maskedDetails(fields: readonly TWithdrawalField[], details: Readonly<Record<string, string>>): Record<string, string> {
  const ibanNames = new Set(fields.filter((field) => field.rule === 'iban').map((field) => field.Name));
  // In the fields' order (jsonb keeps its keys in an order of its own), then any other key.
  const names = [...fields.map((field) => field.Name).filter((name) => name in details), ...Object.keys(details)];
  const shown: Record<string, string> = {};
  for (const name of names) {
    if (name in shown) continue;
    const value = details[name]!;
    shown[name] = ibanNames.has(name) ? maskIban(value) : value;
  }
  return shown;
}

export function maskIban(iban: string): string {
  const last = iban.slice(-4);
  return `${'*'.repeat(Math.max(iban.length - 4, 0))}${last}`;
}
