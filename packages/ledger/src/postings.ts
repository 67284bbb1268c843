// Posting builders: each returns the ledger entries of one kind of movement (ARCHITECTURE.md
// section 4) as plain data, for the server to insert together with the balance updates.
//
// Sign convention: amountMinor < 0 decreases the account's balance (a debit from the account's
// point of view), > 0 increases it. The entries of a movement sum to zero per currency; every
// builder asserts that before it returns. System accounts have one bucket, 'available'.
// Entries of zero (a fee-free method, no reserve) are left out: an entry always moves money.

import { assert, assertPositiveMinor } from './assert.ts';
import { assertCharges } from './fees.ts';
import type { Charges } from './fees.ts';

export const SYSTEM_ACCOUNTS = ['gateway', 'fees', 'vat', 'payouts'] as const;
/** gateway: card clearing; fees: fee revenue; vat: VAT payable; payouts: money sent to banks. */
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef = { kind: 'wallet'; walletId: string } | { kind: 'system'; system: SystemAccount };

export type Bucket = 'available' | 'on_hold';

export interface LedgerEntry {
  account: AccountRef;
  bucket: Bucket;
  /** Signed: negative decreases the account's balance, positive increases it. */
  amountMinor: bigint;
  currency: string;
}

/** The entries of one movement; never empty, sums to zero per currency. */
export type Entries = readonly LedgerEntry[];

const CURRENCY_PATTERN = /^[A-Z][A-Z0-9]{1,11}$/;

function wallet(walletId: string): AccountRef {
  assert(typeof walletId === 'string' && walletId.length > 0, 'walletId must be non-empty');
  return { kind: 'wallet', walletId };
}

function system(name: SystemAccount): AccountRef {
  return { kind: 'system', system: name };
}

/** Sums the entries per currency; a balanced movement maps every currency to 0n. */
export function sumByCurrency(entries: Entries): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const entry of entries) {
    assert(typeof entry.amountMinor === 'bigint', 'entry amountMinor must be a bigint');
    sums.set(entry.currency, (sums.get(entry.currency) ?? 0n) + entry.amountMinor);
  }
  return sums;
}

/** Throws unless the entries of every currency sum to zero (double entry). */
export function assertBalanced(entries: Entries): void {
  for (const [currency, sumMinor] of sumByCurrency(entries)) {
    assert(sumMinor === 0n, `entries in ${currency} sum to ${sumMinor}, not 0`);
  }
}

/** Drops zero entries, checks what every movement must satisfy, and freezes the result. */
function finish(currency: string, entries: LedgerEntry[]): Entries {
  assert(CURRENCY_PATTERN.test(currency), `currency must be a currency code, got "${currency}"`);
  const moving = entries.filter((entry) => entry.amountMinor !== 0n);
  assert(moving.length >= 2, 'a movement has at least two entries');
  assert(
    moving.every((entry) => entry.currency === currency),
    'a single-currency movement has one currency',
  );
  assertBalanced(moving);
  return Object.freeze(moving.map((entry) => Object.freeze(entry)));
}

function entry(account: AccountRef, bucket: Bucket, amountMinor: bigint, currency: string): LedgerEntry {
  return { account, bucket, amountMinor, currency };
}

/** Charges F and V credited to fee revenue and VAT payable. */
function chargeEntries(charges: Charges, currency: string): LedgerEntry[] {
  return [entry(system('fees'), 'available', charges.feeMinor, currency), entry(system('vat'), 'available', charges.vatMinor, currency)];
}

export interface DepositInput {
  walletId: string;
  currency: string;
  /** From quoteCharges; a deposit normally has the charges paid on top (not deducted). */
  charges: Charges;
}

/** Deposit by card A, fee F, VAT V: gateway -(A+F+V); wallet +A; fees +F; vat +V. */
export function depositEntries(input: DepositInput): Entries {
  assertCharges(input.charges);
  const { charges, currency } = input;
  return finish(currency, [
    entry(system('gateway'), 'available', -charges.totalDebitMinor, currency),
    entry(wallet(input.walletId), 'available', charges.amountMinor, currency),
    ...chargeEntries(charges, currency),
  ]);
}

export interface SendMoneyInput {
  payerWalletId: string;
  payeeWalletId: string;
  currency: string;
  /** From quoteCharges; its mode decides who bears the charges. */
  charges: Charges;
}

/**
 * Send money. Payer pays the charges: payer -(A+F+V); payee +A. Charges deducted: payer -A;
 * payee +(A-F-V). Both: fees +F; vat +V. The quote's totalDebitMinor and amountMinor already
 * hold the two sides of either mode.
 */
export function sendMoneyEntries(input: SendMoneyInput): Entries {
  assertCharges(input.charges);
  assert(input.payerWalletId !== input.payeeWalletId, 'payer and payee must be two wallets');
  const { charges, currency } = input;
  return finish(currency, [
    entry(wallet(input.payerWalletId), 'available', -charges.totalDebitMinor, currency),
    entry(wallet(input.payeeWalletId), 'available', charges.amountMinor, currency),
    ...chargeEntries(charges, currency),
  ]);
}

export interface MerchantCardPaymentInput {
  merchantWalletId: string;
  currency: string;
  /** From quoteCharges with the charges deducted: totalDebitMinor is the card amount X. */
  charges: Charges;
}

