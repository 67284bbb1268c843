// The words of send money and request money: one message per refusal of the ledger core's quote.
import { assertNever, type QuoteFailureCode } from '@paywallet/ledger';
import { formatMoney } from '../../lib/display-text.ts';
import { dailyLimitLeftMinor } from '../payment-methods/payment-methods.service.ts';

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
      const leftMinor = dailyLimitLeftMinor(limits.dailyLimitMinor, limits.usedTodayMinor);
      return `This exceeds your daily limit of ${money(limits.dailyLimitMinor)}. You can still send ${money(leftMinor)} today.`;
    }
    case 'CHARGES_EXCEED_AMOUNT':
      return 'The charges exceed the amount.';
    default:
      return assertNever(code);
  }
}
