// What a merchant pays the platform on a card payment: per scheme (VISA, MASTERCARD, AMEX: the
// payment methods of type CARD_SCHEME) and currency, a percentage of the amount and a fixed
// part; VAT on the fee at the platform's VAT rate (the deposits' VAT_BPS). The fee and VAT are
// deducted from the payment: the merchant receives amount - fee - VAT. A scheme or currency
// without a schedule takes no payment (AMEX is seeded without one).
import { BPS_PER_WHOLE, formatBps, formatMinor, minorToWire, percentOf } from '@paywallet/ledger';
import type { TMerchantFeeRow, TUpdateFeeScheduleInput } from '@paywallet/contract';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fail } from '../../transport/errors.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import * as repository from './fees.repository.ts';

/** The platform's VAT rate when the caller does not pass the deployment's (config VAT_BPS). */
export const DEFAULT_VAT_BPS = 500n;

export interface MerchantFeeQuote {
  feeMinor: bigint;
  vatMinor: bigint;
  /** What the merchant receives: amount - fee - VAT (may be <= 0: the caller refuses it). */
  netMinor: bigint;
}

/** fee = percentOf(amount, bps) + fixed; VAT = percentOf(fee, vatBps); one rounding each. */
export function merchantFeeOf(amountMinor: bigint, fee: { percentageBps: bigint; fixedMinor: bigint }, vatBps: bigint): MerchantFeeQuote {
  const feeMinor = percentOf(amountMinor, fee.percentageBps) + fee.fixedMinor;
  const vatMinor = percentOf(feeMinor, vatBps);
  return { feeMinor, vatMinor, netMinor: amountMinor - feeMinor - vatMinor };
}

/**
 * The fee of a payment of `amountMinor` by a card of `schemeId` in `currency`. Fails
 * CURRENCY_NOT_SUPPORTED for an unknown currency and CARD_SCHEME_NOT_SUPPORTED when the
 * merchant has no active fee for that scheme in that currency. `vatBps` defaults to 5%;
 * chargeCard passes the deployment's.
 */
export async function quoteMerchantFee(
  db: Queryable,
  input: { merchantUserId: bigint; schemeId: number; currency: string; amountMinor: bigint; vatBps?: bigint },
): Promise<MerchantFeeQuote> {
  const price = await findCardPrice(db, { merchantUserId: input.merchantUserId, currency: input.currency, scheme: { id: input.schemeId } });
  if (!price) fail('CURRENCY_NOT_SUPPORTED', { currency: input.currency });
  if (!price.fee) fail('CARD_SCHEME_NOT_SUPPORTED');
  return merchantFeeOf(input.amountMinor, price.fee, input.vatBps ?? DEFAULT_VAT_BPS);
}

/** The card scheme of each card brand (gateway/card.ts names); a brand not here has none. */
const BRAND_SCHEMES: Record<string, string> = { visa: 'VISA', mastercard: 'MASTERCARD', amex: 'AMEX' };

/** What prices a card payment: its currency, the card's scheme and the merchant's fee for them (findCardPrice). */
export interface CardPrice {
  currency: { id: number; code: string; decimals: number };
  /** Undefined when no active scheme covers the card's brand. */
  scheme: { id: number; name: string; code: string } | undefined;
  /** Undefined when the merchant has no active fee for the scheme in the currency. */
  fee: { percentageBps: bigint; fixedMinor: bigint } | undefined;
}

/**
 * The currency (by its code), the scheme (of a card brand, gateway/card.ts's names; or by id)
 * and the merchant's fee, in one read; undefined for an unknown currency. The caller refuses what
 * is missing, in its own order.
 */
export async function findCardPrice(
  db: Queryable,
  input: { merchantUserId: bigint; currency: string; scheme: { id: number } | { brand: string } },
): Promise<CardPrice | undefined> {
  const scheme = 'id' in input.scheme ? input.scheme : { code: BRAND_SCHEMES[input.scheme.brand] ?? null };
  const row = await repository.findCardPrice(db, { merchantUserId: input.merchantUserId, currencyCode: input.currency, scheme });
  if (!row) return undefined;
  return {
    currency: { id: row.currency_id, code: row.currency_code, decimals: row.currency_decimals },
    scheme:
      row.scheme_id === null || row.scheme_name === null || row.scheme_code === null
        ? undefined
        : { id: row.scheme_id, name: row.scheme_name, code: row.scheme_code },
    fee:
      row.percentage_bps === null || row.fixed_minor === null
        ? undefined
        : { percentageBps: BigInt(row.percentage_bps), fixedMinor: row.fixed_minor },
  };
}

