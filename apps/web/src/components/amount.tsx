// An amount in minor units, shown through the one formatter (lib/money.ts): '1,234.50 AED'.
// With `direction` the amount carries a sign and a colour: +1 money in, -1 money out.
import { Text } from '@mantine/core';
import type { TextProps } from '@mantine/core';
import { DISPLAY_DECIMALS, formatShown } from '../lib/money.ts';

export interface AmountProps extends Omit<TextProps, 'children'> {
  minor: number;
  currency?: string | undefined;
  decimals?: number;
  direction?: number;
  /** A fee or VAT is shown with the deployment's fee decimals. */
  kind?: 'amount' | 'fee';
  /**
   * The currency may go under the figure when the column is too narrow for both (a table that
   * must fit 1280 px with nine-figure amounts); the figure itself never breaks.
   */
  currencyMayWrap?: boolean;
}

/** An amount with the deployment's amount decimals; `decimals` is the currency's minor-unit exponent. */
export function formatAmount(minor: number, currency?: string, decimals = DISPLAY_DECIMALS): string {
  const text = formatShown(minor, 'amount', decimals);
  return currency ? `${text} ${currency}` : text;
}

/** A fee or VAT amount, with the deployment's fee decimals. */
export function formatFee(minor: number, currency?: string): string {
  const text = formatShown(minor, 'fee');
  return currency ? `${text} ${currency}` : text;
}

export function Amount({
  minor,
  currency,
  decimals = DISPLAY_DECIMALS,
  direction,
  kind = 'amount',
  currencyMayWrap,
  ...textProps
}: AmountProps) {
  const sign = direction === undefined ? '' : direction < 0 ? '−' : '+';
  // Shade 9: the lighter shades fall under 4.5:1 on white (WCAG AA).
  const color = direction === undefined ? undefined : direction < 0 ? 'red.9' : 'teal.9';
  const shown = direction === undefined ? minor : Math.abs(minor);
  const text = (withCurrency?: string) => (kind === 'fee' ? formatFee(shown, withCurrency) : formatAmount(shown, withCurrency, decimals));
  if (currencyMayWrap && currency) {
    // Two unbreakable parts with a space between: the line may break there and nowhere else.
    return (
      <Text component="span" inherit c={color} style={{ fontVariantNumeric: 'tabular-nums' }} {...textProps}>
        <span style={{ whiteSpace: 'nowrap' }}>
          {sign}
          {text()}
        </span>{' '}
        <span style={{ whiteSpace: 'nowrap' }}>{currency}</span>
      </Text>
    );
  }
  return (
    <Text component="span" inherit c={color} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} {...textProps}>
      {sign}
      {text(currency)}
    </Text>
  );
}
