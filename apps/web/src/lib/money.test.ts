// Proves the web app's money conversions are exact: what the user types is sent as exactly
// that many minor units (no float rounding), and what is shown reads back to the same amount.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configureShownDecimals, formatBps, formatMinor, formatShown, minorToInput, parseAmountToMinor, percentToBps } from './money.ts';
import { zAmountInput } from './amount-input.ts';

describe('parseAmountToMinor', () => {
  it('reads decimal text as minor units without float error', () => {
    expect(parseAmountToMinor('12.34')).toBe(1234);
    expect(parseAmountToMinor('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(parseAmountToMinor('1.00')).toBe(100);
    expect(parseAmountToMinor('12')).toBe(1200);
    expect(parseAmountToMinor('12.')).toBe(1200);
    expect(parseAmountToMinor('.5')).toBe(50);
    expect(parseAmountToMinor(' 7.1 ')).toBe(710);
    expect(parseAmountToMinor('0')).toBe(0);
  });

  it('refuses what is not a plain amount instead of rounding it', () => {
    for (const text of ['', '.', '1.005', '1,000', '-1', '1e3', '12a', '1.2.3', '+5', '99999999999999999999']) {
      expect(parseAmountToMinor(text)).toBeUndefined();
    }
  });

  it('reads back every formatted amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (amountMinor) => {
        expect(parseAmountToMinor(minorToInput(amountMinor))).toBe(amountMinor);
      }),
    );
  });
});

describe('formatMinor', () => {
  it('shows minor units divided by 100 with grouped thousands', () => {
    expect(formatMinor(123450)).toBe('1,234.50');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(100000000)).toBe('1,000,000.00');
    expect(formatMinor(1234, 0)).toBe('1,234');
  });

  it('never shows a wrong amount for a value that is not whole minor units', () => {
    expect(formatMinor(12.5)).toBe('—');
    expect(formatMinor(Number.NaN)).toBe('—');
  });

  it('formats the deposit fee percentages once added', () => {
    expect(formatBps(percentToBps(2.1) + percentToBps(0.2))).toBe('2.30');
    expect(formatBps(percentToBps(2.5) + percentToBps(0))).toBe('2.50');
  });
});

describe('zAmountInput', () => {
  it('turns the amount field into minor units with the spec messages', () => {
    expect(zAmountInput.parse('12.34')).toBe(1234);
    expect(zAmountInput.safeParse('').error?.issues[0]?.message).toBe('The amount field is required');
    expect(zAmountInput.safeParse('12a').error?.issues[0]?.message).toBe('Only numeric characters are allowed');
    expect(zAmountInput.safeParse('1.234').error?.issues[0]?.message).toBe('The amount may have at most 2 decimal places');
    expect(zAmountInput.safeParse('0.00').error?.issues[0]?.message).toBe('The amount must be greater than 0');
  });
});

describe('formatShown', () => {
  it("shows the deployment's decimals: padded when more, rounded half away from zero when fewer", () => {
    configureShownDecimals({ amountDecimalPlaces: 3, feesDecimalPlaces: 1 });
    expect(formatShown(123450)).toBe('1,234.500');
    expect(formatShown(-5)).toBe('-0.050');
    expect(formatShown(1235, 'fee')).toBe('12.4');
    expect(formatShown(1234, 'fee')).toBe('12.3');
    expect(formatShown(-1235, 'fee')).toBe('-12.4');
    configureShownDecimals({ amountDecimalPlaces: 0, feesDecimalPlaces: 9 });
    expect(formatShown(149)).toBe('1');
    expect(formatShown(150)).toBe('2');
    // Out-of-range settings fall back to the default of 2.
    expect(formatShown(150, 'fee')).toBe('1.50');
    configureShownDecimals({ amountDecimalPlaces: 2, feesDecimalPlaces: 2 });
    expect(formatShown(123450)).toBe('1,234.50');
  });
});
