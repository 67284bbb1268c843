import { describe, expect, it } from 'vitest';
import { assertNever } from './assert.ts';
import {
  TRANSACTION_TYPE_IDS,
  TRANSACTION_TYPE_NAMES,
  TransactionType,
  carriesReference,
  isRefundable,
  isTransactionTypeId,
} from './transaction-types.ts';

describe('transaction types', () => {
  it('numbers the types as the architecture does, with 5 unused', () => {
    // Proves the ids stay compatible with the existing client's transaction_type_id.
    expect(TRANSACTION_TYPE_IDS).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(TRANSACTION_TYPE_NAMES[TransactionType.RollingReserveRelease]).toBe('Rolling reserve release');
    expect(isTransactionTypeId(5)).toBe(false);
    expect(isTransactionTypeId(14)).toBe(true);
  });

  it('marks only link, API and POS payments refundable, and only reserve rows as carrying a reference', () => {
    // Proves the refundable set is exactly {8, 9, 10} and the referencing set exactly {13, 14}.
    expect(TRANSACTION_TYPE_IDS.filter(isRefundable)).toEqual([8, 9, 10]);
    expect(TRANSACTION_TYPE_IDS.filter(carriesReference)).toEqual([13, 14]);
  });

  it('makes assertNever throw when an impossible value arrives at run time', () => {
    // Proves an unknown type id from outside the type system stops with an error.
    expect(() => assertNever(99 as never)).toThrow(/99/);
    expect(() => isRefundable(5 as never)).toThrow(/unexpected value 5/);
  });
});
