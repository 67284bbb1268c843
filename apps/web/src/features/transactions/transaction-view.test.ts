// Proves the display rules of spec 2 Transactions by type: 6 Refunded and negative (amount + VAT
// + fee), 11 Adjusted and negative when the holder sent it, 13 and 14 a reference badge, and the
// payable amount (amount − VAT − fee) when the charges came out of the payment; and the
// settlement status words of the details (1 initiated, 2 canceled, 3 done, other pending).
import { describe, expect, it } from 'vitest';
import type { TTransactionRow } from '@paywallet/contract';
import { hasPaymentAttempts, payableOf, settlementStatusWord } from './transaction-view.ts';

function row(overrides: Partial<TTransactionRow>): TTransactionRow {
  return {
    uuid: 'a1',
    refrence: null,
    reference_id: null,
    gateway_reference_id: null,
    transaction_type_id: 8,
    transaction_type: { name: 'Payment link payment' },
    status: 1,
    status_str: 'Success',
    settlement_status: null,
    amount: 10_000,
    fee: 250,
    vat: 13,
    total_amount: 10_000,
    currency: { code: 'AED' },
    direction: 1,
    sender_account_title: null,
    sender_account_number: null,
    sender_user_id: null,
    receiver_account_title: 'Shop',
    receiver_account_number: null,
    receiver_user_id: 7,
    card_holder_name: null,
    card_number: null,
    client_reference: null,
    customer: null,
    charges_transactions: [],
    refunded_transaction: null,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('hasPaymentAttempts', () => {
  it('is true for the merchant card payments only (payment link, merchant API, POS)', () => {
    expect([8, 9, 10].map(hasPaymentAttempts)).toEqual([true, true, true]);
    expect([1, 2, 3, 4, 5, 6, 7, 11, 12, 13, 14].some(hasPaymentAttempts)).toBe(false);
  });
});

describe('payableOf', () => {
  it('shows a fee-inclusive payment as amount − VAT − fee', () => {
    expect(payableOf(row({}))).toEqual({ minor: 10_000 - 13 - 250, sign: 1, label: null, badge: null });
  });

  it('shows a refund as Refunded and negative: amount + VAT + fee', () => {
    expect(payableOf(row({ transaction_type_id: 6, amount: 4_000, fee: 0, vat: 0, direction: -1 }))).toEqual({
      minor: 4_000,
      sign: -1,
      label: 'Refunded',
      badge: null,
    });
    expect(payableOf(row({ transaction_type_id: 6, amount: 4_000, fee: 100, vat: 5 })).minor).toBe(4_105);
  });

  it('shows an adjustment the holder sent as Adjusted and negative, and one received as is', () => {
    expect(payableOf(row({ transaction_type_id: 11, direction: -1, fee: 0, vat: 0 }))).toMatchObject({ sign: -1, label: 'Adjusted' });
    expect(payableOf(row({ transaction_type_id: 11, direction: 1, fee: 0, vat: 0 }))).toMatchObject({ sign: 1, label: null });
  });

  it('gives a rolling-reserve hold or release its reference as a badge', () => {
    expect(payableOf(row({ transaction_type_id: 13, refrence: 'RR-1', fee: 0, vat: 0 })).badge).toBe('RR-1');
    expect(payableOf(row({ transaction_type_id: 14, reference_id: 'RR-2', fee: 0, vat: 0 })).badge).toBe('RR-2');
  });

  it('signs a row as the server’s direction says: settlements and releases in, a reserve hold unsigned', () => {
    // docs/transactions.md "Direction": 12 and 14 come to the merchant (+1), 13 moves between their own wallets (0).
    const own = { fee: 0, vat: 0, total_amount: 10_000 };
    expect(payableOf(row({ ...own, transaction_type_id: 12, direction: 1 }))).toMatchObject({ minor: 10_000, sign: 1 });
    expect(payableOf(row({ ...own, transaction_type_id: 14, direction: 1, reference_id: 'RR-2' }))).toMatchObject({
      minor: 10_000,
      sign: 1,
    });
    expect(payableOf(row({ ...own, transaction_type_id: 13, direction: 0, reference_id: 'RR-3' }))).toMatchObject({
      minor: 10_000,
      sign: 0,
    });
    expect(payableOf(row({ ...own, transaction_type_id: 7, direction: -1 }))).toMatchObject({ minor: 10_000, sign: -1 });
  });

  it('shows what a payer paid: the total with the charges', () => {
    expect(payableOf(row({ transaction_type_id: 3, direction: -1, total_amount: 10_263 }))).toMatchObject({ minor: 10_263, sign: -1 });
  });
});

describe('settlementStatusWord', () => {
  it('reads 1 initiated, 2 canceled, 3 done and anything else pending', () => {
    expect([1, 2, 3, 0, null, 9].map(settlementStatusWord)).toEqual(['Initiated', 'Canceled', 'Done', 'Pending', 'Pending', 'Pending']);
  });
});
