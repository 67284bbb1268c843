// Proves the deposit fee line (spec 1 section 9) adds the provider's and the gateway's
// percentages and fixed charges, and shows the fixed part with the deployment's fee decimals
// (DECISIONS 16), not always two.
import { afterEach, describe, expect, it } from 'vitest';
import { configureShownDecimals } from '../../lib/money.ts';
import { depositFeeText } from './deposit-fee.ts';

const PRIVILEGE = {
  vp_percentage_charges: 1.5,
  gw_percentage_charges: 1,
  vp_fixed_charges: 50,
  gw_fixed_charges: 50,
  min_amount: 0,
  max_amount: 0,
  daily_limit: 0,
};

describe('depositFeeText', () => {
  afterEach(() => configureShownDecimals({ amountDecimalPlaces: 2, feesDecimalPlaces: 2 }));

  it('adds both percentages and both fixed charges', () => {
    expect(depositFeeText(PRIVILEGE, 'AED')).toBe('Fee: 2.50% + 1.00 AED (plus VAT on the fee)');
  });

  it('shows the fixed charge with the fee decimals setting', () => {
    configureShownDecimals({ amountDecimalPlaces: 2, feesDecimalPlaces: 3 });
    expect(depositFeeText(PRIVILEGE, 'AED')).toBe('Fee: 2.50% + 1.000 AED (plus VAT on the fee)');
    configureShownDecimals({ amountDecimalPlaces: 2, feesDecimalPlaces: 0 });
    expect(depositFeeText({ ...PRIVILEGE, vp_fixed_charges: 75 }, 'AED')).toBe('Fee: 2.50% + 1 AED (plus VAT on the fee)');
  });
});
