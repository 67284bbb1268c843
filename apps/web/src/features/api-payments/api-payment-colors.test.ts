// Proves DECISIONS 48: each API payment status has its own colour, and a paid one is never red.
import { describe, expect, it } from 'vitest';
import { API_PAYMENT_STATUS } from '@paywallet/contract';
import { apiPaymentStatusColor } from './api-payment-colors.ts';

describe('API payment status colours', () => {
  it('reads 1 Initiated neutral, 2 Paid success, 3 Expired warning, 4 Failed danger', () => {
    expect(apiPaymentStatusColor(API_PAYMENT_STATUS.INITIATED)).toBe('gray');
    expect(apiPaymentStatusColor(API_PAYMENT_STATUS.PAID)).toBe('green');
    expect(apiPaymentStatusColor(API_PAYMENT_STATUS.EXPIRED)).toBe('orange');
    expect(apiPaymentStatusColor(API_PAYMENT_STATUS.FAILED)).toBe('red');
  });

  it('never paints a paid payment red, and reads an unknown status as neutral', () => {
    expect(apiPaymentStatusColor(API_PAYMENT_STATUS.PAID)).not.toMatch(/^red/);
    expect(apiPaymentStatusColor(99)).toBe('gray');
  });
});
