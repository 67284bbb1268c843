// Fee and VAT rules of a money movement.
//
// Units: amounts are bigint minor units; percentages are bigint basis points (hundredths of a
// percent), so the database's "2.5" (%) is 250n (see percentToBps in money.ts).
//
// Rounding, in this order and nowhere else:
//   1. percentFeeMinor = percentOf(amountMinor, vpPercentageBps + gwPercentageBps): the two
//      percentages are added first and rounded once, so a fee never carries two roundings.
//   2. feeMinor = percentFeeMinor + vpFixedMinor + gwFixedMinor (integers, no rounding).
//   3. vatMinor = percentOf(feeMinor, vatBps): VAT is charged on the fee only, never on the
//      amount, and rounded once.
//   percentOf rounds half away from zero to a whole minor unit: 22.5 -> 23, 22.4999 -> 22.
//   Example: 10 000 at 2.5% + 0.5% with fixed 100 + 50 and VAT 5%: fee = 300 + 150 = 450,
//   VAT = 22.5 -> 23.
//
// Charges mode:
//   paid by the payer:     payer pays amount + fee + VAT, payee receives amount.
//   deducted from amount:  payer pays amount, payee receives amount - fee - VAT, which must
//                          stay above zero (else CHARGES_EXCEED_AMOUNT).
// Limits (minimum, maximum, daily) apply to the amount the payer entered, in both modes.

import { assert, assertNonNegativeMinor, assertPositiveMinor, INT8_MAX } from './assert.ts';
import { BPS_PER_WHOLE, formatBps, formatMinor, percentOf } from './money.ts';

/** The fee settings of one payment method in one currency (the spec's privileges[0]). */
export interface PaymentMethodPrivilege {
  /** The platform's (provider's) percentage, the spec's vp_percentage_charges. */
  vpPercentageBps: bigint;
  /** The gateway's percentage, the spec's gw_percentage_charges. */
  gwPercentageBps: bigint;
  vpFixedMinor: bigint;
  gwFixedMinor: bigint;
  minAmountMinor: bigint;
  /** 0n means no maximum. */
  maxAmountMinor: bigint;
  /** 0n means no daily limit. */
  dailyLimitMinor: bigint;
}

export interface QuoteChargesInput {
  /** The amount the payer entered. */
  amountMinor: bigint;
  privilege: PaymentMethodPrivilege;
  vatBps: bigint;
  deductChargesFromAmount: boolean;
  /** What this payer already moved today with this method, counted against dailyLimitMinor. */
  usedTodayMinor: bigint;
}

/** The money of a movement: what the payee receives, the charges, and what leaves the payer. */
export interface Charges {
  /** What the payee (or wallet) receives. */
  amountMinor: bigint;
  feeMinor: bigint;
  vatMinor: bigint;
  /** What leaves the payer: always amountMinor + feeMinor + vatMinor. */
  totalDebitMinor: bigint;
}

export const QUOTE_FAILURE_CODES = [
  'AMOUNT_NOT_POSITIVE',
  'AMOUNT_BELOW_MINIMUM',
  'AMOUNT_ABOVE_MAXIMUM',
  'DAILY_LIMIT_EXCEEDED',
  'CHARGES_EXCEED_AMOUNT',
] as const;
export type QuoteFailureCode = (typeof QUOTE_FAILURE_CODES)[number];

export type QuoteChargesResult = ({ ok: true } & Charges) | { ok: false; code: QuoteFailureCode };

/** Asserts that a privilege read from the database is a sane configuration. */
export function assertPrivilege(privilege: PaymentMethodPrivilege): void {
  assertNonNegativeMinor(privilege.vpPercentageBps, 'vpPercentageBps');
  assertNonNegativeMinor(privilege.gwPercentageBps, 'gwPercentageBps');
  assert(
    privilege.vpPercentageBps + privilege.gwPercentageBps <= BPS_PER_WHOLE,
    'the percentage charges of a privilege must not exceed 100%',
  );
  assertNonNegativeMinor(privilege.vpFixedMinor, 'vpFixedMinor');
  assertNonNegativeMinor(privilege.gwFixedMinor, 'gwFixedMinor');
  assertNonNegativeMinor(privilege.minAmountMinor, 'minAmountMinor');
  assertNonNegativeMinor(privilege.maxAmountMinor, 'maxAmountMinor');
  assertNonNegativeMinor(privilege.dailyLimitMinor, 'dailyLimitMinor');
}

