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
  const currency = await repository.findCurrencyByCode(db, input.currency);
  if (!currency) fail('CURRENCY_NOT_SUPPORTED', { currency: input.currency });
  const fee = await repository.findMerchantFee(db, input.merchantUserId, input.schemeId, currency.id);
  if (!fee) fail('CARD_SCHEME_NOT_SUPPORTED');
  return merchantFeeOf(
    input.amountMinor,
    { percentageBps: BigInt(fee.percentage_bps), fixedMinor: fee.fixed_minor },
    input.vatBps ?? DEFAULT_VAT_BPS,
  );
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

/** The scheme of a card brand (gateway/card.ts names), or undefined for a brand no scheme covers. */
export async function schemeOfBrand(db: Queryable, brand: string): Promise<{ id: number; name: string; code: string } | undefined> {
  const code = BRAND_SCHEMES[brand];
  return code ? repository.findSchemeByCode(db, code) : undefined;
}

const BRAND_SCHEMES: Record<string, string> = { visa: 'VISA', mastercard: 'MASTERCARD', amex: 'AMEX' };

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
