import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDashboardFeatureListCall, getWalletListCall } from '@paywallet/contract';
import { createTestApp, DEMO_MERCHANT, signIn, type TestApp } from '../../test/harness.ts';

describe('demo merchant sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('signs in with code, password and passcode and reads the menu and wallets', async () => {
    const token = await signIn(t, DEMO_MERCHANT);
    const menu = await t.call(getDashboardFeatureListCall, {}, { token });
    expect(menu.status).toBe(200);
    expect(menu.data[0]?.features.map((f) => f.slug)).toContain('dashboard-overview');
    const wallets = await t.call(getWalletListCall, {}, { token });
    expect(wallets.data.find((w) => w.is_default === 1)?.currency.code).toBe('AED');
  });
});
