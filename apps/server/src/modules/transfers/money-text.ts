// The words of send money and request money: amounts as people read them, and one message per
// refusal of the ledger core's quote.
import { assertNever, formatMinor, type QuoteFailureCode } from '@paywallet/ledger';

/** "AED 1,234.50": the one way an amount appears in a message or a notification. */
export function formatMoney(amountMinor: bigint, currencyCode: string, decimals = 2): string {
  return `${currencyCode} ${formatMinor(amountMinor, decimals, { groupSeparator: ',' })}`;
}

export interface LimitContext {
  currencyCode: string;
  decimals: number;
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  dailyLimitMinor: bigint;
  usedTodayMinor: bigint;
}

export function quoteFailureMessage(code: QuoteFailureCode, limits: LimitContext): string {
  const money = (amountMinor: bigint) => formatMoney(amountMinor, limits.currencyCode, limits.decimals);
  switch (code) {
    case 'AMOUNT_NOT_POSITIVE':
      return 'The amount must be greater than 0';
    case 'AMOUNT_BELOW_MINIMUM':
      return `The minimum amount is ${money(limits.minAmountMinor)}`;
    case 'AMOUNT_ABOVE_MAXIMUM':
      // With no configured maximum only the int8 ceiling is left, which the contract's cap keeps out of reach.
      return limits.maxAmountMinor > 0n ? `The maximum amount is ${money(limits.maxAmountMinor)}` : 'The amount is too large';
    case 'DAILY_LIMIT_EXCEEDED': {
      const leftMinor = limits.dailyLimitMinor > limits.usedTodayMinor ? limits.dailyLimitMinor - limits.usedTodayMinor : 0n;
      return `This exceeds your daily limit of ${money(limits.dailyLimitMinor)}. You can still send ${money(leftMinor)} today.`;
    }
    case 'CHARGES_EXCEED_AMOUNT':
      return 'The charges exceed the amount.';
    default:
      return assertNever(code);
  }
}

export function fullName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}
