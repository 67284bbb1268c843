// Payment methods of a currency (payment_methods ⨝ currency_payment_methods ⨝ privileges): what
// a deposit or a transfer may use, with its charges and limits. Only active methods of active
// currency links are ever offered or priced.
import { assertNever, type PaymentMethodPrivilege, type QuoteFailureCode } from '@paywallet/ledger';
import { failure, type AppError } from '../../transport/errors.ts';
import { formatMoney } from '../../lib/display-text.ts';
import type { Queryable } from '../../db/database.ts';
import * as repository from './payment-methods.repository.ts';
import type { PaymentMethodRow, PaymentMethodType } from './payment-methods.repository.ts';

export type { PaymentMethodRow, PaymentMethodType };

/** The active methods of a type in a currency, in their display order. */
export async function listPaymentMethods(db: Queryable, type: PaymentMethodType, currencyId: number): Promise<PaymentMethodRow[]> {
  return repository.listPaymentMethods(db, type, currencyId);
}

/**
 * The active method of a type in a currency: the one asked for by id, or without an id the
 * first in display order (send money has one TRANSFER method, 'WALLET', and names none).
 */
export async function findPaymentMethod(
  db: Queryable,
  type: PaymentMethodType,
  currencyId: number,
  paymentMethodId?: number,
): Promise<PaymentMethodRow | undefined> {
  return repository.findPaymentMethod(db, type, currencyId, paymentMethodId);
}

/** The row's charges and limits as the ledger core prices them. */
export function privilegeOf(row: PaymentMethodRow): PaymentMethodPrivilege {
  return {
    vpPercentageBps: BigInt(row.vp_percentage_bps),
    gwPercentageBps: BigInt(row.gw_percentage_bps),
    vpFixedMinor: row.vp_fixed_minor,
    gwFixedMinor: row.gw_fixed_minor,
    minAmountMinor: row.min_amount_minor,
    maxAmountMinor: row.max_amount_minor,
    dailyLimitMinor: row.daily_limit_minor,
  };
}

/** Daily limits count from midnight UTC. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** What is left of a daily limit after `usedTodayMinor`; never below zero. */
export function dailyLimitLeftMinor(dailyLimitMinor: bigint, usedTodayMinor: bigint): bigint {
  return dailyLimitMinor > usedTodayMinor ? dailyLimitMinor - usedTodayMinor : 0n;
}

/** What a refused quote's message needs: the currency and the method's limits. */
export interface LimitContext {
  currencyCode: string;
  decimals: number;
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  dailyLimitMinor: bigint;
  usedTodayMinor: bigint;
}

/**
 * The named refusal of a quote the ledger core refused (the error names are the core's codes),
 * with the limit it hit written in the currency: one switch for deposits, transfers and requests.
 */
export function quoteRefusal(code: QuoteFailureCode, limits: LimitContext): AppError {
  const money = (amountMinor: bigint) => formatMoney(amountMinor, limits.currencyCode, limits.decimals);
  switch (code) {
    case 'AMOUNT_NOT_POSITIVE':
      return failure('AMOUNT_NOT_POSITIVE');
    case 'AMOUNT_BELOW_MINIMUM':
      return failure('AMOUNT_BELOW_MINIMUM', { minimum: money(limits.minAmountMinor) });
    case 'AMOUNT_ABOVE_MAXIMUM':
      // With no configured maximum only the int8 ceiling is left, which the contract's cap keeps out of reach.
      return failure('AMOUNT_ABOVE_MAXIMUM', { maximum: limits.maxAmountMinor > 0n ? money(limits.maxAmountMinor) : null });
    case 'DAILY_LIMIT_EXCEEDED':
      return failure('DAILY_LIMIT_EXCEEDED', {
        limit: money(limits.dailyLimitMinor),
        left: money(dailyLimitLeftMinor(limits.dailyLimitMinor, limits.usedTodayMinor)),
      });
    case 'CHARGES_EXCEED_AMOUNT':
      return failure('CHARGES_EXCEED_AMOUNT');
    default:
      return assertNever(code);
  }
}
