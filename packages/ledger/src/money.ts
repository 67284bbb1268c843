// Minor-unit arithmetic. Money is a bigint count of minor units (1/100 of the currency unit by
// default) from the moment it enters the system until it is displayed or serialised: no float
// ever holds an amount. Parsing returns a result value because its input comes from users;
// everything else asserts, because a wrong call there is a bug in our code.

import { assert, INT8_MAX } from './assert.ts';

/** How many minor units make up one hundred percent in basis points (100% = 10 000 bps). */
export const BPS_PER_WHOLE = 10_000n;

/** Minor-unit exponents beyond this are not a currency we hold; it also bounds 10n ** decimals. */
export const DECIMALS_MAX = 18;

/** A longer input string is refused before any parsing work is done. */
export const DECIMAL_INPUT_LENGTH_MAX = 40;

export const MINOR_PARSE_FAILURE_CODES = [
  'AMOUNT_FORMAT_INVALID',
  'AMOUNT_TOO_MANY_DECIMALS',
  'AMOUNT_NEGATIVE',
  'AMOUNT_TOO_LARGE',
] as const;
export type MinorParseFailureCode = (typeof MINOR_PARSE_FAILURE_CODES)[number];

export type MinorParseResult = { ok: true; amountMinor: bigint } | { ok: false; code: MinorParseFailureCode };

export interface FormatMinorOptions {
  /** Put between groups of three whole digits, e.g. "," gives "1,234.50". Default: none. */
  groupSeparator?: string;
  /** Decimals to show; default `decimals`. Fewer rounds half away from zero, more pads zeros. */
  displayDecimals?: number;
}

function assertDecimals(decimals: number, name: string): void {
  assert(Number.isInteger(decimals), `${name} must be an integer, got ${decimals}`);
  assert(decimals >= 0 && decimals <= DECIMALS_MAX, `${name} must be 0..${DECIMALS_MAX}`);
}

const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Parses a plain decimal string ("12", "12.3", "0.05") into minor units: "12.3" -> 1230n.
 * Surrounding spaces are ignored; signs other than "-", exponents, group separators and a
 * bare "." are refused as AMOUNT_FORMAT_INVALID. More fractional digits than `decimals`
 * (even trailing zeros) are refused rather than rounded, so no input is silently changed.
 */
export function toMinor(decimalString: string, decimals = 2): MinorParseResult {
  assertDecimals(decimals, 'decimals');
  if (typeof decimalString !== 'string' || decimalString.length > DECIMAL_INPUT_LENGTH_MAX) {
    return { ok: false, code: 'AMOUNT_FORMAT_INVALID' };
  }
  const match = DECIMAL_PATTERN.exec(decimalString.trim());
  const whole = match?.[2];
  if (match === null || whole === undefined) return { ok: false, code: 'AMOUNT_FORMAT_INVALID' };
  if (match[1] === '-') return { ok: false, code: 'AMOUNT_NEGATIVE' };
  const fraction = match[3] ?? '';
  if (fraction.length > decimals) return { ok: false, code: 'AMOUNT_TOO_MANY_DECIMALS' };

  const scale = 10n ** BigInt(decimals);
  const amountMinor = BigInt(whole) * scale + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (amountMinor > INT8_MAX) return { ok: false, code: 'AMOUNT_TOO_LARGE' };
  assert(amountMinor >= 0n, 'a parsed amount is never negative');
  return { ok: true, amountMinor };
}

/** Parses a percentage string as the database holds it ("2.5") into basis points (250n). */
export function percentToBps(percentString: string): MinorParseResult {
  return toMinor(percentString, 2);
}

function groupThousands(wholeDigits: string, groupSeparator: string): string {
  if (groupSeparator === '') return wholeDigits;
  return wholeDigits.replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator);
}

/**
 * The one display formatter: 1230n -> "12.30", -5n -> "-0.05", with options 123456n ->
 * "1,234.56". `decimals` is the minor-unit exponent of the amount (2 for cents).
 */
export function formatMinor(amountMinor: bigint, decimals = 2, options: FormatMinorOptions = {}): string {
  assert(typeof amountMinor === 'bigint', 'amountMinor must be a bigint');
  assertDecimals(decimals, 'decimals');
  const displayDecimals = options.displayDecimals ?? decimals;
  assertDecimals(displayDecimals, 'displayDecimals');

  const negative = amountMinor < 0n;
  const absoluteMinor = negative ? -amountMinor : amountMinor;
  let scaled: bigint;
  if (displayDecimals >= decimals) {
    scaled = absoluteMinor * 10n ** BigInt(displayDecimals - decimals);
  } else {
    const divisor = 10n ** BigInt(decimals - displayDecimals);
    scaled = (absoluteMinor + divisor / 2n) / divisor;
  }
  const digits = scaled.toString().padStart(displayDecimals + 1, '0');
  const whole = digits.slice(0, digits.length - displayDecimals);
  const fraction = digits.slice(digits.length - displayDecimals);
  const sign = negative && scaled !== 0n ? '-' : '';
  const grouped = groupThousands(whole, options.groupSeparator ?? '');
  return displayDecimals > 0 ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}

/** Formats basis points as a percentage number without the sign: 250n -> "2.50". */
export function formatBps(percentageBps: bigint): string {
  return formatMinor(percentageBps, 2);
}

/**
 * `percentageBps` basis points of `amountMinor`, rounded to a whole minor unit half away from
 * zero: exactly half a minor unit goes up for positive amounts (0.5 -> 1, 1.5 -> 2) and down
 * for negative ones (-0.5 -> -1); anything below half is dropped (0.4999 -> 0). The rounding is
 * symmetric so that the percentage of a refund mirrors the percentage of its payment.
 */
export function percentOf(amountMinor: bigint, percentageBps: bigint): bigint {
  assert(typeof amountMinor === 'bigint', 'amountMinor must be a bigint');
  assert(typeof percentageBps === 'bigint', 'percentageBps must be a bigint');
  assert(percentageBps >= 0n, `percentageBps must not be negative, got ${percentageBps}`);
  const negative = amountMinor < 0n;
  const absoluteMinor = negative ? -amountMinor : amountMinor;
  const roundedMinor = (absoluteMinor * percentageBps + BPS_PER_WHOLE / 2n) / BPS_PER_WHOLE;
  return negative ? -roundedMinor : roundedMinor;
}

/**
 * Reads a minor-unit amount from a JSON number at the edge (the spec sends amount x 100).
 * Only safe integers are amounts; 12.5 or 1e300 are refused as AMOUNT_FORMAT_INVALID.
 */
export function minorFromWire(value: number): MinorParseResult {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    return { ok: false, code: 'AMOUNT_FORMAT_INVALID' };
  }
  if (value < 0) return { ok: false, code: 'AMOUNT_NEGATIVE' };
  return { ok: true, amountMinor: BigInt(value) };
}

/** Writes a minor-unit amount as a JSON number; beyond 2^53 a number would lose cents. */
export function minorToWire(amountMinor: bigint): number {
  assert(typeof amountMinor === 'bigint', 'amountMinor must be a bigint');
  const safeMax = BigInt(Number.MAX_SAFE_INTEGER);
  assert(amountMinor <= safeMax && amountMinor >= -safeMax, `${amountMinor} is not JSON-safe`);
  // eslint-disable-next-line habits/no-number-on-money -- this is the one place money becomes a number, checked just above
  return Number(amountMinor);
}