/** The fee and the VAT on it for `amountMinor`, rounded as the comment above this file says. */
export function computeCharges(
  amountMinor: bigint,
  privilege: PaymentMethodPrivilege,
  vatBps: bigint,
): { feeMinor: bigint; vatMinor: bigint } {
  const percentageBps = privilege.vpPercentageBps + privilege.gwPercentageBps;
  const feeMinor = percentOf(amountMinor, percentageBps) + privilege.vpFixedMinor + privilege.gwFixedMinor;
  const vatMinor = percentOf(feeMinor, vatBps);
  assert(feeMinor >= 0n && vatMinor >= 0n, 'charges are never negative');
  assert(vatMinor <= feeMinor, 'VAT of at most 100% never exceeds the fee');
  return { feeMinor, vatMinor };
}

function checkLimits(input: QuoteChargesInput): QuoteFailureCode | undefined {
  const { amountMinor, privilege, usedTodayMinor } = input;
  if (amountMinor <= 0n) return 'AMOUNT_NOT_POSITIVE';
  if (amountMinor < privilege.minAmountMinor) return 'AMOUNT_BELOW_MINIMUM';
  if (privilege.maxAmountMinor > 0n && amountMinor > privilege.maxAmountMinor) {
    return 'AMOUNT_ABOVE_MAXIMUM';
  }
  if (privilege.dailyLimitMinor > 0n && usedTodayMinor + amountMinor > privilege.dailyLimitMinor) {
    return 'DAILY_LIMIT_EXCEEDED';
  }
  return undefined;
}

/**
 * Quotes a movement of `amountMinor`: checks the privilege's limits, computes fee and VAT and
 * splits them according to the charges mode. Expected refusals are returned as codes.
 */
export function quoteCharges(input: QuoteChargesInput): QuoteChargesResult {
  assert(typeof input.amountMinor === 'bigint', 'amountMinor must be a bigint');
  assert(input.amountMinor <= INT8_MAX, 'amountMinor exceeds int8');
  assertPrivilege(input.privilege);
  assertNonNegativeMinor(input.vatBps, 'vatBps');
  assert(input.vatBps <= BPS_PER_WHOLE, 'vatBps must not exceed 100%');
  assertNonNegativeMinor(input.usedTodayMinor, 'usedTodayMinor');

  const failure = checkLimits(input);
  if (failure !== undefined) return { ok: false, code: failure };

  const { feeMinor, vatMinor } = computeCharges(input.amountMinor, input.privilege, input.vatBps);
  const chargesMinor = feeMinor + vatMinor;
  const charges: Charges = input.deductChargesFromAmount
    ? {
        amountMinor: input.amountMinor - chargesMinor,
        feeMinor,
        vatMinor,
        totalDebitMinor: input.amountMinor,
      }
    : {
        amountMinor: input.amountMinor,
        feeMinor,
        vatMinor,
        totalDebitMinor: input.amountMinor + chargesMinor,
      };
  if (charges.amountMinor <= 0n) return { ok: false, code: 'CHARGES_EXCEED_AMOUNT' };
  if (charges.totalDebitMinor > INT8_MAX) return { ok: false, code: 'AMOUNT_ABOVE_MAXIMUM' };
  assertCharges(charges);
  return { ok: true, ...charges };
}

/** Asserts the shape every builder relies on: a positive credit and a debit that adds up. */
export function assertCharges(charges: Charges): void {
  assertPositiveMinor(charges.amountMinor, 'amountMinor');
  assertNonNegativeMinor(charges.feeMinor, 'feeMinor');
  assertNonNegativeMinor(charges.vatMinor, 'vatMinor');
  assertPositiveMinor(charges.totalDebitMinor, 'totalDebitMinor');
  assert(
    charges.totalDebitMinor === charges.amountMinor + charges.feeMinor + charges.vatMinor,
    'totalDebitMinor must equal amountMinor + feeMinor + vatMinor',
  );
}

export interface DepositFeeDisplay {
  /** vp + gw percentage. */
  percentageBps: bigint;
  /** vp + gw fixed charges. */
  fixedMinor: bigint;
  /** e.g. "3.00" (the percentage, without the % sign). */
  percentageText: string;
  /** e.g. "1.50" (the fixed charges divided by 100). */
  fixedText: string;
}

/**
 * The fee line of the deposit screen (spec 1, section 9): the sum of the provider and gateway
 * percentages, plus the sum of the fixed charges divided by 100. `displayDecimals` is the
 * deployment's feesDecimalPlaces (default 2).
 */
export function depositFeeDisplay(privilege: PaymentMethodPrivilege, displayDecimals = 2): DepositFeeDisplay {
  assertPrivilege(privilege);
  const percentageBps = privilege.vpPercentageBps + privilege.gwPercentageBps;
  const fixedMinor = privilege.vpFixedMinor + privilege.gwFixedMinor;
  return {
    percentageBps,
    fixedMinor,
    percentageText: formatBps(percentageBps),
    fixedText: formatMinor(fixedMinor, 2, { displayDecimals }),
  };
}
