// The sessions of calls that arrive together are read by one statement (sessions.ts
// sessionScopes, lib/gathered-reads.ts), on both databases: twelve people's calls sent at once
// cost fewer session reads than calls, and each call is answered as its own session's user,
// never another's in the read; a revoked session, a blocked account and a staff member whose
// feature was taken away, read in the same statement as live ones, are refused while the others
// pass; a sign-out is refused on the very next call (no read is kept from an earlier call).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMerchantStaffCall, getUserProfileCall, logoutUserCall, USER_STATUS } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestPerson, expectLedgerInvariants, type TestPerson } from '../../test/money.ts';
import { createTestMerchant, createTestStaff } from '../../test/merchant.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The statements among `statements` that read sessions by their token. */
const sessionReads = (statements: string[]) => statements.filter((statement) => /token_hash = ANY/i.test(statement));

describe('session reads gathered', () => {
  it('reads the sessions of calls sent at once in fewer statements than calls, each answered as its own user', async () => {
    const people: TestPerson[] = [];
    for (let index = 0; index < 12; index += 1) people.push(await createTestPerson(t));
    const { result: answers, statements } = await t.recordStatements(() =>
      Promise.all(people.map((person) => t.call(getUserProfileCall, {}, { token: person.token }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(people.map(() => 200));
    expect(answers.map((answer) => answer.data.user.email)).toEqual(people.map((person) => person.email));
    const reads = sessionReads(statements);
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads.length).toBeLessThan(people.length);
    await expectLedgerInvariants(t);
  });

  it('refuses the revoked, the blocked and the narrowed read beside live sessions, and lets the live ones pass', async () => {
    const live = await createTestPerson(t);
    const revoked = await createTestPerson(t);
    const blocked = await createTestPerson(t);
    const merchant = await createTestMerchant(t);
    const staff = await createTestStaff(t, merchant.id, ['merchant-staff']);
    await t.deps.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', revoked.id).execute();
    await t.deps.db.updateTable('users').set({ status: USER_STATUS.SUSPENDED }).where('id', '=', blocked.id).execute();
    expect((await t.call(getMerchantStaffCall, {}, { token: staff.token })).status).toBe(200);
    await t.deps.db.deleteFrom('staff_features').where('user_id', '=', staff.id).execute();

    const { result, statements } = await t.recordStatements(() =>
      Promise.all([
        t.call(getUserProfileCall, {}, { token: live.token }),
        t.call(getUserProfileCall, {}, { token: revoked.token }),
        t.call(getUserProfileCall, {}, { token: blocked.token }),
        t.call(getMerchantStaffCall, {}, { token: staff.token }),
        t.call(getUserProfileCall, {}, { token: merchant.token }),
      ]),
    );
    expect(result.map((answer) => answer.status)).toEqual([200, 401, 401, 403, 200]);
    expect(sessionReads(statements).length).toBeLessThan(result.length);
    await expectLedgerInvariants(t);
  });

  it('refuses a signed-out token on the next call', async () => {
    const person = await createTestPerson(t);
    expect((await t.call(getUserProfileCall, {}, { token: person.token })).status).toBe(200);
    expect((await t.call(logoutUserCall, {}, { token: person.token })).status).toBe(200);
    expect((await t.call(getUserProfileCall, {}, { token: person.token })).status).toBe(401);
    await expectLedgerInvariants(t);
  });
});
