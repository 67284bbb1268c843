import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** Production refuses to start without the credentials key (lib/sealed-secrets.ts). */
const PRODUCTION = { NODE_ENV: 'production', CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64') };

describe('settings', () => {
  it('keeps one code per e-mail per 10 s unless a non-production deployment shortens it', () => {
    expect(loadConfig({}).otpResendGapS).toBe(10);
    expect(loadConfig({ OTP_RESEND_GAP_S: '1' }).otpResendGapS).toBe(1);
    expect(loadConfig({ ...PRODUCTION, OTP_RESEND_GAP_S: '30' }).otpResendGapS).toBe(30);
    expect(() => loadConfig({ ...PRODUCTION, OTP_RESEND_GAP_S: '1' })).toThrow(/cannot be under 10 s in production/);
    expect(() => loadConfig({ OTP_RESEND_GAP_S: '-1' })).toThrow(/cannot be negative/);
  });
});
