// Reference data (currencies, menu features, KYC form) and the demo accounts. Each part is
// written once: a marker in settings records it, so a restart seeds nothing twice and an
// operator's later edits stay.
import crypto from 'node:crypto';
import {
  FEATURE_GROUPS,
  FEATURES,
  SETTLEMENT_TYPE,
  KYC_STATUS,
  STORE_STATUS,
  STORE_TYPE,
  USER_STATUS,
  WALLET_KIND,
  type TFeatureSlug,
} from '@paywallet/contract';
import type { Db } from '../db/database.ts';
import { hashSecret } from '../lib/secrets.ts';
import { createWallet } from '../modules/wallets/wallets.service.ts';
import { postFeeFreeDeposit } from '../modules/ledger/ledger.service.ts';
import { fullName } from '../lib/display-text.ts';
import { insertDemoPosDevices } from './seed-pos.ts';
import { DEMO_ADMIN, insertDemoAdmin, insertDemoPendingStore } from './seed-admin.ts';
import { insertDemoCustomers } from './seed-customers.ts';
import { insertCardSchemes, insertDemoMerchantFees } from './seed-merchant-payments.ts';
import { insertDemoPaymentLinks } from './seed-payment-links.ts';
import { setSettlementConfig } from '../modules/settlements/settlements.service.ts';
import { insertDemoAppSettings } from './seed-app-settings.ts';
import { insertWithdrawalMethods } from './seed-withdrawals.ts';
import { insertDemoSettlementHistory } from './seed-settlements.ts';
import { loadConfig, type Config } from '../config.ts';

export const DEMO_ACCOUNTS = [
  {
    label: 'Merchant',
    type: 'merchant',
    email: 'merchant@demo.paywallet.local',
    password: 'Merchant123',
    passcode: '1234',
    firstName: 'Maya',
    lastName: 'Haddad',
    business: 'Haddad Coffee Roasters',
    phone: '+971501234567',
    currencies: ['AED', 'USD'],
  },
  {
    label: 'Consumer',
    type: 'consumer',
    email: 'consumer@demo.paywallet.local',
    password: 'Consumer123',
    passcode: '1234',
    firstName: 'Omar',
    lastName: 'Nasser',
    business: null,
    phone: '+971509876543',
    currencies: ['AED', 'USD', 'EUR'],
  },
] as const;

/**
 * A staff member of the demo merchant, granted only some features (spec 3 section 6), so the
 * permission model can be tried on first start: the menu lists only what was granted, and the
 * other screens say they are not available to the account.
 */
export const DEMO_STAFF = {
  label: 'Staff',
  email: 'staff@demo.paywallet.local',
  password: 'Staff123',
  passcode: '1234',
  firstName: 'Sami',
  lastName: 'Karam',
  phone: '+971501112233',
  features: ['dashboard-overview', 'transactions'] satisfies TFeatureSlug[],
} as const;

/** Opening balances of the demo wallets, in minor units: real deposits, so no money comes from nowhere. */
const DEMO_OPENING_BALANCES = [
  { email: 'consumer@demo.paywallet.local', currency: 'AED', amountMinor: 100_000n },
  { email: 'merchant@demo.paywallet.local', currency: 'AED', amountMinor: 50_000n },
] as const;
const OPENING_BALANCE_NOTES = 'Opening demo balance';

