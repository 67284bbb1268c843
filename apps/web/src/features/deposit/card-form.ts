// Screen 19's card fields are the contract's deposit request without the hash: all required
// and numeric, expMonth and expYear exactly 2 characters (spec 1 section 5). The card number
// is typed in groups of four; only its digits are sent.
import type { z } from 'zod';
import { ZInitiateDepositRequest } from '@paywallet/contract';

export const ZCardForm = ZInitiateDepositRequest.omit({ hash: true });
export type TCardFormIn = z.input<typeof ZCardForm>;
export type TCardFormOut = z.output<typeof ZCardForm>;

export const CARD_FIELDS = ['cardHolderName', 'cardNumber', 'expMonth', 'expYear', 'cvc'] as const;

/** The longest card number (19 digits) shown in groups of four. */
export const CARD_NUMBER_DIGITS_MAX = 19;

export function groupCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_NUMBER_DIGITS_MAX);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

