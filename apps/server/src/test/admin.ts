// Platform administrators for server tests, made straight in the database: a users row of type
// 'admin' with a full session, and the impersonation session of an administrator logged in as a
// merchant (sessions.impersonator_user_id set, admin_login true), as the operations console
// will open it. The console's own calls come later; the policy and the audit log need both now.
import crypto from 'node:crypto';
import type { TestApp } from './harness.ts';
import { openSession } from '../modules/auth/sessions.ts';

export interface TestAdmin {
  id: bigint;
  email: string;
  token: string;
  /** The administrator's own session: an impersonation opened from it ends with it. */
  sessionId: bigint;
}

let counter = 0;

export async function createTestAdmin(t: TestApp): Promise<TestAdmin> {
  counter += 1;
  const email = `admin-${counter}-${crypto.randomBytes(3).toString('hex')}@test.paywallet.local`;
  const user = await t.deps.db
    .insertInto('users')
    .values({
      uuid: crypto.randomUUID(),
      type: 'admin',
      first_name: 'Platform',
      last_name: `Admin ${counter}`,
      business_name: null,
      email,
      carrier_code: '+971',
      phone_number: `+97153${String(counter).padStart(7, '0')}`,
      password_hash: 'not-a-password',
      passcode_hash: 'not-a-passcode',
      status: 1,
      kyc_status: 2,
      avatar: null,
      device_token: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token, sessionId } = await openSession(t.deps.db, { userId: user.id, stage: 'user', ip: '127.0.0.1', userAgent: 'vitest' });
  return { id: user.id, email, token, sessionId };
}

/** A full session of `userId` opened by the administrator from their own session: every call in it is an impersonation. */
export async function impersonate(t: TestApp, admin: TestAdmin, userId: bigint): Promise<string> {
  const { token } = await openSession(t.deps.db, {
    userId,
    stage: 'user',
    ip: '127.0.0.1',
    userAgent: 'vitest',
    impersonator: { userId: admin.id, sessionId: admin.sessionId },
  });
  return token;
}
