// A merchant for server tests, made straight in the database: the main account with wallets,
// its stores -> terminals -> channels, and staff members each granted the features given, all
// with full-stage sessions. Tests of permissions and of cross-merchant access need several such
// merchants quickly; the sign-in calls themselves are tested in modules/auth.
import crypto from 'node:crypto';
import { FEATURES, getMerchantAppSettingsCall, type TChannelType, type TFeatureSlug } from '@paywallet/contract';
import type { TestApp } from './harness.ts';
import { createTestPerson, type TestPerson } from './money.ts';
import { openSession } from '../modules/auth/sessions.ts';

export interface StoreSpec {
  name?: string;
  status?: number;
  terminals?: Array<{ name?: string; channels?: Array<{ name?: string; type?: TChannelType }> }>;
}

export interface TestChannel {
  id: bigint;
  name: string;
  type: TChannelType;
}
export interface TestTerminal {
  id: bigint;
  name: string;
  channels: TestChannel[];
}
export interface TestStore {
  id: bigint;
  name: string;
  terminals: TestTerminal[];
}

export interface TestStaff {
  id: bigint;
  email: string;
  token: string;
  features: TFeatureSlug[];
}

export interface TestMerchant extends TestPerson {
  stores: TestStore[];
  staff: TestStaff[];
}

/** One store with one terminal and an online and a POS channel, unless told otherwise. */
const DEFAULT_STORES: StoreSpec[] = [{ terminals: [{ channels: [{ type: 'online' }, { type: 'pos' }] }] }];

let counter = 0;
const code = (prefix: string) => `${prefix}-${crypto.randomBytes(5).toString('hex').toUpperCase()}`;

export async function createTestMerchant(
  t: TestApp,
  options: { currencies?: readonly string[]; stores?: StoreSpec[]; staff?: Array<{ features: TFeatureSlug[] }> } = {},
): Promise<TestMerchant> {
  counter += 1;
  const person = await createTestPerson(t, { currencies: options.currencies ?? ['AED'], firstName: 'Merchant', lastName: `No ${counter}` });
  await t.deps.db
    .updateTable('users')
    .set({ type: 'merchant', business_name: `Test Business ${counter}` })
    .where('id', '=', person.id)
    .execute();
  const stores: TestStore[] = [];
  for (const [storeIndex, spec] of (options.stores ?? DEFAULT_STORES).entries()) {
    stores.push(await insertStore(t, person.id, spec, storeIndex + 1));
  }
  const staff: TestStaff[] = [];
  for (const member of options.staff ?? []) staff.push(await createTestStaff(t, person.id, member.features));
  return { ...person, stores, staff };
}

async function insertStore(t: TestApp, merchantUserId: bigint, spec: StoreSpec, index: number): Promise<TestStore> {
  return t.deps.db.transaction().execute(async (trx) => {
    const store = await trx
      .insertInto('stores')
      .values({
        uuid: crypto.randomUUID(),
        merchant_user_id: merchantUserId,
        name: spec.name ?? `Store ${index}`,
        code: code('ST'),
        status: spec.status ?? 1,
        type: 1,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    const terminals: TestTerminal[] = [];
    for (const [terminalIndex, terminalSpec] of (spec.terminals ?? []).entries()) {
      const terminal = await trx
        .insertInto('terminals')
        .values({
          uuid: crypto.randomUUID(),
          merchant_user_id: merchantUserId,
          store_id: store.id,
          name: terminalSpec.name ?? `Terminal ${index}.${terminalIndex + 1}`,
          code: code('TM'),
        })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      const channels: TestChannel[] = [];
      for (const [channelIndex, channelSpec] of (terminalSpec.channels ?? []).entries()) {
        const type = channelSpec.type ?? 'online';
        const channel = await trx
          .insertInto('channels')
          .values({
            uuid: crypto.randomUUID(),
            merchant_user_id: merchantUserId,
            store_id: store.id,
            terminal_id: terminal.id,
            name: channelSpec.name ?? `${type === 'pos' ? 'POS' : 'Online'} ${index}.${terminalIndex + 1}.${channelIndex + 1}`,
            code: code('CH'),
            type,
          })
          .returning(['id', 'name'])
          .executeTakeFirstOrThrow();
        channels.push({ id: channel.id, name: channel.name, type });
      }
      terminals.push({ id: terminal.id, name: terminal.name, channels });
    }
    return { id: store.id, name: store.name, terminals };
  });
}

/** A staff member of the merchant (active, passcode set) granted exactly `features`. */
export async function createTestStaff(t: TestApp, merchantUserId: bigint, features: TFeatureSlug[]): Promise<TestStaff> {
  counter += 1;
  const email = `staff-${counter}-${crypto.randomBytes(3).toString('hex')}@test.paywallet.local`;
  const id = await t.deps.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        uuid: crypto.randomUUID(),
        type: 'merchant',
        first_name: 'Staff',
        last_name: `Member ${counter}`,
        business_name: null,
        email,
        carrier_code: '+971',
        phone_number: `+97155${String(counter).padStart(7, '0')}`,
        password_hash: 'not-a-password',
        passcode_hash: 'not-a-passcode',
        status: 1,
        kyc_status: 2,
        parent_user_id: merchantUserId,
        avatar: null,
        device_token: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (features.length > 0) {
      const rows = await trx.selectFrom('features').select('id').where('slug', 'in', features).execute();
      if (rows.length !== features.length)
        throw new Error(`Unknown feature among ${features.join(', ')} (known: ${Object.keys(FEATURES).join(', ')})`);
      await trx
        .insertInto('staff_features')
        .values(rows.map((row) => ({ user_id: user.id, feature_id: row.id })))
        .execute();
    }
    return user.id;
  });
  const { token } = await openSession(t.deps.db, { userId: id, stage: 'user', ip: '127.0.0.1', userAgent: 'vitest' });
  return { id, email, token, features };
}

/** A merchant API client's credentials, as App Settings shows them to the main account. */
export interface TestApiCredentials {
  clientId: string;
  clientSecret: string;
}

/** The merchant's API client id and secret, read through App Settings as the main account reads them. */
export async function apiCredentialsOf(t: TestApp, merchant: Pick<TestMerchant, 'token'>): Promise<TestApiCredentials> {
  const settings = await t.call(getMerchantAppSettingsCall, {}, { token: merchant.token });
  if (settings.status !== 200) throw new Error(`App Settings answered ${settings.status} ${settings.message}`);
  return { clientId: settings.data[0]!.client_id, clientSecret: settings.data[0]!.client_secret! };
}
