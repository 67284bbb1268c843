// The card fields of the checkout form: the number typed in groups of four, the expiry as
// MM/YY, and the checks worth making before the server sees the card (it checks again).

export const CARD_NUMBER_DIGITS_MAX = 19;

export function groupCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_NUMBER_DIGITS_MAX);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as typed: digits only, the slash added after the month. */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The month and the two-digit year of an MM/YY expiry, or undefined when it is not one. */
export function parseExpiry(text: string): { month: string; year: string } | undefined {
  const match = /^(\d{2})\/(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month: match[1]!, year: match[2]! };
}

export function expiryPassed(month: string, year: string, now = new Date()): boolean {
  const fullYear = 2000 + Number(year);
  const thisYear = now.getFullYear();
  return fullYear < thisYear || (fullYear === thisYear && Number(month) < now.getMonth() + 1);
}

/** An amount in minor units as the customer reads it: 'AED 1,250.00'. */
export function formatAmount(amountMinor: number, currency: string, decimals: number): string {
  const major = amountMinor / 10 ** decimals;
  const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(major);
  return `${currency} ${number}`;
}
