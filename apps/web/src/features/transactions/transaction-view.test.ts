import { describe, expect, it } from 'vitest';
import { hasPaymentAttempts } from './transaction-view.ts';

describe('hasPaymentAttempts', () => {
  it('is true for the merchant card payments only (payment link, merchant API, POS)', () => {
    expect([8, 9, 10].map(hasPaymentAttempts)).toEqual([true, true, true]);
    expect([1, 2, 3, 4, 5, 6, 7, 11, 12, 13, 14].some(hasPaymentAttempts)).toBe(false);
  });
});
