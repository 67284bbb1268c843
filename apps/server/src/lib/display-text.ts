// How an amount and a person's name read in messages and notifications: one way each, for
// every module.
import { formatMinor } from '@paywallet/ledger';

/** "AED 1,234.50": the one way an amount appears in a message or a notification. */
export function formatMoney(amountMinor: bigint, currencyCode: string, decimals: number): string {
  return `${currencyCode} ${formatMinor(amountMinor, decimals, { groupSeparator: ',' })}`;
}

export function fullName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}
