// Money on screen. The server speaks minor units (spec 1 section 9: divided by 100 for
// display, multiplied by 100 when sent); these functions do both conversions on decimal
// strings and integers only, so no float ever holds an amount ('0.29' is 29, never 28.999…).
//
// Everything shown goes through formatMinor: one formatter, one look (DECISIONS 16: two
// decimals unless the deployment says otherwise).

/** Displayed decimals for amounts, fees and VAT (DECISIONS 16). */
export const DISPLAY_DECIMALS = 2;

/**
 * How many decimals the screens show for amounts and for fees and VAT (DECISIONS 16): settings
 * of the deployment, read from get-app-config at start; 2 until then.
 */
const shownDecimals = { amount: DISPLAY_DECIMALS, fee: DISPLAY_DECIMALS };
const SHOWN_DECIMALS_MAX = 6;

export function configureShownDecimals(settings: { amountDecimalPlaces: number; feesDecimalPlaces: number }): void {
  const clamp = (n: number) => (Number.isInteger(n) && n >= 0 && n <= SHOWN_DECIMALS_MAX ? n : DISPLAY_DECIMALS);
  shownDecimals.amount = clamp(settings.amountDecimalPlaces);
  shownDecimals.fee = clamp(settings.feesDecimalPlaces);
}

/**
 * An amount of minor units (`exponent` digits after the point) shown with the configured
 * decimals: padded with zeros when more are shown ('12.340'), rounded half away from zero
 * when fewer ('12.3'). Display only: what is sent is never rounded.
 */
export function formatShown(amountMinor: number, kind: 'amount' | 'fee' = 'amount', exponent = DISPLAY_DECIMALS): string {
  const shown = shownDecimals[kind];
  if (!Number.isSafeInteger(amountMinor)) return '—';
  if (shown === exponent) return formatMinor(amountMinor, exponent);
  if (shown > exponent) {
    const text = formatMinor(amountMinor, exponent);
    return `${text}${exponent === 0 ? '.' : ''}${'0'.repeat(shown - exponent)}`;
  }
  const divisor = 10 ** (exponent - shown);
  const magnitude = Math.abs(amountMinor);
  const rounded = Math.floor(magnitude / divisor) + (2 * (magnitude % divisor) >= divisor ? 1 : 0);
  return formatMinor(amountMinor < 0 ? -rounded : rounded, shown);
}

/** A longer input is refused before any parsing work is done. */
const AMOUNT_INPUT_CHARS_MAX = 20;

/** The decAmount rule of spec 1 section 5: digits with at most one decimal point. */
const DECIMAL_TEXT = /^(\d*)(?:\.(\d*))?$/;

function groupThousands(wholeDigits: string): string {
  return wholeDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * 123450 -> '1,234.50', -5 -> '-0.05', 0 -> '0.00'. `decimals` is the minor-unit exponent of
 * the currency (2 for cents). A value that is not a whole number of minor units is a bug in
 * whoever passed it; it is shown as '—' rather than as a wrong amount.
 */
export function formatMinor(amountMinor: number, decimals = DISPLAY_DECIMALS): string {
  if (!Number.isSafeInteger(amountMinor) || !Number.isInteger(decimals) || decimals < 0) return '—';
  const negative = amountMinor < 0;
  const digits = String(Math.abs(amountMinor)).padStart(decimals + 1, '0');
  const whole = groupThousands(digits.slice(0, digits.length - decimals));
  const fraction = digits.slice(digits.length - decimals);
  const sign = negative ? '-' : '';
  return decimals > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/**
 * What the user typed, in minor units: '12.34' -> 1234, '12' -> 1200, '.5' -> 50, '7.' -> 700.
 * Undefined for anything that is not a plain non-negative decimal with at most `decimals`
 * fractional digits: nothing is rounded, so what is sent is exactly what was typed.
 */
export function parseAmountToMinor(text: string, decimals = DISPLAY_DECIMALS): number | undefined {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > AMOUNT_INPUT_CHARS_MAX) return undefined;
  const match = DECIMAL_TEXT.exec(trimmed);
  if (!match) return undefined;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return undefined;
  if (fraction.length > decimals) return undefined;
  const minor = Number(`${whole}${fraction.padEnd(decimals, '0')}`);
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** An amount in minor units as the text an amount field starts from: 1200 -> '12.00'. */
export function minorToInput(amountMinor: number, decimals = DISPLAY_DECIMALS): string {
  return formatMinor(amountMinor, decimals).replace(/,/g, '');
}

/** Hundredths of a percent from the server's percentage number: 2.5 -> 250 (rounded once). */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}

/** Basis points as a percentage text without the sign: 250 -> '2.50'. */
export function formatBps(percentageBps: number): string {
  return formatMinor(percentageBps, 2);
}
