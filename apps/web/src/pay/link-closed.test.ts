// Proves a pay refused because the link closed meanwhile turns into the link's state at once:
// a second payer on a paid single-use link sees Already paid, not an error under the form.
import { describe, expect, it } from 'vitest';
import type { TCheckout } from '@paywallet/contract';
import { closedCheckout } from './link-closed.ts';

const OPEN = { state: 'payable', stateMessage: null, attemptUuid: 'a1b2' } as unknown as TCheckout;

describe('a link that closed while its page was open', () => {
  it('reads as paid, expired or inactive with the server’s message, and offers no form', () => {
    expect(closedCheckout(OPEN, 'LINK_ALREADY_PAID', 'This payment link has already been paid.')).toMatchObject({
      state: 'paid',
      stateMessage: 'This payment link has already been paid.',
      attemptUuid: null,
    });
    expect(closedCheckout(OPEN, 'LINK_EXPIRED', 'This payment link has expired.')?.state).toBe('expired');
    expect(closedCheckout(OPEN, 'LINK_INACTIVE', 'This payment link is no longer active.')?.state).toBe('inactive');
  });

  it('leaves any other refusal to the form', () => {
    expect(closedCheckout(OPEN, 'CARD_DECLINED', 'Declined.')).toBeUndefined();
  });
});
