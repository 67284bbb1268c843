// The fee line of the deposit screen (spec 1 section 9): the provider's and the gateway's
// percentages added, plus their fixed charges added and divided by 100:
// 'Fee: 2.50% + 1.00 AED (plus VAT on the fee)'. The fixed part is a fee, so it is shown with
// the deployment's fee decimals (DECISIONS 16: get-app-config's feesDecimalPlaces). VAT is
// charged on the fee only; its rate is a server setting the payment method does not carry, so
// the line names it without a number.
import type { TPaymentMethod } from '@paywallet/contract';
import { formatBps, formatShown, percentToBps } from '../../lib/money.ts';

type Privilege = TPaymentMethod['currency_payment_method'][number]['privileges'][number];

/** The method's fee settings for this currency (the spec's currency_payment_method[0].privileges[0]). */
export function privilegeFor(method: TPaymentMethod, currencyId: number): Privilege | undefined {
  const forCurrency = method.currency_payment_method.find((entry) => entry.currency_id === currencyId) ?? method.currency_payment_method[0];
  return forCurrency?.privileges[0];
}

export function depositFeeText(privilege: Privilege, currencyCode: string): string {
  const percentageBps = percentToBps(privilege.vp_percentage_charges) + percentToBps(privilege.gw_percentage_charges);
  const fixedMinor = privilege.vp_fixed_charges + privilege.gw_fixed_charges;
  return `Fee: ${formatBps(percentageBps)}% + ${formatShown(fixedMinor, 'fee')} ${currencyCode} (plus VAT on the fee)`;
}

/** 'Min 10.00 AED · Max 5,000.00 AED' from the method's limits; 0 means no maximum. */
export function depositLimitsText(privilege: Privilege, currencyCode: string): string | undefined {
  const parts: string[] = [];
  if (privilege.min_amount > 0) parts.push(`Min ${formatShown(privilege.min_amount)} ${currencyCode}`);
  if (privilege.max_amount > 0) parts.push(`Max ${formatShown(privilege.max_amount)} ${currencyCode}`);
  if (privilege.daily_limit > 0) parts.push(`Daily limit ${formatShown(privilege.daily_limit)} ${currencyCode}`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
