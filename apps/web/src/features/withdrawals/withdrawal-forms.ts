// The withdrawal forms. Add Method's fields come from the chosen method of the catalogue (spec 2
// section 5: required when the field says so), named field_<n> in the form and sent as
// `details` keyed by each field's Name; the server checks the IBAN's checksum and the BIC's form
// and its messages land on the field. Add Request types the amount in major units (x100 sent).
import { z } from 'zod';
import {
  MESSAGES,
  WITHDRAWAL_LIMITS,
  type TAddNewWithdrawalRequest,
  type TAddWithdrawalMethodRequest,
  type TErrorName,
  type TWithdrawalField,
} from '@paywallet/contract';
import { AMOUNT_REFUSALS, onField, WALLET_REFUSALS } from '../../components/form/server-field-errors.ts';
import { zAmountInput, zChosenId } from '../../lib/amount-input.ts';

export type MethodFieldValues = Record<string, string>;

export const methodFieldName = (index: number) => `field_${index}`;

function fieldSchema(field: TWithdrawalField) {
  const text = z
    .string()
    .trim()
    .max(
      WITHDRAWAL_LIMITS.fieldValueMaxChars,
      `The ${field.Name} may not be greater than ${WITHDRAWAL_LIMITS.fieldValueMaxChars} characters`,
    );
  return field.required ? text.min(1, MESSAGES.required(field.Name)) : text;
}

export function buildMethodSchema(fields: readonly TWithdrawalField[]) {
  return z.object(Object.fromEntries(fields.map((field, index) => [methodFieldName(index), fieldSchema(field)])));
}

export function defaultMethodValues(fields: readonly TWithdrawalField[]): MethodFieldValues {
  return Object.fromEntries(fields.map((_, index) => [methodFieldName(index), '']));
}

/** The server names a field `details.<Name>`; the form names it field_<n>. */
export function methodWireNames(fields: readonly TWithdrawalField[]): Record<string, string> {
  return Object.fromEntries(fields.map((field, index) => [`details.${field.Name}`, methodFieldName(index)]));
}

export function toAddMethodRequest(
  paymentMethodId: number,
  userAccountId: number,
  fields: readonly TWithdrawalField[],
  values: MethodFieldValues,
): TAddWithdrawalMethodRequest {
  const details: Record<string, string> = {};
  fields.forEach((field, index) => {
    const value = values[methodFieldName(index)] ?? '';
    if (value !== '') details[field.Name] = value;
  });
  return { paymentMethodId, userAccountId, details };
}

/** New withdrawal request: the wallet, one of the merchant's methods, the amount. */
export const ZWithdrawalRequestForm = z.object({
  walletId: zChosenId('wallet'),
  methodId: zChosenId('withdrawal method'),
  amount: zAmountInput,
});
export type TWithdrawalRequestFormOut = z.output<typeof ZWithdrawalRequestForm>;

export function toAddNewWithdrawal(values: TWithdrawalRequestFormOut): TAddNewWithdrawalRequest {
  return { amount: values.amount, userAccountId: values.walletId, withdrawalMethodId: values.methodId };
}

export const WITHDRAWAL_REQUEST_REFUSAL_FIELDS = {
  ...onField([...AMOUNT_REFUSALS, 'WITHDRAWAL_EXCEEDS_BALANCE'], 'amount'),
  ...onField(WALLET_REFUSALS, 'walletId'),
  ...onField(['WITHDRAWAL_METHOD_NOT_FOUND', 'WITHDRAWAL_METHOD_CURRENCY_MISMATCH'] satisfies TErrorName[], 'methodId'),
} as const;

export const WITHDRAWAL_REQUEST_WIRE_NAMES = { userAccountId: 'walletId', withdrawalMethodId: 'methodId' } as const;
