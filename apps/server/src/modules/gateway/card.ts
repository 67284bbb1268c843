// A payment card as it travels through the server. The full number and the CVC live only in
// private fields of a PaymentCard for the length of one request: serialised (JSON, a logger,
// util.inspect) it shows the masked number and the brand, never the secrets. What is stored
// anywhere is the brand, the first six and the last four digits (DECISIONS 19).
import util from 'node:util';
import { assertNever } from '@paywallet/ledger';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'card';

export const CARD_CHECK_FAILURE_CODES = ['CARD_NUMBER_INVALID', 'CARD_EXPIRED', 'CVC_INVALID'] as const;
export type CardCheckFailureCode = (typeof CARD_CHECK_FAILURE_CODES)[number];

export interface CardInput {
  holderName: string;
  /** Digits only (the contract strips spaces and dashes). */
  number: string;
  /** Two digits, '01'..'12'. */
  expMonth: string;
  /** Two digits: '27' is 2027. */
  expYear: string;
  cvc: string;
}

const CARD_NUMBER_PATTERN = /^\d{12,19}$/;
const TWO_DIGITS = /^\d{2}$/;
const CVC_PATTERN = /^\d{3,4}$/;

export class PaymentCard {
  readonly #number: string;
  readonly #cvc: string;
  readonly holderName: string;
  readonly expMonth: number;
  /** Four digits. */
  readonly expYear: number;
  readonly brand: CardBrand;
  readonly maskedNumber: string;

  private constructor(input: CardInput) {
    this.#number = input.number;
    this.#cvc = input.cvc;
    this.holderName = input.holderName;
    this.expMonth = Number(input.expMonth);
    this.expYear = 2000 + Number(input.expYear);
    this.brand = cardBrand(input.number);
    this.maskedNumber = maskCardNumber(input.number);
  }

  /** Checks number (Luhn), expiry and CVC; a card that fails is never built. */
  static check(input: CardInput, now = new Date()): { ok: true; card: PaymentCard } | { ok: false; code: CardCheckFailureCode } {
    if (!CARD_NUMBER_PATTERN.test(input.number) || !luhnValid(input.number)) return { ok: false, code: 'CARD_NUMBER_INVALID' };
    if (!TWO_DIGITS.test(input.expMonth) || !TWO_DIGITS.test(input.expYear)) return { ok: false, code: 'CARD_EXPIRED' };
    const month = Number(input.expMonth);
    if (month < 1 || month > 12 || isExpired(month, 2000 + Number(input.expYear), now)) return { ok: false, code: 'CARD_EXPIRED' };
    if (!CVC_PATTERN.test(input.cvc)) return { ok: false, code: 'CVC_INVALID' };
    return { ok: true, card: new PaymentCard(input) };
  }

  /** The full number, for the acquirer only. */
  revealNumber(): string {
    return this.#number;
  }

  /** The CVC, for the acquirer only. */
  revealCvc(): string {
    return this.#cvc;
  }

  get lastFour(): string {
    return this.#number.slice(-4);
  }

  toJSON(): { brand: CardBrand; maskedNumber: string } {
    return { brand: this.brand, maskedNumber: this.maskedNumber };
  }

  toString(): string {
    return `${this.brand} ${this.maskedNumber}`;
  }

  [util.inspect.custom](): string {
    return `PaymentCard(${this.toString()})`;
  }
}

/** The user-facing message of a failed card check. */
export function cardCheckMessage(code: CardCheckFailureCode): string {
  switch (code) {
    case 'CARD_NUMBER_INVALID':
      return 'The card number is invalid.';
    case 'CARD_EXPIRED':
      return 'The card has expired.';
    case 'CVC_INVALID':
      return 'The CVC is invalid.';
    default:
      return assertNever(code);
  }
}

/** A card is valid through the last day of its expiry month. */
function isExpired(month: number, year: number, now: Date): boolean {
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  return year < nowYear || (year === nowYear && month < nowMonth);
}

/** The Luhn (mod 10) check digit test. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand from the BIN: Visa 4; Mastercard 51-55 and 2221-2720; Amex 34 and 37. */
export function cardBrand(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  if (two >= 51 && two <= 55) return 'mastercard';
  const four = Number(digits.slice(0, 4));
  if (four >= 2221 && four <= 2720) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  return 'card';
}

/** First six, six stars, last four: '424242******4242'. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}******${digits.slice(-4)}`;
}
