// Proves the demo administrator works as the README says: signs in through the same steps as
// everyone with the documented e-mail, password and passcode, reaches the console's calls, and
// seeding again adds no second administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGetMerchantsCall, getUserProfileCall } from '@paywallet/contract';
import { countRows, createTestApp, DEMO_MERCHANT, signIn, type TestApp } from '../test/harness.ts';
import { seedDemoData } from './seed.ts';
import { DEMO_ADMIN } from './seed-admin.ts';

describe('the demo administrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('signs in with the documented secrets and lists the demo merchant in the console', async () => {
    const token = await signIn(t, DEMO_ADMIN);
    const profile = await t.call(getUserProfileCall, {}, { token });
    expect(profile.data).toMatchObject({ adminLogin: 0, user: { type: 'admin', email: DEMO_ADMIN.email } });
    const merchants = await t.call(adminGetMerchantsCall, { search: DEMO_MERCHANT.email }, { token });
    expect(merchants.data.data.map((row) => row.email)).toEqual([DEMO_MERCHANT.email]);
  });

  it('is seeded once', async () => {
    const before = await countRows(t, ['users']);
    await seedDemoData(t.deps.db);
    expect(await countRows(t, ['users'])).toEqual(before);
  });
});
