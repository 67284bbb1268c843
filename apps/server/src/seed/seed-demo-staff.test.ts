// Proves the demo staff member works as the README says: they sign in with the documented
// e-mail, password and passcode, act for the demo merchant (they see the merchant's transactions),
// their menu holds only the features granted (Dashboard, Transactions), a call of another feature
// is refused with FEATURE_NOT_GRANTED and writes nothing, and seeding again adds no second staff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, DEMO_MERCHANT, signIn, type TestApp } from '../test/harness.ts';
import { DEMO_STAFF, seedDemoData } from './seed.ts';

interface FeatureGroup {
  name: string;
  features: Array<{ slug: string }>;
}
interface Answer<T> {
  status: number;
  code: number;
  reason?: string;
  data: T;
}

/** A call on the plain route with a session, through inject (the harness's own helper is being retyped). */
async function post<T>(t: TestApp, path: string, body: unknown, token: string): Promise<Answer<T>> {
  const response = await t.app.inject({ method: 'POST', url: `/api/v1/${path}`, headers: { accessToken: token }, payload: body as object });
  return { status: response.statusCode, ...(response.json() as Omit<Answer<T>, 'status'>) };
}

describe('the demo staff member', () => {
  let t: TestApp;
  let staffToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    staffToken = await signIn(t, DEMO_STAFF);
  });
  afterAll(async () => t.close());

  it('sees only the features granted to them in the menu', async () => {
    const menu = await post<FeatureGroup[]>(t, 'get-dashboard-feature-list', {}, staffToken);
    expect(menu.status).toBe(200);
    expect(menu.data.flatMap((group) => group.features.map((feature) => feature.slug))).toEqual([...DEMO_STAFF.features]);
  });

  it("reads the demo merchant's transactions, as the merchant does", async () => {
    const merchantToken = await signIn(t, DEMO_MERCHANT);
    const asStaff = await post<{ data: Array<{ uuid: string }> }>(t, 'get-transactions', {}, staffToken);
    const asMerchant = await post<{ data: Array<{ uuid: string }> }>(t, 'get-transactions', {}, merchantToken);
    expect(asStaff.status).toBe(200);
    expect(asStaff.data.data.length).toBeGreaterThan(0);
    expect(asStaff.data.data.map((row) => row.uuid)).toEqual(asMerchant.data.data.map((row) => row.uuid));
  });

  it('is refused a feature not granted, and nothing is written', async () => {
    const before = await countRows(t, ['money_requests', 'audit_log']);
    const refused = await post(
      t,
      'initiate-request-money',
      { emailOrPhone: 'consumer@demo.paywallet.local', amount: 100, userAccountId: 1 },
      staffToken,
    );
    expect(refused.status).toBe(403);
    expect(refused.reason).toBe('FEATURE_NOT_GRANTED');
    expect(await countRows(t, ['money_requests', 'audit_log'])).toEqual(before);
  });

  it('is seeded once: seeding again adds no second staff member', async () => {
    const before = await countRows(t, ['users', 'staff_features']);
    await seedDemoData(t.deps.db);
    expect(await countRows(t, ['users', 'staff_features'])).toEqual(before);
  });
});
