// Proves the wallet rules of the shell and the money forms (DECISIONS 1): the rolling-reserve
// wallet reads 'CODE / RR' and is never preselected for paying, whatever was chosen; a form
// preselects the wallet chosen in the top bar when it offers it, else the default wallet; the
// top bar falls back to the default when the chosen wallet is gone.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WALLET_KIND } from '@paywallet/contract';
import type { TWallet } from '@paywallet/contract';
import { defaultWallet, paymentWallets, pickPreselectedWallet, shellWallet, walletLabel } from './wallets.ts';

function wallet(id: number, code: string, kind: number): TWallet {
  return {
    id,
    currency_id: id,
    currency: { id, code, decimals: 2 },
    is_default: kind,
    user_id: 1,
    account_number: `PW${id}`,
    available_balance: 0,
    balance_on_hold: 0,
  };
}

const AED = wallet(1, 'AED', WALLET_KIND.DEFAULT);
const USD = wallet(2, 'USD', WALLET_KIND.ORDINARY);
const AED_RR = wallet(3, 'AED', WALLET_KIND.ROLLING_RESERVE);
const MERCHANT = [AED_RR, USD, AED];

describe('walletLabel', () => {
  it("labels the rolling-reserve wallet 'CODE / RR' and the others by their code", () => {
    expect(walletLabel(AED_RR)).toBe('AED / RR');
    expect(walletLabel(AED)).toBe('AED');
    expect(walletLabel(USD)).toBe('USD');
  });
});

describe('defaultWallet and paymentWallets', () => {
  it('finds the default wallet wherever it is, and leaves the reserve out of paying', () => {
    expect(defaultWallet(MERCHANT)).toBe(AED);
    expect(defaultWallet([AED_RR, USD])).toBe(USD);
    expect(paymentWallets(MERCHANT)).toEqual([USD, AED]);
  });
});

describe('shellWallet', () => {
  it('shows the chosen wallet, the reserve included, and the default when the choice is gone', () => {
    expect(shellWallet(MERCHANT, USD.id)).toBe(USD);
    expect(shellWallet(MERCHANT, AED_RR.id)).toBe(AED_RR);
    expect(shellWallet(MERCHANT, 999)).toBe(AED);
    expect(shellWallet(MERCHANT, undefined)).toBe(AED);
  });
});

describe('pickPreselectedWallet', () => {
  it('preselects the chosen wallet when the form offers it, else the default wallet', () => {
    expect(pickPreselectedWallet(MERCHANT, USD.id)).toBe(USD);
    expect(pickPreselectedWallet(MERCHANT, undefined)).toBe(AED);
    // A form paying a USD request offers only USD: the chosen AED wallet is not among them.
    expect(pickPreselectedWallet([USD], AED.id)).toBe(USD);
    expect(pickPreselectedWallet([], AED.id)).toBeUndefined();
  });

  it('never preselects the rolling-reserve wallet, even when it is the chosen one or the only one', () => {
    expect(pickPreselectedWallet(MERCHANT, AED_RR.id)).toBe(AED);
    expect(pickPreselectedWallet([AED_RR], AED_RR.id)).toBeUndefined();
    const kinds = fc.constantFrom(WALLET_KIND.ORDINARY, WALLET_KIND.DEFAULT, WALLET_KIND.ROLLING_RESERVE);
    fc.assert(
      fc.property(fc.array(kinds, { maxLength: 6 }), fc.option(fc.nat(7), { nil: undefined }), (walletKinds, chosenId) => {
        const wallets = walletKinds.map((kind, index) => wallet(index, 'AED', kind));
        const picked = pickPreselectedWallet(wallets, chosenId);
        expect(picked?.is_default).not.toBe(WALLET_KIND.ROLLING_RESERVE);
        // Something is preselected whenever the form offers a wallet that may pay.
        expect(picked === undefined).toBe(paymentWallets(wallets).length === 0);
      }),
      { seed: 8, numRuns: 300 },
    );
  });
});
