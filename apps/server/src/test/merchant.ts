// A merchant for server tests, made straight in the database: the main account with wallets,
// its stores -> terminals -> channels, and staff members each granted the features given, all
// with full-stage sessions. Tests of permissions and of cross-merchant access need several such
// merchants quickly; the sign-in calls themselves are tested in modules/auth.
import crypto from 'node:crypto';
import { FEATURES, getMerchantAppSettingsCall, type TChannelType, type TFeatureSlug } from '@paywallet/contract';
import type { TestApp } from './harness.ts';
import { createTestPerson, type TestPerson } from './money.ts';
import { openSession, USER_STAGE_LIFE_S } from '../modules/auth/sessions.ts';
import { newSessionToken, sha256Hex } from '../lib/secrets.ts';

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

/** Merchants written per statement by createTestMerchants (each row's parameters stay far below PostgreSQL's 65,535). */
const MERCHANTS_PER_BATCH = 500;
let batchCounter = 0;

/**
 * Many merchants at once, each as createTestMerchant makes one with the default stores (a main
 * account with a wallet per currency, the first the default, a full-stage session, one store with
 * one terminal and an online and a POS channel): a statement per table for up to 500 merchants,
 * instead of about ten per merchant. For tests that use merchants by the hundred (the money
 * model); rows are matched back by their unique columns, not by the order RETURNING answers.
 */
export async function createTestMerchants(
  t: TestApp,
  count: number,
  options: { currencies?: readonly string[] } = {},
): Promise<TestMerchant[]> {
  const made: TestMerchant[] = [];
  for (let start = 0; start < count; start += MERCHANTS_PER_BATCH) {
    made.push(...(await insertMerchantBatch(t, Math.min(MERCHANTS_PER_BATCH, count - start), options.currencies ?? ['AED'])));
  }
  return made;
}

async function insertMerchantBatch(t: TestApp, count: number, currencies: readonly string[]): Promise<TestMerchant[]> {
  const people = Array.from({ length: count }, () => {
    batchCounter += 1;
    const tag = `${batchCounter}-${crypto.randomBytes(3).toString('hex')}`;
    // +97156: a prefix of its own (createTestPerson +97158, staff +97155, admins +97153).
    return {
      email: `merchant-${tag}@test.paywallet.local`,
      phone: `+97156${String(batchCounter).padStart(7, '0')}`,
      lastName: `Batch ${batchCounter}`,
      token: newSessionToken(),
    };
  });
  return t.deps.db.transaction().execute(async (trx) => {
    const currencyRows = await trx
      .selectFrom('currencies')
      .select(['id', 'code'])
      .where('code', 'in', [...currencies])
      .execute();
    const currencyIds = new Map(currencyRows.map((row) => [row.code.trim(), row.id]));
    const users = await trx
      .insertInto('users')
      .values(
        people.map((person) => ({
          uuid: crypto.randomUUID(),
          type: 'merchant' as const,
          first_name: 'Merchant',
          last_name: person.lastName,
          business_name: `Test Business ${person.lastName}`,
          email: person.email,
          carrier_code: '+971',
          phone_number: person.phone,
          password_hash: 'not-a-password',
          passcode_hash: 'not-a-passcode',
          status: 1,
          avatar: null,
          device_token: null,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const userIds = new Map(users.map((row) => [row.email, row.id]));
    const ids = people.map((person) => userIds.get(person.email)!);
    const accountNumbers = new Set<string>();
    const walletRows = ids.flatMap((userId) =>
      currencies.map((code, index) => ({
        user_id: userId,
        currency_id: currencyIds.get(code)!,
        account_number: uniqueAccountNumber(accountNumbers),
        is_default: index === 0 ? 1 : 0,
      })),
    );
    const wallets = await trx.insertInto('wallets').values(walletRows).returning(['id', 'user_id', 'currency_id']).execute();
    const expiresAt = new Date(Date.now() + USER_STAGE_LIFE_S * 1000);
    await trx
      .insertInto('sessions')
      .values(
        people.map((person, index) => ({
          user_id: ids[index]!,
          token_hash: sha256Hex(person.token),
          stage: 'user' as const,
          admin_login: false,
          impersonator_user_id: null,
          impersonator_session_id: null,
          ip: '127.0.0.1',
          user_agent: 'vitest',
          expires_at: expiresAt,
        })),
      )
      .execute();
    const storeCodes = ids.map(() => code('ST'));
    const stores = await trx
      .insertInto('stores')
      .values(
        ids.map((userId, index) => ({
          uuid: crypto.randomUUID(),
          merchant_user_id: userId,
          name: 'Store 1',
          code: storeCodes[index]!,
          status: 1,
          type: 1,
        })),
      )
      .returning(['id', 'code'])
      .execute();
    const storeIds = new Map(stores.map((row) => [row.code.trim(), row.id]));
    const terminalCodes = ids.map(() => code('TM'));
    const terminals = await trx
      .insertInto('terminals')
      .values(
        ids.map((userId, index) => ({
          uuid: crypto.randomUUID(),
          merchant_user_id: userId,
          store_id: storeIds.get(storeCodes[index]!)!,
          name: 'Terminal 1.1',
          code: terminalCodes[index]!,
        })),
      )
      .returning(['id', 'code'])
      .execute();
    const terminalIds = new Map(terminals.map((row) => [row.code.trim(), row.id]));
    const channelSpecs = ids.flatMap((userId, index) =>
      (['online', 'pos'] as const).map((type, channelIndex) => ({
        uuid: crypto.randomUUID(),
        merchant_user_id: userId,
        store_id: storeIds.get(storeCodes[index]!)!,
        terminal_id: terminalIds.get(terminalCodes[index]!)!,
        name: `${type === 'pos' ? 'POS' : 'Online'} 1.1.${channelIndex + 1}`,
        code: code('CH'),
        type,
      })),
    );
    const channels = await trx.insertInto('channels').values(channelSpecs).returning(['id', 'code']).execute();
    const channelIds = new Map(channels.map((row) => [row.code.trim(), row.id]));
    return people.map((person, index): TestMerchant => {
      const userId = ids[index]!;
      const mine = wallets.filter((wallet) => wallet.user_id === userId);
      return {
        id: userId,
        email: person.email,
        phone: person.phone,
        firstName: 'Merchant',
        lastName: person.lastName,
        token: person.token,
        wallets: Object.fromEntries(
          currencies.map((currency) => [currency, mine.find((wallet) => wallet.currency_id === currencyIds.get(currency))!.id]),
        ),
        stores: [
          {
            id: storeIds.get(storeCodes[index]!)!,
            name: 'Store 1',
            terminals: [
              {
                id: terminalIds.get(terminalCodes[index]!)!,
                name: 'Terminal 1.1',
                channels: channelSpecs
                  .slice(index * 2, index * 2 + 2)
                  .map((channel) => ({ id: channelIds.get(channel.code)!, name: channel.name, type: channel.type })),
              },
            ],
          },
        ],
        staff: [],
      };
    });
  });
}

/** A wallet account number as the wallets module makes them ('PW' and 12 digits), unique within the batch. */
function uniqueAccountNumber(taken: Set<string>): string {
  for (;;) {
    const number = `PW${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}`;
    if (!taken.has(number)) {
      taken.add(number);
      return number;
    }
  }
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
