// Proves the amount rule of the money calls (zAmountMinor, spec 1 section 5 decAmount): a
// missing amount is required, anything that is not numeric says 'Only numeric characters are
// allowed' (never that it is required, never zod's English), and numbers are checked for whole
// minor units, sign and size.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractErrorMap } from './error-map.ts';
import { zAmountMinor } from './money.ts';

const ZBody = z.object({ amount: zAmountMinor });

function outcome(body: Record<string, unknown>): number | string {
  const parsed = ZBody.safeParse(body, { error: contractErrorMap });
  return parsed.success ? parsed.data.amount : (parsed.error.issues[0]?.message ?? '');
}

describe('zAmountMinor', () => {
  it('reads a missing or empty amount as required', () => {
    for (const body of [{}, { amount: undefined }, { amount: null }, { amount: '' }, { amount: '   ' }]) {
      expect(outcome(body)).toBe('The amount field is required');
    }
  });

  it('reads anything not numeric as not numeric', () => {
    for (const amount of ['abc', '12a', '1,000', '-3', '+4', '1e5', '0x10', '1.2.3', true, false, {}, [], [12]]) {
      expect(outcome({ amount }), JSON.stringify(amount)).toBe('Only numeric characters are allowed');
    }
    // A very long text is refused by its length, digits or not.
    expect(outcome({ amount: 'a'.repeat(100_000) })).toBe('Only numeric characters are allowed');
    expect(outcome({ amount: '9'.repeat(100_000) })).toBe('The amount is too large');
  });

  it('takes whole positive minor units, as a number or as digits', () => {
    expect(outcome({ amount: 2550 })).toBe(2550);
    expect(outcome({ amount: ' 2550 ' })).toBe(2550);
    expect(outcome({ amount: 1_000_000_000_00 })).toBe(1_000_000_000_00);
    expect(outcome({ amount: 12.5 })).toBe('The amount may have at most 2 decimal places');
    expect(outcome({ amount: '12.5' })).toBe('The amount may have at most 2 decimal places');
    expect(outcome({ amount: '.5' })).toBe('The amount may have at most 2 decimal places');
    expect(outcome({ amount: '12.' })).toBe(12);
    expect(outcome({ amount: 0 })).toBe('The amount must be greater than 0');
    expect(outcome({ amount: -5 })).toBe('The amount must be greater than 0');
    expect(outcome({ amount: 1_000_000_000_01 })).toBe('The amount is too large');
  });
});
