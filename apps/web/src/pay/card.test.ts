import { describe, expect, it } from 'vitest';
import { expiryPassed, formatAmount, formatExpiry, groupCardNumber, luhnValid, parseExpiry } from './card.ts';

describe('the checkout card fields', () => {
  it('groups the number in fours and keeps at most 19 digits', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4000-0000 0000 3220')).toBe('4000 0000 0000 3220');
    expect(groupCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('types the expiry as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
    expect(parseExpiry('12/30')).toEqual({ month: '12', year: '30' });
    expect(parseExpiry('13/30')).toBeUndefined();
    expect(parseExpiry('1/30')).toBeUndefined();
    expect(expiryPassed('01', '20', new Date('2026-11-24'))).toBe(true);
    expect(expiryPassed('11', '26', new Date('2026-11-24'))).toBe(false);
  });

  it('checks the number with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000003220')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('shows an amount in minor units with its currency', () => {
    expect(formatAmount(125000, 'AED', 2)).toBe('AED 1,250.00');
    expect(formatAmount(5, 'KWD', 3)).toBe('KWD 0.005');
  });
});
