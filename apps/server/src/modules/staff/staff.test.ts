// The merchant's staff: the list (paged, searched, the active list of status 1), adding and
// updating staff members with every rule of spec 3 section 5, the features each may use (and
// that the grants change what the staff member can call and what their menu holds), what a
// staff member who manages staff may not do, and that another merchant's staff is out of reach.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMerchantStaffCall,
  getDashboardFeatureListCall,
  getMerchantStaffCall,
  getMerchantStaffFeaturesCall,
  getTransactionsCall,
  manageMerchantStaffFeaturesCall,
  updateMerchantStaffCall,
  type TAddMerchantStaffRequest,
  type TFeatureSlug,
} from '@paywallet/contract';
import { countAllRows, createTestApp, fieldErrors, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, createTestStaff, type TestMerchant } from '../../test/merchant.ts';
import { expectLedgerInvariants } from '../../test/money.ts';

let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;
let featureId: Record<string, number>;
let counter = 0;

function newStaff(extra: Partial<TAddMerchantStaffRequest> = {}): TAddMerchantStaffRequest {
  counter += 1;
  return {
    email: `new.staff.${counter}.${Date.now()}@test.paywallet.local`,
    phoneNumber: `97156${crypto.randomInt(1_000_000, 9_999_999)}`,
    firstName: 'Nadia',
    lastName: 'Haddad',
    password: 'Staff1234',
    confirmPassword: 'Staff1234',
    status: 1,
    ...extra,
  };
}

async function add(who: { token: string }, body: TAddMerchantStaffRequest) {
  const answer = await t.call(addMerchantStaffCall, body, { token: who.token });
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
}

