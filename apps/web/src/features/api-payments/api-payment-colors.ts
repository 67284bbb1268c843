// The colour of an API payment's status (DECISIONS 48): 1 Initiated neutral, 2 Paid success,
// 3 Expired warning, 4 Failed danger. A paid payment is never red. The badge is the light variant,
// whose text the theme darkens to 4.5:1 (app/theme.ts, readableLightColor): white on a filled
// green 9 or orange 9 is only 4.4:1, which axe refused on the Api Payment screen.
import { API_PAYMENT_STATUS, type TApiPaymentRowStatus } from '@paywallet/contract';

export const API_PAYMENT_STATUS_COLOR = {
  [API_PAYMENT_STATUS.INITIATED]: 'gray',
  [API_PAYMENT_STATUS.PAID]: 'green',
  [API_PAYMENT_STATUS.EXPIRED]: 'orange',
  [API_PAYMENT_STATUS.FAILED]: 'red',
} as const satisfies Record<TApiPaymentRowStatus, string>;

/** The badge colour of a row's status; a number the contract does not name reads neutral. */
export function apiPaymentStatusColor(status: number): string {
  return (API_PAYMENT_STATUS_COLOR as Readonly<Record<number, string>>)[status] ?? 'gray';
}
