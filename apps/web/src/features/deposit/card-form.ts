// Screen 19's card fields are the contract's deposit request without the hash: all required
// and numeric, expMonth and expYear exactly 2 characters (spec 1 section 5). The card number
// is typed in groups of four; only its digits are sent. A card the acquirer refuses shows its
// message on the field it is about, and the quote stays open for another card; a quote that can
// take no more cards sends the user back to start the deposit again.
import type { z } from 'zod';
import { ZInitiateDepositRequest } from '@paywallet/contract';
import type { TErrorName } from '@paywallet/contract';

export const ZCardForm = ZInitiateDepositRequest.omit({ hash: true });
export type TCardFormIn = z.input<typeof ZCardForm>;
export type TCardFormOut = z.output<typeof ZCardForm>;

export const CARD_REFUSAL_FIELDS = {
  CARD_NUMBER_INVALID: 'cardNumber',
  CARD_DECLINED: 'cardNumber',
  CARD_INSUFFICIENT_FUNDS: 'cardNumber',
  CARD_EXPIRED: 'expYear',
  CVC_INVALID: 'cvc',
} as const;

/** Refusals after which this quote takes no card: the deposit starts again from its first screen. */
export const QUOTE_CLOSED_REFUSALS: readonly TErrorName[] = ['CARD_ATTEMPTS_EXHAUSTED', 'QUOTE_INVALID'];

/** The longest card number (19 digits) shown in groups of four. */
export const CARD_NUMBER_DIGITS_MAX = 19;

export function groupCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_NUMBER_DIGITS_MAX);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