/** Currencies the merchant has a fee schedule in. */
export async function allowedCurrencies(db: Queryable, merchantUserId: bigint): Promise<{ id: number; code: string }[]> {
  return repository.listFeeCurrencies(db, merchantUserId);
}

/**
 * The card schemes the merchant takes in a currency (those with an active fee). `channelId` is
 * part of the agreed signature for per-channel schemes later; every channel takes the same today.
 */
export async function allowedSchemes(
  db: Queryable,
  input: { merchantUserId: bigint; currencyId: number; channelId: bigint },
): Promise<{ id: number; name: string; code: string }[]> {
  return repository.listFeeSchemes(db, input.merchantUserId, input.currencyId);
}

export async function findCurrency(db: Queryable, code: string): Promise<{ id: number; code: string; decimals: number } | undefined> {
  return repository.findCurrencyByCode(db, code);
}

// ---- the console: a merchant's schedule ----------------------------------------------------

function feeRowView(row: repository.FeeScheduleRow): TMerchantFeeRow {
  return {
    id: Number(row.id),
    schemeId: row.scheme_id,
    schemeName: row.scheme_name,
    schemeCode: row.scheme_code,
    currencyId: row.currency_id,
    currency: row.currency_code,
    percentage: Number(formatBps(BigInt(row.percentage_bps))),
    percentageBps: row.percentage_bps,
    fixed: minorToWire(row.fixed_minor),
    fixedText: formatMinor(row.fixed_minor, row.currency_decimals),
    active: row.active,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function getMerchantFees(
  deps: Deps,
  merchantUserId: bigint,
): Promise<{ merchantId: number; fees: TMerchantFeeRow[]; schemes: { id: number; name: string; code: string }[] }> {
  if (!(await repository.isMerchant(deps.db, merchantUserId))) fail('MERCHANT_NOT_FOUND');
  const rows = await repository.listMerchantFees(deps.db, merchantUserId);
  return { merchantId: Number(merchantUserId), fees: rows.map(feeRowView), schemes: await repository.listSchemes(deps.db) };
}

/** Sets fees of a merchant's schedule (each row inserted or replaced), audited, in one transaction. */
export async function updateMerchantFees(
  deps: Deps,
  audit: AuditTrail,
  input: TUpdateFeeScheduleInput,
): Promise<{ merchantId: number; fees: TMerchantFeeRow[]; schemes: { id: number; name: string; code: string }[] }> {
  const merchantUserId = BigInt(input.merchantId);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repository.isMerchant(trx, merchantUserId))) fail('MERCHANT_NOT_FOUND');
    const schemes = new Map((await repository.listSchemes(trx)).map((scheme) => [scheme.id, scheme]));
    for (const fee of input.fees) {
      if (!schemes.has(fee.schemeId)) fail('MERCHANT_FEE_INVALID', { problem: 'The selected card scheme is invalid.' });
      const currency = await repository.findCurrencyByCode(trx, fee.currency);
      if (!currency) fail('MERCHANT_FEE_INVALID', { problem: 'The selected currency is invalid.' });
      if (BigInt(fee.percentageBps) > BPS_PER_WHOLE) fail('MERCHANT_FEE_INVALID', { problem: 'The percentage cannot exceed 100.' });
      await repository.upsertMerchantFee(trx, {
        merchantUserId,
        schemeId: fee.schemeId,
        currencyId: currency.id,
        percentageBps: fee.percentageBps,
        fixedMinor: BigInt(fee.fixed),
        active: fee.active,
      });
    }
    await audit.record(trx, {
      subject: { type: 'merchant', id: String(merchantUserId) },
      detail: { fees: input.fees.map((fee) => ({ ...fee })) },
    });
  });
  return getMerchantFees(deps, merchantUserId);
}
