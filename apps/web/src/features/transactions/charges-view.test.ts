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
    receiver_account_title: 'Omar Nasser',
    receiver_account_number: '1000001',
    card_number: '400000******0002',
    created_at: '2026-01-01T00:00:00Z',
    sender: null,
    receiver: null,
    settlement_date: null,
    payment_method: { name: 'Card' },
    failure_reason: null,
    charges: [],
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
    const rows = [{ name: 'Card fee', type: 'fee', charges: 350 }];
    expect(chargesView(detail({ charges: rows }))).toEqual({ kind: 'charged', lines: rows });
    expect(chargesView(detail({}))).toMatchObject({ kind: 'charged', lines: [{ type: 'fee' }, { type: 'vat' }] });
  });

  it("says 'No charges apply' only when there were none", () => {
    expect(chargesView(detail({ fee: 0, vat: 0, total_amount: 10_000 }))).toEqual({ kind: 'free' });
  });
});
