import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMinor, minorFromWire, minorToWire, percentOf, percentToBps, toMinor } from './money.ts';

describe('toMinor', () => {
  it('parses plain decimal strings into exact minor units', () => {
    // Proves the worked examples of the parser, including padding of short fractions.
    expect(toMinor('12.3')).toEqual({ ok: true, amountMinor: 1230n });
    expect(toMinor('12')).toEqual({ ok: true, amountMinor: 1200n });
    expect(toMinor('0.05')).toEqual({ ok: true, amountMinor: 5n });
    expect(toMinor(' 7.50 ')).toEqual({ ok: true, amountMinor: 750n });
    expect(toMinor('0')).toEqual({ ok: true, amountMinor: 0n });
    expect(toMinor('1.234', 3)).toEqual({ ok: true, amountMinor: 1234n });
    expect(toMinor('5', 0)).toEqual({ ok: true, amountMinor: 5n });
  });

  it('refuses bad input with a result code instead of throwing', () => {
    // Proves that user input never throws and each kind of bad input has its own code.
    expect(toMinor('12.345')).toEqual({ ok: false, code: 'AMOUNT_TOO_MANY_DECIMALS' });
    expect(toMinor('12.300')).toEqual({ ok: false, code: 'AMOUNT_TOO_MANY_DECIMALS' });
    expect(toMinor('-1.00')).toEqual({ ok: false, code: 'AMOUNT_NEGATIVE' });
    for (const garbage of ['', 'abc', '1,000.00', '1e5', '.5', '5.', '+5', '0x10', '1.2.3', 'NaN']) {
      expect(toMinor(garbage)).toEqual({ ok: false, code: 'AMOUNT_FORMAT_INVALID' });
    }
    expect(toMinor('9'.repeat(41))).toEqual({ ok: false, code: 'AMOUNT_FORMAT_INVALID' });
    expect(toMinor('92233720368547758.08')).toEqual({ ok: false, code: 'AMOUNT_TOO_LARGE' });
    expect(toMinor('92233720368547758.07')).toEqual({
      ok: true,
      amountMinor: 9_223_372_036_854_775_807n,
    });
  });

  it('round-trips with formatMinor for every non-negative amount', () => {
    // Proves that parsing what the formatter printed gives back the same minor units.
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 6 }), (amountMinor, decimals) => {
        expect(toMinor(formatMinor(amountMinor, decimals), decimals)).toEqual({
          ok: true,
          amountMinor,
        });
      }),
    );
  });

  it('reads database percentages as basis points', () => {
    // Proves that the stored "2.5" (%) becomes 250 basis points.
    expect(percentToBps('2.5')).toEqual({ ok: true, amountMinor: 250n });
    expect(percentToBps('0.01')).toEqual({ ok: true, amountMinor: 1n });
    expect(percentToBps('2.555')).toEqual({ ok: false, code: 'AMOUNT_TOO_MANY_DECIMALS' });
  });
});

describe('formatMinor', () => {
  it('formats minor units for display', () => {
    // Proves the formatter's worked examples: padding, sign, grouping and display decimals.
    expect(formatMinor(1230n)).toBe('12.30');
    expect(formatMinor(5n)).toBe('0.05');
    expect(formatMinor(0n)).toBe('0.00');
    expect(formatMinor(-5n)).toBe('-0.05');
    expect(formatMinor(123456789n, 2, { groupSeparator: ',' })).toBe('1,234,567.89');
    expect(formatMinor(-100000n, 2, { groupSeparator: ' ' })).toBe('-1 000.00');
    expect(formatMinor(1230n, 2, { displayDecimals: 3 })).toBe('12.300');
    expect(formatMinor(1235n, 2, { displayDecimals: 1 })).toBe('12.4');
    expect(formatMinor(-1235n, 2, { displayDecimals: 1 })).toBe('-12.4');
    expect(formatMinor(-4n, 2, { displayDecimals: 0 })).toBe('0');
    expect(formatMinor(7n, 0)).toBe('7');
  });

  it('refuses a non-bigint amount as a programmer error', () => {
    // Proves that a number slipping into the money core stops with an assertion.
    expect(() => formatMinor(12 as unknown as bigint)).toThrow(/bigint/);
    expect(() => formatMinor(1n, 2.5)).toThrow(/integer/);
  });
});

describe('percentOf', () => {
  it('rounds half away from zero to whole minor units', () => {
    // Proves the documented rounding on the exact .5 cases and just below them.
    expect(percentOf(10_000n, 250n)).toBe(250n);
    expect(percentOf(1n, 5_000n)).toBe(1n); // 0.5 -> 1
    expect(percentOf(3n, 5_000n)).toBe(2n); // 1.5 -> 2
    expect(percentOf(1n, 4_999n)).toBe(0n); // 0.4999 -> 0
    expect(percentOf(450n, 500n)).toBe(23n); // 22.5 -> 23
    expect(percentOf(449n, 500n)).toBe(22n); // 22.45 -> 22
    expect(percentOf(-1n, 5_000n)).toBe(-1n); // -0.5 -> -1
    expect(percentOf(-3n, 5_000n)).toBe(-2n); // -1.5 -> -2
    expect(percentOf(12_345n, 0n)).toBe(0n);
  });

  it('is within half a minor unit of the exact value and symmetric in sign', () => {
    // Proves the rounding bound |result * 10000 - amount * bps| <= 5000 and percentOf(-a) = -percentOf(a).
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 20_000n }), (amountMinor, bps) => {
        const resultMinor = percentOf(amountMinor, bps);
        const errorScaled = resultMinor * 10_000n - amountMinor * bps;
        expect(errorScaled <= 5_000n && errorScaled >= -5_000n).toBe(true);
        expect(percentOf(-amountMinor, bps)).toBe(-resultMinor);
      }),
    );
  });

  it('refuses negative basis points as a programmer error', () => {
    // Proves that a negative percentage cannot reach the fee arithmetic.
    expect(() => percentOf(100n, -1n)).toThrow(/percentageBps/);
  });
});

describe('wire conversion', () => {
  it('accepts only safe integers from JSON and writes only JSON-safe amounts', () => {
    // Proves the edge conversion never turns a fractional or huge number into money.
    expect(minorFromWire(1250)).toEqual({ ok: true, amountMinor: 1250n });
    expect(minorFromWire(12.5)).toEqual({ ok: false, code: 'AMOUNT_FORMAT_INVALID' });
    expect(minorFromWire(1e300)).toEqual({ ok: false, code: 'AMOUNT_FORMAT_INVALID' });
    expect(minorFromWire(-1)).toEqual({ ok: false, code: 'AMOUNT_NEGATIVE' });
    expect(minorToWire(1250n)).toBe(1250);
    expect(() => minorToWire(2n ** 53n)).toThrow(/JSON-safe/);
  });
});
