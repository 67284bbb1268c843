// Only a wrong passcode counts against the passcode's five tries. A device token with a NUL is
// refused by validation before any try is counted, and a failure of ours after the try was
// counted (here a real refusal by the database, a CHECK constraint added for the test) gives
// the try back: five such failures do not lock the passcode, while wrong passcodes still do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { passcodeLoginCall } from '@paywallet/contract';
import { createTestApp, fieldErrors, refusalData, type TestApp } from '../../test/harness.ts';
import { createTestPerson } from '../../test/money.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { openSession } from './sessions.ts';
import { PASSCODE_MAX_WRONG_TRIES } from './auth.service.ts';

const PASSCODE = '2468';
const REFUSED_TOKEN = 'refused-by-the-database';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // A device token the database itself refuses: the real kind of failure a NUL used to cause.
  await sql`ALTER TABLE users ADD CONSTRAINT test_device_token_refused CHECK (device_token IS DISTINCT FROM ${sql.lit(REFUSED_TOKEN)})`.execute(
    t.deps.db,
  );
});
afterAll(async () => t.close());

/** A person with a real passcode and a password-stage session. */
async function personAtPasscodeStep(): Promise<{ id: bigint; token: string }> {
  const person = await createTestPerson(t);
  await t.deps.db
    .updateTable('users')
    .set({ passcode_hash: await hashSecret(PASSCODE) })
    .where('id', '=', person.id)
    .execute();
  const session = await openSession(t.deps.db, { userId: person.id, stage: 'passcode', ip: '127.0.0.1', userAgent: 'vitest' });
  return { id: person.id, token: session.token };
}

async function passcodeState(userId: bigint) {
  const row = await t.deps.db
    .selectFrom('users')
    .select(['passcode_failed_attempts', 'passcode_locked_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { failures: row.passcode_failed_attempts, locked: row.passcode_locked_at !== null };
}

describe('passcode tries', () => {
  it('refuses a device token with a NUL before counting a try, five times without a lock', async () => {
    // Proves the request that used to answer 500 and count a wrong try is a validation
    // refusal that counts nothing: after five, the right passcode still signs in.
    const person = await personAtPasscodeStep();
    for (let attempt = 0; attempt < PASSCODE_MAX_WRONG_TRIES; attempt++) {
      const refused = await t.call(passcodeLoginCall, { passcode: PASSCODE, deviceToken: 'token\u0000' }, { token: person.token });
      expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 400, reason: 'VALIDATION_FAILED' });
      expect(fieldErrors(refused).deviceToken).toBe('The device token may not contain control characters');
    }
    expect(await passcodeState(person.id)).toEqual({ failures: 0, locked: false });
    const signedIn = await t.call(passcodeLoginCall, { passcode: PASSCODE }, { token: person.token });
    expect(signedIn.status).toBe(200);
  });

  it('gives the try back when the server fails after counting it: five 500s do not lock', async () => {
    // Proves a failure of ours after the reservation (the database refusing the device token
    // once the passcode was found right) is not a wrong passcode: each answers 500, the counter
    // is back to 0 after each, and the right passcode then signs in.
    const person = await personAtPasscodeStep();
    for (let attempt = 0; attempt < PASSCODE_MAX_WRONG_TRIES + 1; attempt++) {
      const failed = await t.call(passcodeLoginCall, { passcode: PASSCODE, deviceToken: REFUSED_TOKEN }, { token: person.token });
      expect({ status: failed.status, reason: failed.reason }).toEqual({ status: 500, reason: 'INTERNAL_ERROR' });
      expect(await passcodeState(person.id)).toEqual({ failures: 0, locked: false });
    }
    const signedIn = await t.call(passcodeLoginCall, { passcode: PASSCODE, deviceToken: 'a-good-token' }, { token: person.token });
    expect(signedIn.status).toBe(200);
  });

  it('still counts every wrong passcode, between failures of ours, and locks at five', async () => {
    // Proves giving tries back does not give away guesses: wrong passcodes count and lock as
    // before, whatever failures of ours come between them.
    const person = await personAtPasscodeStep();
    for (let wrong = 1; wrong <= PASSCODE_MAX_WRONG_TRIES; wrong++) {
      await t.call(passcodeLoginCall, { passcode: PASSCODE, deviceToken: REFUSED_TOKEN }, { token: person.token });
      const refused = await t.call(passcodeLoginCall, { passcode: '1357' }, { token: person.token });
      if (wrong < PASSCODE_MAX_WRONG_TRIES) {
        expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 422, reason: 'PASSCODE_INCORRECT' });
      } else {
        expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 403, reason: 'PASSCODE_LOCKED' });
      }
      expect(await passcodeState(person.id)).toEqual({ failures: wrong, locked: wrong === PASSCODE_MAX_WRONG_TRIES });
    }
    const locked = await t.call(passcodeLoginCall, { passcode: PASSCODE }, { token: person.token });
    expect(locked.reason).toBe('PASSCODE_LOCKED');
    expect(refusalData(locked)).toEqual({});
  });
});
