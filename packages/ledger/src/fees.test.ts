import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { depositFeeDisplay, quoteCharges } from './fees.ts';
import type { PaymentMethodPrivilege } from './fees.ts';
import { amountMinorArbitrary, privilegeArbitrary, vatBpsArbitrary } from './test-arbitraries.ts';

// 2.5% provider + 0.5% gateway, 1.00 + 0.50 fixed, no limits.
const examplePrivilege: PaymentMethodPrivilege = {
  vpPercentageBps: 250n,
  gwPercentageBps: 50n,
  vpFixedMinor: 100n,
  gwFixedMinor: 50n,
  minAmountMinor: 0n,
  maxAmountMinor: 0n,
  dailyLimitMinor: 0n,
};

function quote(amountMinor: bigint, deduct: boolean, overrides: Partial<PaymentMethodPrivilege> = {}) {
  return quoteCharges({
    amountMinor,
    privilege: { ...examplePrivilege, ...overrides },
    vatBps: 500n,
    deductChargesFromAmount: deduct,
    usedTodayMinor: 0n,
  });
}

describe('quoteCharges worked examples', () => {
  it('adds fee and VAT on top when the payer pays the charges', () => {
    // Proves fee = 3% of 10000 + 150 = 450, VAT = 5% of 450 = 22.5 rounded up to 23, payer pays 10473.
    expect(quote(10_000n, false)).toEqual({
      ok: true,
      amountMinor: 10_000n,
      feeMinor: 450n,
      vatMinor: 23n,
      totalDebitMinor: 10_473n,
    });
  });

  it('takes fee and VAT out of the amount when the charges are deducted', () => {
    // Proves the same charges come out of the amount: the payee receives 10000 - 450 - 23 = 9527.
    expect(quote(10_000n, true)).toEqual({
      ok: true,
      amountMinor: 9_527n,
      feeMinor: 450n,
      vatMinor: 23n,
      totalDebitMinor: 10_000n,
    });
  });

  it('rounds the summed percentage once, half up', () => {
    // Proves 3% of 50 = 1.5 rounds to 2 (not 1.25 -> 1 plus 0.25 -> 0 = 1 when rounded per part).
    const result = quote(50n, false, { vpFixedMinor: 0n, gwFixedMinor: 0n });
    expect(result).toMatchObject({ ok: true, feeMinor: 2n, vatMinor: 0n, totalDebitMinor: 52n });
    // VAT of a fee of 10 at 5% is exactly 0.5 and rounds up to 1.
    const vatHalf = quote(10n, false, {
      vpPercentageBps: 0n,
      gwPercentageBps: 0n,
      vpFixedMinor: 10n,
      gwFixedMinor: 0n,
    });
    expect(vatHalf).toMatchObject({ ok: true, feeMinor: 10n, vatMinor: 1n, totalDebitMinor: 21n });
    // A fee of 9 at 5% is 0.45 and rounds down to 0.
    const vatBelowHalf = quote(10n, false, {
      vpPercentageBps: 0n,
      gwPercentageBps: 0n,
      vpFixedMinor: 9n,
      gwFixedMinor: 0n,
    });
    expect(vatBelowHalf).toMatchObject({
      ok: true,
      feeMinor: 9n,
      vatMinor: 0n,
      totalDebitMinor: 19n,
    });
  });

  it('charges nothing on a fee-free method', () => {
    // Proves a zero privilege moves the amount unchanged in both modes.
    const free = { vpPercentageBps: 0n, gwPercentageBps: 0n, vpFixedMinor: 0n, gwFixedMinor: 0n };
    expect(quote(1n, true, free)).toEqual({
      ok: true,
      amountMinor: 1n,
      feeMinor: 0n,
      vatMinor: 0n,
      totalDebitMinor: 1n,
    });
  });
});

