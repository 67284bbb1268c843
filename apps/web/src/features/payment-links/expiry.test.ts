// The list's expiry column: Lifetime, the countdown's format, Expired at zero and after.
import { describe, expect, it } from 'vitest';
import { expiryText, formatCountdown, isExpired, lifetimeText, secondsLeft, truncate } from './expiry.ts';

const created = '2026-03-01T10:00:00.000Z';
const at = (iso: string) => new Date(iso).getTime();

describe('payment link expiry', () => {
  it('reads Lifetime without exipres_in', () => {
    expect(expiryText({ created_at: created, exipres_in: null }, at('2030-01-01T00:00:00Z'))).toBe('Lifetime');
    expect(secondsLeft({ created_at: created, exipres_in: null }, Date.now())).toBeNull();
  });

  it('counts down in days, hours, minutes and seconds, then reads Expired at zero', () => {
    const link = { created_at: created, exipres_in: 2 * 86_400 + 3 * 3_600 + 4 * 60 + 5 };
    expect(expiryText(link, at(created))).toBe('2d 03h 04m 05s');
    expect(expiryText(link, at('2026-03-03T13:04:04.000Z'))).toBe('00h 00m 01s');
    expect(expiryText(link, at('2026-03-03T13:04:04.500Z'))).toBe('00h 00m 01s');
    expect(expiryText(link, at('2026-03-03T13:04:05.000Z'))).toBe('Expired');
    expect(isExpired(link, at('2026-04-01T00:00:00Z'))).toBe(true);
    expect(isExpired(link, at(created))).toBe(false);
  });

  it('formats', () => {
    expect(formatCountdown(59)).toBe('00h 00m 59s');
    expect(formatCountdown(86_400)).toBe('1d 00h 00m 00s');
    expect(lifetimeText(3_600)).toBe('3600 seconds');
    expect(lifetimeText(null)).toBe('Lifetime');
    expect(truncate('Two bags of coffee beans', 12)).toBe('Two bags of …');
    expect(truncate(null, 12)).toBe('—');
  });
});