async function auditRows(action: string, subjectId: number | bigint) {
  return t.deps.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id', 'acting_as', 'on_behalf_of_user_id', 'subject_type', 'subject_id'])
    .where('action', '=', action)
    .where('subject_id', '=', String(subjectId))
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await createTestMerchant(t, { staff: [{ features: ['merchant-staff', 'transactions'] }, { features: [] }] });
  rival = await createTestMerchant(t, { staff: [{ features: ['transactions'] }] });
  const rows = await t.deps.db.selectFrom('features').select(['id', 'slug']).execute();
  featureId = Object.fromEntries(rows.map((row) => [row.slug, row.id]));
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('add-merchant-staff', () => {
  it('adds a staff member under the main account, hashed password, no passcode, no features, audited', async () => {
    // Proves the new account's row: a merchant user whose parent is the main account.
    const phone = `97157${crypto.randomInt(1_000_000, 9_999_999)}`;
    const body = newStaff({ email: `Mixed.Case.${Date.now()}@Test.Paywallet.Local`, phoneNumber: `+${phone}`, status: 0 });
    const row = await add(shop, body);
    expect(row).toEqual({
      id: expect.any(Number),
      email: body.email.toLowerCase(),
      phone_number: `+${phone}`,
      first_name: 'Nadia',
      last_name: 'Haddad',
      status: 0,
      status_str: 'Pending',
      parent_user_id: Number(shop.id),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const stored = await t.deps.db.selectFrom('users').selectAll().where('id', '=', BigInt(row.id)).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ type: 'merchant', parent_user_id: shop.id, passcode_hash: null, kyc_status: 2, status: 0 });
    expect(stored.password_hash).not.toContain('Staff1234');
    expect(stored.password_hash.length).toBeGreaterThan(20);
    expect(await t.deps.db.selectFrom('staff_features').select('feature_id').where('user_id', '=', stored.id).execute()).toEqual([]);
    expect(await auditRows('staff.add', row.id)).toEqual([
      {
        action: 'staff.add',
        actor_user_id: shop.id,
        acting_as: 'user',
        on_behalf_of_user_id: shop.id,
        subject_type: 'user',
        subject_id: String(row.id),
      },
    ]);
  });

  it('refuses each rule of the add form with its message, writing nothing', async () => {
    // Proves spec 3 section 5 (Staff add) message by message.
    const cases: Array<[Partial<TAddMerchantStaffRequest>, string, string]> = [
      [{ email: '' }, 'email', 'The email field is required'],
      [{ email: 'not-an-email' }, 'email', 'The email must be a valid email address'],
      [{ phoneNumber: '' }, 'phoneNumber', '*Phone Field is required'],
      [{ phoneNumber: '97150abc123' }, 'phoneNumber', 'Only numeric characters are allowed'],
      [{ phoneNumber: '000501234567' }, 'phoneNumber', 'Invalid phone number'],
      [{ phoneNumber: '12345' }, 'phoneNumber', 'Phone number must be between 9 and 15 digits'],
      [{ firstName: '' }, 'firstName', 'The first name field is required'],
      [{ firstName: 'Nadia1' }, 'firstName', 'The first name may only contain letters and spaces'],
      [{ lastName: 'H@ddad' }, 'lastName', 'The last name may only contain letters and spaces'],
      [{ password: '', confirmPassword: '' }, 'password', 'The password field is required'],
      [{ password: 'Ab1cdef', confirmPassword: 'Ab1cdef' }, 'password', 'The password must be at least 8 characters'],
      [
        { password: 'abcdefgh1', confirmPassword: 'abcdefgh1' },
        'password',
        'Password must contain at least one number, uppercase and lowercase character',
      ],
      [{ confirmPassword: '' }, 'confirmPassword', 'The confirm password field is required'],
      [{ confirmPassword: 'Staff12345' }, 'confirmPassword', 'The confirm password and password must match'],
      [{ status: '' as unknown as number }, 'status', 'The status field is required'],
      [{ status: 7 }, 'status', 'The selected status is invalid'],
    ];
    const before = await countAllRows(t);
    for (const [change, field, message] of cases) {
      const answer = await t.call(addMerchantStaffCall, newStaff(change), { token: shop.token });
      expect({ status: answer.status, reason: answer.reason, field: fieldErrors(answer)[field] }, JSON.stringify(change)).toEqual({
        status: 400,
        reason: 'VALIDATION_FAILED',
        field: message,
      });
    }
    expect(await countAllRows(t)).toEqual(before);
  });

  it('refuses an e-mail or a phone any user already has, another merchant’s included', async () => {
    // Proves the uniqueness across all users with named errors.
    const taken = await t.call(addMerchantStaffCall, newStaff({ email: rival.staff[0]!.email }), { token: shop.token });
    expect({ status: taken.status, reason: taken.reason, field: fieldErrors(taken).email }).toEqual({
      status: 409,
      reason: 'EMAIL_TAKEN',
      field: 'The email has already been taken.',
    });
    const rivalPhone = await t.deps.db.selectFrom('users').select('phone_number').where('id', '=', rival.id).executeTakeFirstOrThrow();
    const phone = await t.call(addMerchantStaffCall, newStaff({ phoneNumber: rivalPhone.phone_number! }), { token: shop.token });
    expect({ status: phone.status, reason: phone.reason }).toEqual({ status: 409, reason: 'PHONE_TAKEN' });
  });
});

describe('get-merchant-staff', () => {
  it('pages the merchant’s staff newest first, searches, and never shows the main account or another merchant’s staff', async () => {
    // Proves the list's merchant filter, paging and search.
    const merchant = await createTestMerchant(t, { staff: [{ features: [] }, { features: [] }] });
    const third = await add(merchant, newStaff({ firstName: 'Zainab', status: 2 }));
    const page = await t.call(getMerchantStaffCall, { perPage: 2 }, { token: merchant.token });
    expect(page.status).toBe(200);
    expect('paginationData' in page.data && page.data.paginationData).toEqual({ total: 3, perPage: 2, currentPage: 1 });
    expect(page.data.data.map((row) => row.id)).toEqual([third.id, Number(merchant.staff[1]!.id)]);
    expect(page.data.data[0]).toMatchObject({ status: 2, status_str: 'Inactive', parent_user_id: Number(merchant.id) });
    const searched = await t.call(getMerchantStaffCall, { search: 'zAIN' }, { token: merchant.token });
    expect(searched.data.data.map((row) => row.id)).toEqual([third.id]);
    const one = await t.call(getMerchantStaffCall, { userId: third.id }, { token: merchant.token });
    expect(one.data.data).toEqual([third]);
    const none = await t.call(getMerchantStaffCall, { search: rival.staff[0]!.email }, { token: merchant.token });
    expect(none.data).toEqual({ data: [], paginationData: { total: 0, perPage: 10, currentPage: 1 } });
  });

  it('answers the active staff only, unpaged, with status 1', async () => {
    // Proves the selects' list: Active staff of this merchant, no paginationData.
    const merchant = await createTestMerchant(t, { staff: [{ features: [] }] });
    await add(merchant, newStaff({ status: 0 }));
    const active = await t.call(getMerchantStaffCall, { status: 1 }, { token: merchant.token });
    expect('paginationData' in active.data).toBe(false);
    expect(active.data.data.map((row) => row.id)).toEqual([Number(merchant.staff[0]!.id)]);
    const wrong = await t.call(getMerchantStaffCall, { status: 2 }, { token: merchant.token });
    expect({ status: wrong.status, reason: wrong.reason }).toEqual({ status: 400, reason: 'VALIDATION_FAILED' });
  });
});

describe('update-merchant-staff', () => {
  it('changes names and status, ignores e-mail and phone, and audits the change', async () => {
    // Proves the update and that the sign-in identity stays.
    const row = await add(shop, newStaff({ status: 0 }));
    const answer = await t.call(
      updateMerchantStaffCall,
      { userId: row.id, firstName: 'Rana', lastName: 'Saleh', status: 1, email: 'other@example.com', phoneNumber: '971509999999' },
      { token: shop.token },
    );
    expect(answer.status, answer.message).toBe(200);
    expect(answer.data).toEqual({ ...row, first_name: 'Rana', last_name: 'Saleh', status: 1, status_str: 'Active' });
    expect(await auditRows('staff.update', row.id)).toHaveLength(1);
  });

  it('moves through every status; any status but Active ends the staff member’s sessions', async () => {
    // Proves each transition and that a suspended staff member's next call is refused.
    const member = await createTestStaff(t, shop.id, ['transactions']);
    const call = () => t.call(getTransactionsCall, {}, { token: member.token });
    expect((await call()).status).toBe(200);
    const set = async (status: number) => {
      const answer = await t.call(
        updateMerchantStaffCall,
        { userId: Number(member.id), firstName: 'A', lastName: 'Bc', status },
        { token: shop.token },
      );
      return answer;
    };
    const short = await set(1);
    expect({ status: short.status, field: fieldErrors(short).firstName }).toEqual({
      status: 400,
      field: 'The first name must be at least 2 characters',
    });
    for (const status of [0, 1, 2, 1, 3]) {
      const answer = await t.call(
        updateMerchantStaffCall,
        { userId: Number(member.id), firstName: 'Omar', lastName: 'Khalil', status },
        { token: shop.token },
      );
      expect(answer.data.status).toBe(status);
    }
    const refused = await call();
    expect({ status: refused.status, reason: refused.reason }).toMatchObject({ status: 401 });
    const live = await t.deps.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', member.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('refuses the main account, another merchant’s staff and an unknown id as not found', async () => {
    // Proves a staff member of the same merchant cannot reach the main account through these calls.
    const manager = shop.staff[0]!;
    for (const userId of [Number(shop.id), Number(rival.staff[0]!.id), 999_999_999]) {
      for (const who of [shop, manager]) {
        const answer = await t.call(
          updateMerchantStaffCall,
          { userId, firstName: 'Evil', lastName: 'Change', status: 3 },
          { token: who.token },
        );
        expect({ status: answer.status, reason: answer.reason }).toEqual({ status: 404, reason: 'STAFF_NOT_FOUND' });
      }
    }
    const main = await t.deps.db.selectFrom('users').select(['first_name', 'status']).where('id', '=', shop.id).executeTakeFirstOrThrow();
    expect(main).toEqual({ first_name: 'Merchant', status: 1 });
  });
});

describe('staff features', () => {
  it('grants and replaces features; the grants decide what the staff member can call and what their menu holds', async () => {
    // Proves 403 FEATURE_NOT_GRANTED before the grant and 200 after, and the menu.
    const member = await createTestStaff(t, shop.id, []);
    const before = await t.call(getTransactionsCall, {}, { token: member.token });
    expect({ status: before.status, reason: before.reason }).toEqual({ status: 403, reason: 'FEATURE_NOT_GRANTED' });
    const ids = [featureId['transactions']!, featureId['dashboard-overview']!];
    const saved = await t.call(
      manageMerchantStaffFeaturesCall,
      { userId: Number(member.id), featureId: [...ids, ids[0]!] },
      { token: shop.token },
    );
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data).toEqual({ user_id: Number(member.id), features: [...ids].sort((a, b) => a - b).map((id) => ({ feature_id: id })) });
    expect((await t.call(getTransactionsCall, {}, { token: member.token })).status).toBe(200);
    const menu = await t.call(getDashboardFeatureListCall, {}, { token: member.token });
    expect(menu.data.flatMap((group) => group.features.map((f) => f.slug)).sort()).toEqual(['dashboard-overview', 'transactions']);
    const read = await t.call(getMerchantStaffFeaturesCall, { userId: Number(member.id) }, { token: shop.token });
    expect(read.data).toEqual([saved.data]);
    expect(await auditRows('staff.features', member.id)).toHaveLength(1);

    const cleared = await t.call(manageMerchantStaffFeaturesCall, { userId: Number(member.id), featureId: [] }, { token: shop.token });
    expect(cleared.data.features).toEqual([]);
    const after = await t.call(getTransactionsCall, {}, { token: member.token });
    expect(after.reason).toBe('FEATURE_NOT_GRANTED');
    expect((await t.call(getDashboardFeatureListCall, {}, { token: member.token })).data).toEqual([]);
  });

  it('refuses an unknown feature and a consumer-only feature by name', async () => {
    // Proves only merchant features can be granted.
    const group = await t.deps.db.selectFrom('feature_groups').select('id').executeTakeFirstOrThrow();
    const consumerOnly = await t.deps.db
      .insertInto('features')
      .values({ group_id: group.id, slug: `consumer-only-${Date.now()}`, name: 'Consumer Only', audience: 'consumer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = shop.staff[1]!;
    for (const id of [999_999, consumerOnly.id]) {
      const answer = await t.call(manageMerchantStaffFeaturesCall, { userId: Number(member.id), featureId: [id] }, { token: shop.token });
      expect({ status: answer.status, reason: answer.reason }).toEqual({ status: 422, reason: 'FEATURE_UNKNOWN' });
    }
    const malformed = await t.call(
      manageMerchantStaffFeaturesCall,
      { userId: Number(member.id), featureId: 'abc' as unknown as number[] },
      { token: shop.token },
    );
    expect({ status: malformed.status, reason: malformed.reason }).toEqual({ status: 400, reason: 'VALIDATION_FAILED' });
  });

  it('lets a staff manager grant only features they hold, keeps the others, and never act on themselves', async () => {
    // Proves the decision on staff who manage staff (docs/staff.md).
    const manager = shop.staff[0]!; // merchant-staff + transactions
    const member = await createTestStaff(t, shop.id, ['store']);
    const answer = await t.call(
      manageMerchantStaffFeaturesCall,
      { userId: Number(member.id), featureId: [featureId['transactions']!] },
      { token: manager.token },
    );
    expect(answer.status, answer.message).toBe(200);
    const expected = [featureId['transactions']!, featureId['store']!].sort((a, b) => a - b);
    expect(answer.data.features.map((f) => f.feature_id)).toEqual(expected);
    const escalate = await t.call(
      manageMerchantStaffFeaturesCall,
      { userId: Number(member.id), featureId: [featureId['transactions']!, featureId['pos-devices']!] },
      { token: manager.token },
    );
    expect({ status: escalate.status, reason: escalate.reason }).toEqual({ status: 403, reason: 'FEATURE_GRANT_NOT_ALLOWED' });
    const self = await t.call(
      manageMerchantStaffFeaturesCall,
      { userId: Number(manager.id), featureId: [featureId['transactions']!] },
      { token: manager.token },
    );
    expect({ status: self.status, reason: self.reason }).toEqual({ status: 403, reason: 'STAFF_SELF_CHANGE' });
    const selfUpdate = await t.call(
      updateMerchantStaffCall,
      { userId: Number(manager.id), firstName: 'Me', lastName: 'Myself', status: 1 },
      { token: manager.token },
    );
    expect({ status: selfUpdate.status, reason: selfUpdate.reason }).toEqual({ status: 403, reason: 'STAFF_SELF_CHANGE' });
    const granted = await t.deps.db
      .selectFrom('staff_features')
      .select('feature_id')
      .where('user_id', '=', manager.id)
      .orderBy('feature_id')
      .execute();
    expect(granted.map((row) => row.feature_id)).toEqual([featureId['transactions']!, featureId['merchant-staff']!].sort((a, b) => a - b));
  });
});

describe('another merchant’s staff', () => {
  it('is out of reach of every staff call: 0 rows leaked, 0 changed', async () => {
    // Proves the cross-merchant rule for every call of the area, as the owner and as a staff manager.
    const target = rival.staff[0]!;
    const targetId = Number(target.id);
    const before = await countAllRows(t);
    const rowBefore = await t.deps.db.selectFrom('users').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    const features = (slugs: TFeatureSlug[]) => slugs.map((slug) => featureId[slug]!);
    for (const who of [shop, shop.staff[0]!]) {
      const list = await t.call(getMerchantStaffCall, { perPage: 500 }, { token: who.token });
      expect(list.data.data.some((row) => row.id === targetId || row.parent_user_id !== Number(shop.id))).toBe(false);
      const byId = await t.call(getMerchantStaffCall, { userId: targetId }, { token: who.token });
      expect(byId.data.data).toEqual([]);
      const active = await t.call(getMerchantStaffCall, { status: 1 }, { token: who.token });
      expect(active.data.data.some((row) => row.id === targetId)).toBe(false);
      const refusals = [
        await t.call(getMerchantStaffFeaturesCall, { userId: targetId }, { token: who.token }),
        await t.call(updateMerchantStaffCall, { userId: targetId, firstName: 'Taken', lastName: 'Over', status: 3 }, { token: who.token }),
        await t.call(manageMerchantStaffFeaturesCall, { userId: targetId, featureId: features(['transactions']) }, { token: who.token }),
      ];
      for (const refusal of refusals) {
        expect({ status: refusal.status, reason: refusal.reason, data: refusal.data }).toEqual({
          status: 404,
          reason: 'STAFF_NOT_FOUND',
          data: null,
        });
      }
    }
    expect(await countAllRows(t)).toEqual(before);
    expect(await t.deps.db.selectFrom('users').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow()).toEqual(rowBefore);
  });
});