/** Card payment X to a merchant (link, API, POS): gateway -X; on-hold +(X-F-V); fees; vat. */
export function merchantCardPaymentEntries(input: MerchantCardPaymentInput): Entries {
  assertCharges(input.charges);
  const { charges, currency } = input;
  return finish(currency, [
    entry(system('gateway'), 'available', -charges.totalDebitMinor, currency),
    entry(wallet(input.merchantWalletId), 'on_hold', charges.amountMinor, currency),
    ...chargeEntries(charges, currency),
  ]);
}

export interface AggregateSettlementInput {
  merchantWalletId: string;
  /** The merchant's rolling-reserve wallet (is_default 2). */
  reserveWalletId: string;
  currency: string;
  settledMinor: bigint;
  /** 0n when the merchant has no rolling reserve. */
  reserveMinor: bigint;
}

/** Aggregate settlement S with reserve R (0 <= R <= S): on-hold -S; available +(S-R); reserve wallet +R. */
export function aggregateSettlementEntries(input: AggregateSettlementInput): Entries {
  const { currency, settledMinor, reserveMinor } = input;
  assertPositiveMinor(settledMinor, 'settledMinor');
  // R = S is a 100% reserve: the available entry is 0 and left out.
  assert(reserveMinor >= 0n && reserveMinor <= settledMinor, 'reserveMinor must be 0 <= R <= S');
  assert(input.merchantWalletId !== input.reserveWalletId, 'the reserve is a separate wallet');
  const merchant = wallet(input.merchantWalletId);
  return finish(currency, [
    entry(merchant, 'on_hold', -settledMinor, currency),
    entry(merchant, 'available', settledMinor - reserveMinor, currency),
    entry(wallet(input.reserveWalletId), 'available', reserveMinor, currency),
  ]);
}

export interface RollingReserveReleaseInput {
  merchantWalletId: string;
  reserveWalletId: string;
  currency: string;
  releasedMinor: bigint;
}

/** Rolling reserve release R (type 14): reserve wallet -R; merchant available +R. */
export function rollingReserveReleaseEntries(input: RollingReserveReleaseInput): Entries {
  assertPositiveMinor(input.releasedMinor, 'releasedMinor');
  assert(input.merchantWalletId !== input.reserveWalletId, 'the reserve is a separate wallet');
  const { currency, releasedMinor } = input;
  return finish(currency, [
    entry(wallet(input.reserveWalletId), 'available', -releasedMinor, currency),
    entry(wallet(input.merchantWalletId), 'available', releasedMinor, currency),
  ]);
}

export interface DirectSettlementInput {
  merchantWalletId: string;
  currency: string;
  settledMinor: bigint;
}

/** Direct settlement S, paid to the merchant's bank: on-hold -S; payouts +S. */
export function directSettlementEntries(input: DirectSettlementInput): Entries {
  assertPositiveMinor(input.settledMinor, 'settledMinor');
  const { currency, settledMinor } = input;
  return finish(currency, [
    entry(wallet(input.merchantWalletId), 'on_hold', -settledMinor, currency),
    entry(system('payouts'), 'available', settledMinor, currency),
  ]);
}

export interface RefundInput {
  merchantWalletId: string;
  currency: string;
  refundMinor: bigint;
  /** 'available' when that bucket covers the refund, else 'on_hold' (the caller decides). */
  fromBucket: Bucket;
}

/** Refund R of a payment: merchant (available, else on-hold) -R; gateway +R. */
export function refundEntries(input: RefundInput): Entries {
  assertPositiveMinor(input.refundMinor, 'refundMinor');
  assert(input.fromBucket === 'available' || input.fromBucket === 'on_hold', 'unknown bucket');
  const { currency, refundMinor } = input;
  return finish(currency, [
    entry(wallet(input.merchantWalletId), input.fromBucket, -refundMinor, currency),
    entry(system('gateway'), 'available', refundMinor, currency),
  ]);
}

export interface WithdrawalInput {
  walletId: string;
  currency: string;
  withdrawalMinor: bigint;
}

/** Withdrawal request W: available -W; on-hold +W (held until paid or rejected). */
export function withdrawalRequestEntries(input: WithdrawalInput): Entries {
  assertPositiveMinor(input.withdrawalMinor, 'withdrawalMinor');
  const account = wallet(input.walletId);
  const { currency, withdrawalMinor } = input;
  return finish(currency, [entry(account, 'available', -withdrawalMinor, currency), entry(account, 'on_hold', withdrawalMinor, currency)]);
}

/** Withdrawal W paid to the bank: on-hold -W; payouts +W. */
export function withdrawalPaidEntries(input: WithdrawalInput): Entries {
  assertPositiveMinor(input.withdrawalMinor, 'withdrawalMinor');
  const { currency, withdrawalMinor } = input;
  return finish(currency, [
    entry(wallet(input.walletId), 'on_hold', -withdrawalMinor, currency),
    entry(system('payouts'), 'available', withdrawalMinor, currency),
  ]);
}

/** Withdrawal W rejected: on-hold -W; available +W (the request undone). */
export function withdrawalRejectedEntries(input: WithdrawalInput): Entries {
  assertPositiveMinor(input.withdrawalMinor, 'withdrawalMinor');
  const account = wallet(input.walletId);
  const { currency, withdrawalMinor } = input;
  return finish(currency, [entry(account, 'on_hold', -withdrawalMinor, currency), entry(account, 'available', withdrawalMinor, currency)]);
}