const CURRENCIES = [
  { code: 'AED', name: 'UAE Dirham' },
  { code: 'USD', name: 'US Dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'GBP', name: 'Pound Sterling' },
  { code: 'SAR', name: 'Saudi Riyal' },
];

/** Card deposits and wallet transfers in every currency, with charges and limits (minor units, bps). */
const PAYMENT_METHODS = [
  {
    code: 'CARD',
    name: 'Credit / Debit Card',
    type: 'DEPOSIT' as const,
    vpBps: 200,
    gwBps: 50,
    vpFixed: 100n,
    gwFixed: 0n,
    min: 1000n,
    max: 1_000_000n,
    daily: 5_000_000n,
  },
  {
    code: 'WALLET',
    name: 'Wallet Transfer',
    type: 'TRANSFER' as const,
    vpBps: 100,
    gwBps: 0,
    vpFixed: 0n,
    gwFixed: 0n,
    min: 100n,
    max: 5_000_000n,
    daily: 10_000_000n,
  },
];

const KYC_INPUTS = [
  { name: 'Full legal name', type: 'text' as const, required: true, options: null, sort: 1 },
  { name: 'Date of birth (YYYY-MM-DD)', type: 'text' as const, required: true, options: null, sort: 2 },
  { name: 'Nationality', type: 'text' as const, required: true, options: null, sort: 3 },
  { name: 'Source of funds', type: 'radio' as const, required: true, options: ['Salary', 'Business income', 'Savings', 'Other'], sort: 4 },
  { name: 'Politically exposed person', type: 'radio' as const, required: false, options: null, sort: 5 },
  { name: 'Identity document (passport or national ID)', type: 'file' as const, required: true, options: null, sort: 6 },
  { name: 'Proof of address', type: 'file' as const, required: false, options: null, sort: 7 },
  { name: 'I confirm the information above is true', type: 'checkbox' as const, required: true, options: null, sort: 8 },
];

/**
 * The menu features of the contract's catalogue (packages/contract/src/features.ts). Run at every
 * start: a feature added to the catalogue appears; existing rows (an operator's edits) stay.
 */
async function insertFeatures(db: Db): Promise<void> {
  for (const [slug, feature] of Object.entries(FEATURES)) {
    await db
      .insertInto('feature_groups')
      .values({ name: feature.group, sort: FEATURE_GROUPS[feature.group] })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const group = await db.selectFrom('feature_groups').select('id').where('name', '=', feature.group).executeTakeFirstOrThrow();
    await db
      .insertInto('features')
      .values({ group_id: group.id, slug, name: feature.name, web_icon: feature.icon, audience: feature.audience, sort: feature.sort })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
}

async function insertPaymentMethods(db: Db): Promise<void> {
  const currencies = await db.selectFrom('currencies').select('id').execute();
  for (const [sort, m] of PAYMENT_METHODS.entries()) {
    await db
      .insertInto('payment_methods')
      .values({ name: m.name, code: m.code, type: m.type, sort })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const method = await db.selectFrom('payment_methods').select('id').where('code', '=', m.code).executeTakeFirstOrThrow();
    for (const currency of currencies) {
      const link = await db
        .insertInto('currency_payment_methods')
        .values({ payment_method_id: method.id, currency_id: currency.id })
        .onConflict((oc) => oc.columns(['payment_method_id', 'currency_id']).doUpdateSet({ active: true }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('privileges')
        .values({
          currency_payment_method_id: link.id,
          vp_percentage_bps: m.vpBps,
          gw_percentage_bps: m.gwBps,
          vp_fixed_minor: m.vpFixed,
          gw_fixed_minor: m.gwFixed,
          min_amount_minor: m.min,
          max_amount_minor: m.max,
          daily_limit_minor: m.daily,
        })
        .onConflict((oc) => oc.column('currency_payment_method_id').doNothing())
        .execute();
    }
  }
}

const SYSTEM_ACCOUNT_NAMES = { gateway: 'Card clearing', fees: 'Fee revenue', vat: 'VAT payable', payouts: 'Payouts' } as const;

/** The ledger's system accounts, one of each kind per currency. */
export async function insertSystemAccounts(db: Db): Promise<void> {
  const currencies = await db.selectFrom('currencies').select('code').execute();
  for (const { code } of currencies) {
    for (const [kind, name] of Object.entries(SYSTEM_ACCOUNT_NAMES)) {
      await db
        .insertInto('system_accounts')
        .values({
          kind: kind as keyof typeof SYSTEM_ACCOUNT_NAMES,
          currency: code.trim(),
          name,
          account_number: `SYS-${kind.toUpperCase()}-${code.trim()}`,
        })
        .onConflict((oc) => oc.columns(['kind', 'currency']).doNothing())
        .execute();
    }
  }
}

async function once(db: Db, marker: string, work: () => Promise<void>): Promise<void> {
  const done = await db.selectFrom('settings').select('key').where('key', '=', marker).executeTakeFirst();
  if (done) return;
  await work();
  await db
    .insertInto('settings')
    .values({ key: marker, value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function seedReferenceData(db: Db): Promise<void> {
  await once(db, 'seed:currencies:v1', async () => {
    for (const c of CURRENCIES) {
      await db
        .insertInto('currencies')
        .values({ code: c.code, name: c.name })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }
  });
  await insertFeatures(db);
  await once(db, 'seed:payment-methods:v1', () => insertPaymentMethods(db));
  await once(db, 'seed:system-accounts:v1', () => insertSystemAccounts(db));
  await once(db, 'seed:card-schemes:v1', () => insertCardSchemes(db));
  await once(db, 'seed:withdrawal-methods:v1', () => insertWithdrawalMethods(db));
  await once(db, 'seed:kyc-inputs:v1', async () => {
    for (const input of KYC_INPUTS) {
      await db
        .insertInto('kyc_inputs')
        .values({ name: input.name, type: input.type, required: input.required, options: JSON.stringify(input.options), sort: input.sort })
        .execute();
    }
  });
}

/**
 * The demo data of a first start. `config` is the server's (main.ts passes its own): the demo
 * payments go through the services as the app composes them, which read it (the VAT rate, the
 * public URL).
 */
export async function seedDemoData(db: Db, config: Config = loadConfig()): Promise<void> {
  await seedReferenceData(db);
  await once(db, 'seed:demo-accounts:v1', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const existing = await db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirst();
      if (existing) continue;
      const passwordHash = await hashSecret(account.password);
      const passcodeHash = await hashSecret(account.passcode);
      await db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            uuid: crypto.randomUUID(),
            type: account.type,
            first_name: account.firstName,
            last_name: account.lastName,
            business_name: account.business,
            email: account.email,
            carrier_code: '+971',
            phone_number: account.phone,
            password_hash: passwordHash,
            passcode_hash: passcodeHash,
            status: USER_STATUS.ACTIVE,
            kyc_status: KYC_STATUS.APPROVED,
            avatar: null,
            device_token: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [index, code] of account.currencies.entries()) {
          const currency = await trx.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow();
          await createWallet(trx, user.id, currency.id, index === 0 ? WALLET_KIND.DEFAULT : WALLET_KIND.ORDINARY);
        }
      });
    }
  });
  await once(db, 'seed:demo-balances:v1', () => postDemoOpeningBalances(db));
  await once(db, 'seed:demo-stores:v1', () => insertDemoStores(db));
  await once(db, 'seed:demo-staff:v1', () => insertDemoStaff(db));
  await once(db, 'seed:pos:v1', () => insertDemoPosDevices(db, DEMO_ACCOUNTS[0].email, DEMO_STAFF.email));
  await once(db, 'seed:demo-merchant-fees:v1', () => insertDemoMerchantFees(db, DEMO_ACCOUNTS[0].email));
  await once(db, 'seed:demo-admin:v1', async () => {
    await insertDemoAdmin(db);
    await insertDemoPendingStore(db, DEMO_ACCOUNTS[0].email);
  });
  await once(db, 'seed:demo-customers:v1', () => insertDemoCustomers(db, DEMO_ACCOUNTS[0].email));
  await once(db, 'seed:demo-payment-links:v1', () => insertDemoPaymentLinks(db, DEMO_ACCOUNTS[0].email, 'HCR-ALQ-WEB'));
  await once(db, 'seed:demo-app-settings:v1', () => insertDemoAppSettings(db, DEMO_ACCOUNTS[0].email));
  await once(db, 'seed:demo-settlement-config:v1', () => insertDemoSettlementConfig(db, DEMO_ACCOUNTS[0].email));
  await once(db, 'seed:demo-settlement-history:v1', () =>
    insertDemoSettlementHistory(db, config, {
      merchantEmail: DEMO_ACCOUNTS[0].email,
      adminEmail: DEMO_ADMIN.email,
      consumer: DEMO_ACCOUNTS[1],
      channelCode: 'HCR-ALQ-WEB',
    }),
  );
}

/** The demo merchant settles aggregate, daily (T+1), holding a 10% rolling reserve for 7 days (docs/settlements.md). */
async function insertDemoSettlementConfig(db: Db, merchantEmail: string): Promise<void> {
  const merchant = await db.selectFrom('users').select('id').where('email', '=', merchantEmail).executeTakeFirst();
  if (!merchant) return;
  await setSettlementConfig(db, {
    merchantUserId: merchant.id,
    channelId: null,
    type: SETTLEMENT_TYPE.AGGREGATE,
    schedule: 'daily',
    delayDays: 1,
    reserveBps: 1_000,
    reserveHoldSeconds: 7 * 24 * 60 * 60,
  });
}

async function insertDemoStaff(db: Db): Promise<void> {
  const merchant = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS[0].email).executeTakeFirst();
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_STAFF.email).executeTakeFirst();
  if (!merchant || existing) return;
  const [passwordHash, passcodeHash] = await Promise.all([hashSecret(DEMO_STAFF.password), hashSecret(DEMO_STAFF.passcode)]);
  await db.transaction().execute(async (trx) => {
    const staff = await trx
      .insertInto('users')
      .values({
        uuid: crypto.randomUUID(),
        type: 'merchant',
        first_name: DEMO_STAFF.firstName,
        last_name: DEMO_STAFF.lastName,
        business_name: null,
        email: DEMO_STAFF.email,
        carrier_code: '+971',
        phone_number: DEMO_STAFF.phone,
        password_hash: passwordHash,
        passcode_hash: passcodeHash,
        status: USER_STATUS.ACTIVE,
        kyc_status: KYC_STATUS.APPROVED,
        parent_user_id: merchant.id,
        avatar: null,
        device_token: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const features = await trx.selectFrom('features').select('id').where('slug', 'in', DEMO_STAFF.features).execute();
    await trx
      .insertInto('staff_features')
      .values(features.map((feature) => ({ user_id: staff.id, feature_id: feature.id })))
      .execute();
  });
}

/**
 * The demo merchant's organisation, so every merchant screen has data on first start: an
 * active store with a counter terminal (an online and a POS channel) and a kiosk, and a draft
 * store still being onboarded.
 */
const DEMO_STORES = [
  {
    name: 'Haddad Coffee Roasters - Al Quoz',
    code: 'HCR-ALQ',
    status: STORE_STATUS.ACTIVE,
    type: STORE_TYPE.REGISTERED_BUSINESS,
    terminals: [
      {
        name: 'Roastery Counter',
        code: 'HCR-ALQ-T1',
        channels: [
          { name: 'Online Shop', code: 'HCR-ALQ-WEB', type: 'online' as const },
          { name: 'Counter POS', code: 'HCR-ALQ-POS1', type: 'pos' as const },
        ],
      },
      { name: 'Cafe Kiosk', code: 'HCR-ALQ-T2', channels: [{ name: 'Kiosk POS', code: 'HCR-ALQ-POS2', type: 'pos' as const }] },
    ],
  },
  {
    // The Draft store's fields pass the business form's rules (letters and spaces in the name, a
    // parent entity, reference, post code and MCC), so the merchant can save it as it is.
    name: 'Haddad Coffee Roasters Marina',
    code: 'HCR-MAR',
    status: STORE_STATUS.DRAFT,
    type: STORE_TYPE.DEFAULT,
    form: { parent_entity: 'Haddad Holdings', reference: 'HCR-MARINA', mcc_code: '5814', address_line1: 'Marina Walk', post_code: '00000' },
    terminals: [
      {
        name: 'Marina Counter',
        code: 'HCR-MAR-T1',
        channels: [
          { name: 'Marina Pay Links', code: 'HCR-MAR-WEB', type: 'online' as const },
          { name: 'Marina POS', code: 'HCR-MAR-POS1', type: 'pos' as const },
        ],
      },
    ],
  },
];

async function insertDemoStores(db: Db): Promise<void> {
  const merchant = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS[0].email).executeTakeFirst();
  if (!merchant) return;
  await db.transaction().execute(async (trx) => {
    for (const spec of DEMO_STORES) {
      const store = await trx
        .insertInto('stores')
        .values({
          uuid: crypto.randomUUID(),
          merchant_user_id: merchant.id,
          name: spec.name,
          code: spec.code,
          status: spec.status,
          type: spec.type,
          country: 'AE',
          city: 'Dubai',
          ...('form' in spec ? spec.form : {}),
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!store) continue;
      for (const terminalSpec of spec.terminals) {
        const terminal = await trx
          .insertInto('terminals')
          .values({
            uuid: crypto.randomUUID(),
            merchant_user_id: merchant.id,
            store_id: store.id,
            name: terminalSpec.name,
            code: terminalSpec.code,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const channel of terminalSpec.channels) {
          await trx
            .insertInto('channels')
            .values({
              uuid: crypto.randomUUID(),
              merchant_user_id: merchant.id,
              store_id: store.id,
              terminal_id: terminal.id,
              name: channel.name,
              code: channel.code,
              type: channel.type,
            })
            .execute();
        }
      }
    }
  });
}

/**
 * Credits each demo wallet its opening balance as a fee-free deposit (type 1, status 1):
 * gateway -A, wallet +A through the posting function. A wallet that already has its opening
 * deposit is skipped, so a crash between the posting and the once-marker posts nothing twice.
 */
async function postDemoOpeningBalances(db: Db): Promise<void> {
  for (const opening of DEMO_OPENING_BALANCES) {
    await db.transaction().execute(async (trx) => {
      const wallet = await trx
        .selectFrom('wallets')
        .innerJoin('users', 'users.id', 'wallets.user_id')
        .innerJoin('currencies', 'currencies.id', 'wallets.currency_id')
        .select(['wallets.id', 'wallets.user_id', 'wallets.currency_id', 'wallets.account_number', 'users.first_name', 'users.last_name'])
        .where('users.email', '=', opening.email)
        .where('currencies.code', '=', opening.currency)
        .forUpdate()
        .executeTakeFirst();
      if (!wallet) return;
      const done = await trx
        .selectFrom('transactions')
        .select('id')
        .where('receiver_account_id', '=', wallet.id)
        .where('notes', '=', OPENING_BALANCE_NOTES)
        .executeTakeFirst();
      if (done) return;
      const party = { userId: wallet.user_id, walletId: wallet.id, title: fullName(wallet), accountNumber: wallet.account_number };
      await postFeeFreeDeposit(
        trx,
        { party, currencyId: wallet.currency_id, currencyCode: opening.currency },
        opening.amountMinor,
        OPENING_BALANCE_NOTES,
      );
    });
  }
}
