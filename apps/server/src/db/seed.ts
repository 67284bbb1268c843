// Reference data (currencies, menu features, KYC form) and the demo accounts. Each part is
// written once: a marker in settings records it, so a restart seeds nothing twice and an
// operator's later edits stay.
import crypto from 'node:crypto';
import type { Db } from './database.ts';
import { hashSecret } from '../lib/secrets.ts';
import { createWallet } from '../modules/wallets/wallets.service.ts';

export const DEMO_ACCOUNTS = [
  { label: 'Merchant', type: 'merchant', email: 'merchant@demo.paywallet.local', password: 'Merchant123', passcode: '1234', firstName: 'Maya', lastName: 'Haddad', business: 'Haddad Coffee Roasters', phone: '+971501234567', currencies: ['AED', 'USD'] },
  { label: 'Consumer', type: 'consumer', email: 'consumer@demo.paywallet.local', password: 'Consumer123', passcode: '1234', firstName: 'Omar', lastName: 'Nasser', business: null, phone: '+971509876543', currencies: ['AED', 'USD', 'EUR'] },
] as const;

const CURRENCIES = [
  { code: 'AED', name: 'UAE Dirham' },
  { code: 'USD', name: 'US Dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'GBP', name: 'Pound Sterling' },
  { code: 'SAR', name: 'Saudi Riyal' },
];

/** Menu groups and features; each later area adds its own rows in its migration or seed. */
const FEATURES = [
  { group: 'Dashboard', groupSort: 1, slug: 'dashboard-overview', name: 'Dashboard', icon: 'dashboard', audience: 'all' as const, sort: 1 },
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

async function once(db: Db, marker: string, work: () => Promise<void>): Promise<void> {
  const done = await db.selectFrom('settings').select('key').where('key', '=', marker).executeTakeFirst();
  if (done) return;
  await work();
  await db.insertInto('settings').values({ key: marker, value: new Date().toISOString() }).onConflict((oc) => oc.column('key').doNothing()).execute();
}

export async function seedReferenceData(db: Db): Promise<void> {
  await once(db, 'seed:currencies:v1', async () => {
    for (const c of CURRENCIES) {
      await db.insertInto('currencies').values({ code: c.code, name: c.name }).onConflict((oc) => oc.column('code').doNothing()).execute();
    }
  });
  await once(db, 'seed:features:v1', async () => {
    for (const f of FEATURES) {
      await db.insertInto('feature_groups').values({ name: f.group, sort: f.groupSort }).onConflict((oc) => oc.column('name').doNothing()).execute();
      const group = await db.selectFrom('feature_groups').select('id').where('name', '=', f.group).executeTakeFirstOrThrow();
      await db
        .insertInto('features')
        .values({ group_id: group.id, slug: f.slug, name: f.name, web_icon: f.icon, audience: f.audience, sort: f.sort })
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
    }
  });
  await once(db, 'seed:kyc-inputs:v1', async () => {
    for (const input of KYC_INPUTS) {
      await db
        .insertInto('kyc_inputs')
        .values({ name: input.name, type: input.type, required: input.required, options: JSON.stringify(input.options), sort: input.sort })
        .execute();
    }
  });
}

export async function seedDemoData(db: Db): Promise<void> {
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
            status: 1,
            kyc_status: 2,
            avatar: null,
            device_token: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [index, code] of account.currencies.entries()) {
          const currency = await trx.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow();
          await createWallet(trx, user.id, currency.id, index === 0 ? 1 : 0);
        }
      });
    }
  });
}
