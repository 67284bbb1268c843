// Proves the route parameters of spec 1 section 2 travel as query parameters of our paths:
// built with their names, empty values left out, text encoded, and ids read back only when
// they are positive whole numbers.
import { describe, expect, it } from 'vitest';
import { idParam, PATHS, withRouteParams } from './paths.ts';

describe('route parameters', () => {
  it('puts each parameter on its path by name, leaving out empty ones', () => {
    expect(withRouteParams(PATHS.login, { email: 'nadia@example.com', customerId: 42 })).toBe(
      '/auth/login?email=nadia%40example.com&customerId=42',
    );
    expect(withRouteParams(PATHS.passcodeLogin, { customerId: 7 })).toBe('/auth/passcode-login?customerId=7');
    expect(withRouteParams(PATHS.resetPin, { email: '' })).toBe('/auth/reset-pin');
    expect(withRouteParams(PATHS.sendMoneyInitiate, { emailOrPhone: '+971501234567', msg: 'Rent for May & June' })).toBe(
      '/app/send-money/initiate?emailOrPhone=%2B971501234567&msg=Rent+for+May+%26+June',
    );
    expect(withRouteParams(PATHS.requestMoneyPayConfirm, {})).toBe('/app/request-money/pay/confirm');
  });

  it('reads back what it wrote', () => {
    const url = new URL(withRouteParams(PATHS.sendMoneyInitiate, { emailOrPhone: '+971501234567', msg: 'Rent & more' }), 'http://x');
    expect(url.searchParams.get('emailOrPhone')).toBe('+971501234567');
    expect(url.searchParams.get('msg')).toBe('Rent & more');
  });

  it('takes only positive whole numbers as ids', () => {
    expect(idParam('42')).toBe(42);
    for (const value of [null, '', '0', '-3', '4.2', '1e3', 'abc', '9'.repeat(40)]) expect(idParam(value)).toBeUndefined();
  });
});
