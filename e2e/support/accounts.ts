// A fresh account for a browser test that changes its sign-in (a password or passcode reset
// must not touch the demo accounts every other test signs in with): made through the same calls
// the sign-up screens make, over POST /api/v1/....
import { registerCall, setPasscodeCall, verifyOtpCall } from '@paywallet/contract';
import { latestCode, outboxHead } from './browser.ts';
import { accepted, apiCall, sendCode } from './sign-in.ts';

export interface FreshAccount {
  id: number;
  email: string;
  password: string;
  passcode: string;
}

let serial = 0;

/** Signs up a new merchant (bot check, e-mail code, register) and sets its passcode. */
export async function createAccountThroughApi(label: string): Promise<FreshAccount> {
  serial += 1;
  const stamp = `${Date.now()}${serial}`;
  const email = `${label}.${stamp}@example.com`;
  const before = await outboxHead(email);
  await sendCode(email);
  const { code } = await latestCode(email, before);
  await accepted('verify-otp', apiCall(verifyOtpCall, { email, otp: code }));
  const password = 'Garden2026';
  const registered = await accepted(
    'register',
    apiCall(registerCall, {
      firstName: 'Lina',
      lastName: 'Haddad',
      businessName: 'Haddad Garden',
      email,
      password,
      confirmPassword: password,
      carrierCode: '+971',
      phone: `55${stamp.slice(-7)}`,
      type: 'merchant',
    }),
  );
  const passcode = '2468';
  await accepted('set-passcode', apiCall(setPasscodeCall, { passcode, confirmPasscode: passcode }, registered.accessToken));
  return { id: registered.user.id, email, password, passcode };
}

/** The demo platform administrator (the operations console at /console). */
export const DEMO_ADMIN = { email: 'admin@demo.paywallet.local', password: 'Admin123', passcode: '1234' };
