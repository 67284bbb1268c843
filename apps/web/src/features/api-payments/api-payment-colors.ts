// The colour of an API payment's status (DECISIONS 48): 1 Initiated neutral, 2 Paid success,
// 3 Expired warning, 4 Failed danger. A paid payment is never red. The shades are the dark
// ones, so the filled badge's white label keeps a 4.5:1 contrast.
import { API_PAYMENT_STATUS, type TApiPaymentRowStatus } from '@paywallet/contract';

export const API_PAYMENT_STATUS_COLOR = {
  [API_PAYMENT_STATUS.INITIATED]: 'gray.7',
  [API_PAYMENT_STATUS.PAID]: 'green.9',
  [API_PAYMENT_STATUS.EXPIRED]: 'orange.9',
  [API_PAYMENT_STATUS.FAILED]: 'red.9',
} as const satisfies Record<TApiPaymentRowStatus, string>;

/** The badge colour of a row's status; a number the contract does not name reads neutral. */
export function apiPaymentStatusColor(status: number): string {
  return (API_PAYMENT_STATUS_COLOR as Readonly<Record<number, string>>)[status] ?? 'gray.7';
}
