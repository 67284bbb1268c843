// A pay refused because the link stopped taking payments while the page was open (another payer
// paid a single-use link, it expired, the merchant switched it off): the page shows the link's
// new state at once, as if it had been opened now, instead of an error under the form.
import type { TCheckout } from '@paywallet/contract';

const CLOSED_STATES: Readonly<Record<string, Exclude<TCheckout['state'], 'payable'>>> = {
  LINK_ALREADY_PAID: 'paid',
  LINK_EXPIRED: 'expired',
  LINK_INACTIVE: 'inactive',
};

/** The checkout as it stands after such a refusal, or undefined when the refusal is of another kind. */
export function closedCheckout(checkout: TCheckout, reason: string, message: string): TCheckout | undefined {
  const state = CLOSED_STATES[reason];
  return state === undefined ? undefined : { ...checkout, state, stateMessage: message, attemptUuid: null };
}
