// Proves the charges card tells the truth for every status: a failed or expired transaction
// says nothing was charged (never 'No charges apply' above a fee), a pending one that nothing
// was charged yet, a successful one what was charged (the fee and VAT even without charge
// rows), and 'No charges apply' only when there were none.
import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { TTransactionDetail } from '@paywallet/contract';
import { chargesView } from './charges-view.ts';

function detail(overrides: Partial<TTransactionDetail>): TTransactionDetail {
  return {
    uuid: 'a1',
    refrence: null,
    reference_id: null,
    gateway_reference_id: null,
    transaction_type_id: 1,
    transaction_type: { name: 'Deposit' },
    status: TRANSACTION_STATUS.SUCCESS,
    status_str: 'Success',
    settlement_status: null,
    amount: 10_000,
    fee: 350,
    vat: 18,
    total_amount: 10_368,
    currency: { code: 'AED' },
    direction: 1,
    sender_account_title: null,
    sender_account_number: null,
    sender_user_id: null,
    receiver_account_title: 'Omar Nasser',
    receiver_account_number: '1000001',
    receiver_user_id: 7,
    card_holder_name: 'OMAR NASSER',
    card_number: '400000******0002',
    client_reference: null,
    customer: null,
    refunded_transaction: null,
    created_at: '2026-01-01T00:00:00Z',
    sender: null,
    receiver: null,
    settlement_date: null,
    payment_method: { name: 'Card' },
    aquiring: null,
    schema: null,
    country_code: null,
    approval_code: null,
    failureReason: null,
    charges_transactions: [],
    supportEmail: 'support@example.com',
    ...overrides,
  };
}

describe('chargesView', () => {
  it('says nothing was charged for a failed or expired transaction, whatever fee it was priced at', () => {
    expect(chargesView(detail({ status: TRANSACTION_STATUS.FAILED }))).toEqual({ kind: 'not-charged', outcome: 'failed' });
    expect(chargesView(detail({ status: TRANSACTION_STATUS.EXPIRED }))).toEqual({ kind: 'not-charged', outcome: 'expired' });
  });

  it('shows a pending transaction its charges as still to come', () => {
    expect(chargesView(detail({ status: TRANSACTION_STATUS.PENDING }))).toEqual({
      kind: 'pending',
      lines: [
        { name: 'Fee', type: 'fee', charges: 350 },
        { name: 'VAT', type: 'vat', charges: 18 },
      ],
    });
  });

  it("shows a successful transaction's charge rows, or its fee and VAT when it kept none", () => {
    const row = {
      uuid: 'a1',
      name: 'Card fee',
      type: 'fee' as const,
      charges: 350,
      amount: 350,
      total_amount: 350,
      sender_account_title: 'Omar Nasser',
      sender_user_id: 7,
      receiver_account_title: 'Fees',
      receiver_user_id: null,
    };
    expect(chargesView(detail({ charges_transactions: [row] }))).toEqual({
      kind: 'charged',
      lines: [{ name: 'Card fee', type: 'fee', charges: 350 }],
    });
    expect(chargesView(detail({}))).toMatchObject({ kind: 'charged', lines: [{ type: 'fee' }, { type: 'vat' }] });
  });

  it("says 'No charges apply' only when there were none", () => {
    expect(chargesView(detail({ fee: 0, vat: 0, total_amount: 10_000 }))).toEqual({ kind: 'free' });
  });
});
