// Where a refusal's message lands on a form. Two sources, in this order:
//   1. the field messages the server sends (`data.errors`: a 400 VALIDATION_FAILED, and other
//      refusals that name a field, such as EMAIL_TAKEN), renamed where the wire name differs
//      from the form's (payerAccountId -> walletId, kyc.12 -> input_12);
//   2. else the refusal's name routed to the field it is about (INSUFFICIENT_FUNDS -> amount),
//      so 'Insufficient balance.' stands under the amount rather than only in a toast.
// A message for a field the form does not have is left to the toast the client shows anyway.
import type { TErrorName } from '@paywallet/contract';
import { isApiError } from '../../api/api-error.ts';

export interface FieldErrorRouting<F extends string = string> {
  /** The form's fields. */
  fields: readonly F[];
  /** Wire name -> form field, where they differ. */
  wireNames?: Readonly<Record<string, F>>;
  /** Refusal name -> the field whose message it is, for refusals that name no field. */
  refusalFields?: Readonly<Partial<Record<TErrorName, F>>>;
}

/** The messages of a failed call, by form field; empty when nothing belongs to a field. */
export function serverFieldMessages<F extends string>(error: unknown, routing: FieldErrorRouting<F>): Partial<Record<F, string>> {
  if (!isApiError(error)) return {};
  const known = new Set<string>(routing.fields);
  const placed: Partial<Record<F, string>> = {};
  for (const [wireName, message] of Object.entries(error.fieldErrors)) {
    const field = routing.wireNames?.[wireName] ?? wireName;
    if (known.has(field) && placed[field as F] === undefined) placed[field as F] = message;
  }
  if (Object.keys(placed).length > 0 || error.reason === undefined) return placed;
  const field = routing.refusalFields?.[error.reason];
  if (field !== undefined && known.has(field)) placed[field] = error.message;
  return placed;
}

/** Refusals about the amount a user typed: limits, charges, balance. */
export const AMOUNT_REFUSALS = [
  'AMOUNT_NOT_POSITIVE',
  'AMOUNT_BELOW_MINIMUM',
  'AMOUNT_ABOVE_MAXIMUM',
  'DAILY_LIMIT_EXCEEDED',
  'CHARGES_EXCEED_AMOUNT',
  'INSUFFICIENT_FUNDS',
] as const satisfies readonly TErrorName[];

/** Refusals about the wallet chosen to pay from or be paid into. */
export const WALLET_REFUSALS = [
  'WALLET_NOT_FOUND',
  'RESERVE_WALLET_REFUSED',
  'TRANSFER_NOT_AVAILABLE',
] as const satisfies readonly TErrorName[];

/** Refusals about the person an e-mail or phone names. */
export const RECIPIENT_REFUSALS = [
  'RECIPIENT_NOT_FOUND',
  'RECIPIENT_INACTIVE',
  'SEND_TO_SELF',
  'REQUEST_FROM_SELF',
] as const satisfies readonly TErrorName[];

/** Refusals of an e-mailed one-time code. */
export const OTP_REFUSALS = ['OTP_INVALID', 'OTP_WRONG', 'OTP_BURNED'] as const satisfies readonly TErrorName[];

/** Routes each of `reasons` to one field: `{ ...onField(AMOUNT_REFUSALS, 'amount') }`. */
export function onField<F extends string>(reasons: readonly TErrorName[], field: F): Partial<Record<TErrorName, F>> {
  return Object.fromEntries(reasons.map((reason) => [reason, field])) as Partial<Record<TErrorName, F>>;
}