describe('quoteCharges refusals', () => {
  it('refuses each limit with its own code', () => {
    // Proves the limit checks and that 0n means "no maximum" and "no daily limit".
    expect(quote(0n, false)).toEqual({ ok: false, code: 'AMOUNT_NOT_POSITIVE' });
    expect(quote(-5n, false)).toEqual({ ok: false, code: 'AMOUNT_NOT_POSITIVE' });
    expect(quote(999n, false, { minAmountMinor: 1_000n })).toEqual({
      ok: false,
      code: 'AMOUNT_BELOW_MINIMUM',
    });
    expect(quote(1_000n, false, { minAmountMinor: 1_000n }).ok).toBe(true);
    expect(quote(5_001n, false, { maxAmountMinor: 5_000n })).toEqual({
      ok: false,
      code: 'AMOUNT_ABOVE_MAXIMUM',
    });
    expect(quote(5_000n, false, { maxAmountMinor: 5_000n }).ok).toBe(true);
    expect(quote(10n ** 12n, false).ok).toBe(true);
  });

  it('counts what was already used today against the daily limit', () => {
    // Proves used + amount may reach the daily limit but not pass it.
    const base = {
      privilege: { ...examplePrivilege, dailyLimitMinor: 50_000n },
      vatBps: 500n,
      deductChargesFromAmount: false,
    };
    expect(quoteCharges({ ...base, amountMinor: 10_000n, usedTodayMinor: 40_000n }).ok).toBe(true);
    expect(quoteCharges({ ...base, amountMinor: 10_001n, usedTodayMinor: 40_000n })).toEqual({
      ok: false,
      code: 'DAILY_LIMIT_EXCEEDED',
    });
  });

  it('refuses deducted charges that would leave the payee nothing', () => {
    // Proves an amount of 150 with a fixed fee of 150 (+ VAT) cannot be sent with charges deducted.
    expect(quote(150n, true)).toEqual({ ok: false, code: 'CHARGES_EXCEED_AMOUNT' });
    expect(quote(150n, false).ok).toBe(true);
    // Charges exactly equal to the amount (fixed 100, no percentage, no VAT) leave 0: refused too.
    const exact = {
      vpPercentageBps: 0n,
      gwPercentageBps: 0n,
      vpFixedMinor: 100n,
      gwFixedMinor: 0n,
    };
    const noVat = {
      privilege: { ...examplePrivilege, ...exact },
      vatBps: 0n,
      deductChargesFromAmount: true,
      usedTodayMinor: 0n,
    };
    expect(quoteCharges({ ...noVat, amountMinor: 100n })).toEqual({
      ok: false,
      code: 'CHARGES_EXCEED_AMOUNT',
    });
    expect(quoteCharges({ ...noVat, amountMinor: 101n })).toMatchObject({
      ok: true,
      amountMinor: 1n,
    });
  });

  it('treats a broken privilege as a programmer error', () => {
    // Proves negative or over-100% settings stop with an assertion rather than a quote.
    expect(() => quote(100n, false, { vpFixedMinor: -1n })).toThrow(/vpFixedMinor/);
    expect(() => quote(100n, false, { vpPercentageBps: 9_000n, gwPercentageBps: 1_001n })).toThrow(/100%/);
  });
});

describe('quoteCharges invariants', () => {
  it('keeps total debit = credited + fee + VAT with nothing negative, in both modes', () => {
    // Proves the quote's accounting identity for random privileges, VAT rates and amounts.
    fc.assert(
      fc.property(
        amountMinorArbitrary,
        privilegeArbitrary,
        vatBpsArbitrary,
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        (amountMinor, privilege, vatBps, deduct, usedTodayMinor) => {
          const result = quoteCharges({
            amountMinor,
            privilege,
            vatBps,
            deductChargesFromAmount: deduct,
            usedTodayMinor,
          });
          if (!result.ok) return;
          expect(result.totalDebitMinor).toBe(result.amountMinor + result.feeMinor + result.vatMinor);
          expect(result.amountMinor > 0n).toBe(true);
          expect(result.feeMinor >= 0n && result.vatMinor >= 0n).toBe(true);
          expect(result.vatMinor <= result.feeMinor).toBe(true);
          // The side that is not charged is exactly the amount entered.
          expect(deduct ? result.totalDebitMinor : result.amountMinor).toBe(amountMinor);
        },
      ),
    );
  });

  it('gives the same charges in both modes, and refuses deducted mode only when charges use it all up', () => {
    // Proves the mode only moves who bears the charges, and CHARGES_EXCEED_AMOUNT is exact.
    fc.assert(
      fc.property(amountMinorArbitrary, privilegeArbitrary, vatBpsArbitrary, (amountMinor, privilege, vatBps) => {
        const input = { amountMinor, privilege, vatBps, usedTodayMinor: 0n };
        const onTop = quoteCharges({ ...input, deductChargesFromAmount: false });
        const deducted = quoteCharges({ ...input, deductChargesFromAmount: true });
        if (!onTop.ok) {
          expect(deducted).toEqual(onTop);
          return;
        }
        const chargesMinor = onTop.feeMinor + onTop.vatMinor;
        if (chargesMinor >= amountMinor) {
          expect(deducted).toEqual({ ok: false, code: 'CHARGES_EXCEED_AMOUNT' });
        } else {
          expect(deducted).toEqual({
            ...onTop,
            amountMinor: amountMinor - chargesMinor,
            totalDebitMinor: amountMinor,
          });
        }
      }),
    );
  });
});

describe('depositFeeDisplay', () => {
  it('shows the summed percentage and the summed fixed charges divided by 100', () => {
    // Proves the spec's deposit fee line: 2.5% + 0.5% = 3.00 and 100 + 50 minor = 1.50.
    expect(depositFeeDisplay(examplePrivilege)).toEqual({
      percentageBps: 300n,
      fixedMinor: 150n,
      percentageText: '3.00',
      fixedText: '1.50',
    });
    expect(depositFeeDisplay(examplePrivilege, 3).fixedText).toBe('1.500');
  });
});
