// The demo platform administrator: signs in through the same steps as everyone (e-mail code,
// password, passcode) and lands on the operations console. No wallets: an administrator holds
// no money.
import crypto from 'node:crypto';
import { KYC_STATUS, STORE_STATUS, STORE_TYPE, USER_STATUS } from '@paywallet/contract';
import type { Db } from '../db/database.ts';
import { hashSecret } from '../lib/secrets.ts';

export const DEMO_ADMIN = {
  label: 'Admin',
  email: 'admin@demo.paywallet.local',
  password: 'Admin123',
  passcode: '1234',
  firstName: 'Nadia',
  lastName: 'Saleh',
  phone: '+971502223344',
} as const;

export async function insertDemoAdmin(db: Db): Promise<void> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_ADMIN.email).executeTakeFirst();
  if (existing) return;
  const [passwordHash, passcodeHash] = await Promise.all([hashSecret(DEMO_ADMIN.password), hashSecret(DEMO_ADMIN.passcode)]);
  await db
    .insertInto('users')
    .values({
      uuid: crypto.randomUUID(),
      type: 'admin',
      first_name: DEMO_ADMIN.firstName,
      last_name: DEMO_ADMIN.lastName,
      business_name: null,
      email: DEMO_ADMIN.email,
      carrier_code: '+971',
      phone_number: DEMO_ADMIN.phone,
      password_hash: passwordHash,
      passcode_hash: passcodeHash,
      status: USER_STATUS.ACTIVE,
      kyc_status: KYC_STATUS.APPROVED,
      avatar: null,
      device_token: null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

/**
 * A store of the demo merchant submitted for approval, so the console's review queue has work
 * on first start (and the browser test approves it): no terminal yet, as a store being
 * onboarded has none; the approval gives it its terminal with an online and a POS channel.
 */
export const DEMO_PENDING_STORE = { name: 'Haddad Coffee Roasters - Jumeirah', code: 'HCR-JUM' } as const;

export async function insertDemoPendingStore(db: Db, merchantEmail: string): Promise<void> {
  const merchant = await db.selectFrom('users').select('id').where('email', '=', merchantEmail).executeTakeFirst();
  const existing = await db.selectFrom('stores').select('id').where('code', '=', DEMO_PENDING_STORE.code).executeTakeFirst();
  if (!merchant || existing) return;
  await db
    .insertInto('stores')
    .values({
      uuid: crypto.randomUUID(),
      merchant_user_id: merchant.id,
      name: DEMO_PENDING_STORE.name,
      code: DEMO_PENDING_STORE.code,
      status: STORE_STATUS.PENDING_APPROVAL,
      type: STORE_TYPE.REGISTERED_BUSINESS,
      country: 'AE',
      city: 'Dubai',
      // What the review shows it approves (a submitted store has filled in its business form).
      parent_entity: 'Haddad Holdings',
      reference: 'HCR-JUMEIRAH',
      mcc_code: '5814',
      address_line1: 'Jumeirah Beach Road',
      post_code: '00000',
    })
    .execute();
}
