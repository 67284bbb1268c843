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

export function Amount({ minor, currency, decimals = DISPLAY_DECIMALS, direction, ...textProps }: AmountProps) {
  const sign = direction === undefined ? '' : direction < 0 ? '−' : '+';
  // Shade 9: the lighter shades fall under 4.5:1 on white (WCAG AA).
  const color = direction === undefined ? undefined : direction < 0 ? 'red.9' : 'teal.9';
  return (
    <Text component="span" inherit c={color} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} {...textProps}>
      {sign}
      {formatAmount(direction === undefined ? minor : Math.abs(minor), currency, decimals)}
    </Text>
  );
}
