// Store onboarding: the Stores table with its review log, create-store, update-store and the
// submit for approval, get-store-activation, manage-store-owners with documents checked by
// their bytes, get-file; every validation message of spec 3 section 5, the status rules (Draft
// -> submit -> Pending Approval, refused while pending, Request For Changes -> update -> submit
// again, Active and Deactive closed) and another merchant's ids: nothing leaked, nothing changed.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminGetStoreDetailsCall,
  adminGetStoreOwnerFileCall,
  createStoreCall,
  deleteStoreCall,
  getFileCall,
  getStoreActivationCall,
  getStoreCall,
  MCC_CATALOGUE,
  STORE_STATUS,
  updateStoreCall,
  ZCreateStoreResponse,
  ZGetStoreResponse,
  ZStoreActivation,
  ZStoreRow,
  type TCreateStoreRequest,
} from '@paywallet/contract';
import { countRows, createTestApp, DEMO_MERCHANT, fieldErrors, signIn, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestAdmin } from '../../test/admin.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { recordStoreReview } from './stores.service.ts';
import { LIST_KEYS_MAX } from '../../lib/file-store/file-store.ts';

/** A valid 1x1 PNG, and a JPEG's first bytes (enough for the type to be read from them). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const pngOfSize = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length, 0)]);

const TABLES = ['stores', 'store_owners', 'store_comments', 'audit_log'] as const;

const FORM: TCreateStoreRequest = {
  parentEntity: 'Haddad Holdings',
  reference: 'REF-001',
  name: 'Haddad Flowers',
  email: 'Flowers@Example.com',
  phone: '+971501234567',
  addressline1: 'Shop 4, Al Wasl Road',
  addressline2: '',
  city: 'Dubai',
  state: 'Dubai',
  postCode: '00000',
  country: 'AE',
  website: 'https://flowers.example.com',
  type: 2,
  mcc: '5992',
};

let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createTestMerchant(t, { stores: [], staff: [{ features: ['store'] }, { features: [] }] });
  rival = await createTestMerchant(t, { stores: [] });
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const boundary = `----paywallet-test-${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface OwnerAnswer {
  status: number;
  code: number;
  reason?: string;
  message: string;
  data: { id: number } & Record<string, unknown>;
}

async function manageOwner(
  token: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer; type: string } | null = { name: 'passport.png', bytes: PNG, type: 'image/png' },
): Promise<OwnerAnswer> {
  const { payload, headers } = multipart(fields, file ?? undefined);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/manage-store-owners',
    payload,
    headers: { ...headers, accesstoken: token },
  });
  return { status: response.statusCode, ...(response.json() as Omit<OwnerAnswer, 'status'>) };
}

const OWNER = { firstName: 'Rania', lastName: 'Haddad', dob: '1985-04-12', identityType: 'passport' };

/** Each store gets a reference of its own unless told: a merchant's reference opens one store only. */
let references = 0;
/** The reference each store was created with: an update that keeps it is no change of reference. */
const referenceOf = new Map<number, string>();

async function newStore(who: { token: string } = shop, form: Partial<TCreateStoreRequest> = {}): Promise<number> {
  references += 1;
  const reference = form.reference ?? `REF-T${references}`;
  const answer = await t.call(createStoreCall, { ...FORM, ...form, reference }, { token: who.token });
  expect(answer.status, answer.message).toBe(200);
  referenceOf.set(answer.data.id, reference);
  return answer.data.id;
}

/** The business form of a store created here, with its own reference (update-store refuses another store's). */
function formOf(storeId: number): TCreateStoreRequest {
  return { ...FORM, reference: referenceOf.get(storeId) ?? FORM.reference };
}

async function addOwner(storeId: number, who: { token: string } = shop): Promise<number> {
  const answer = await manageOwner(who.token, { ...OWNER, type: 'add', storeId: String(storeId) });
  expect(answer.status, answer.message).toBe(200);
  return answer.data.id;
}

/** The key of the owner's document in the file store now. */
async function documentKey(ownerId: number): Promise<string> {
  const row = await t.deps.db.selectFrom('store_owners').select('document_key').where('id', '=', BigInt(ownerId)).executeTakeFirstOrThrow();
  return row.document_key;
}

/** Every file in the file store, whichever it is (the owners' documents share it with other uploads). */
async function storedFiles(): Promise<Set<string>> {
  return new Set(await t.deps.files.list('', LIST_KEYS_MAX));
}

async function storeStatus(storeId: number): Promise<number> {
  const row = await t.deps.db.selectFrom('stores').select('status').where('id', '=', BigInt(storeId)).executeTakeFirstOrThrow();
  return row.status;
}

describe('the MCC catalogue', () => {
  it('holds the ISO 18245 list from 0742 to 9950 with its two ranges, each code once', () => {
    // Proves the catalogue's extent: the spec's first and last entries, the ranges, gambling and financial codes.
    expect(MCC_CATALOGUE.length).toBeGreaterThanOrEqual(230);
    expect(MCC_CATALOGUE[0]).toEqual({ code: '0742', name: 'Veterinary Services' });
    expect(MCC_CATALOGUE.at(-1)).toEqual({ code: '9950', name: 'Intra-Company Purchases' });
    const codes = MCC_CATALOGUE.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['3000–3299', '3400–3999', '7995', '6010', '6011', '6012', '6051', '6211']));
  });
});

describe('create-store', () => {
  it('creates a Draft store of the merchant with the business form, audited, and answers its id', async () => {
    // Proves the write: the row's fields, its status 4, its merchant, the audit row, no terminal.
    const before = await countRows(t, ['terminals', 'channels']);
    const answer = await t.call(createStoreCall, FORM, { token: shop.token });
    expect(answer.status, answer.message).toBe(200);
    ZCreateStoreResponse.strict().parse(answer.data);
    expect(answer.data).toEqual({ id: expect.any(Number), code: expect.stringMatching(/^ST-[0-9A-F]{10}$/), status: STORE_STATUS.DRAFT });
    const row = await t.deps.db.selectFrom('stores').selectAll().where('id', '=', BigInt(answer.data.id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      merchant_user_id: shop.id,
      status: 4,
      type: 2,
      name: 'Haddad Flowers',
      parent_entity: 'Haddad Holdings',
      reference: 'REF-001',
      email: 'flowers@example.com',
      phone: '+971501234567',
      mcc_code: '5992',
      address_line1: 'Shop 4, Al Wasl Road',
      city: 'Dubai',
      post_code: '00000',
      country: 'AE',
      website: 'https://flowers.example.com',
    });
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'store.create')
      .where('subject_id', '=', String(answer.data.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(await countRows(t, ['terminals', 'channels'])).toEqual(before);
  });

  it('refuses each field that breaks a rule with its message, writing nothing', async () => {
    // Proves every section 5 rule of the business form on the server.
    const cases: Array<[Partial<Record<keyof TCreateStoreRequest, unknown>>, string, string]> = [
      [{ name: '' }, 'name', 'The name field is required'],
      [{ name: 'Flowers & Co' }, 'name', 'The name may only contain letters and spaces'],
      [{ phone: '05-123' }, 'phone', 'Only numeric characters are allowed'],
      [{ phone: '000501234567' }, 'phone', 'Invalid phone number'],
      [{ phone: '12345' }, 'phone', 'Phone number must be between 9 and 15 digits'],
      [{ mcc: '' }, 'mcc', 'The mcc field is required'],
      [{ mcc: '1234' }, 'mcc', 'The selected merchant category code is invalid'],
      [{ postCode: ' ' }, 'postCode', 'The post code field is required'],
      [{ website: 'flowers dot com' }, 'website', 'The URL format is invalid'],
      [{ parentEntity: '' }, 'parentEntity', 'The parent entity field is required'],
      [{ reference: '' }, 'reference', 'The reference field is required'],
      [{ type: 0 }, 'type', 'The selected business type is invalid'],
      [{ type: 3 }, 'type', 'The selected business type is invalid'],
      [{ country: 'SA' }, 'country', 'The selected country is invalid'],
      [{ email: 'not-an-email' }, 'email', 'The email must be a valid email address'],
    ];
    const before = await countRows(t, TABLES);
    for (const [change, field, message] of cases) {
      const answer = await t.call(createStoreCall, { ...FORM, ...change } as TCreateStoreRequest, { token: shop.token });
      expect({ status: answer.status, reason: answer.reason, message: answer.message, field: fieldErrors(answer)[field] }, field).toEqual({
        status: 400,
        reason: 'VALIDATION_FAILED',
        message,
        field: message,
      });
    }
    expect(await countRows(t, TABLES)).toEqual(before);
  });

  it('takes the optional fields empty and the range codes of the catalogue', async () => {
    // Proves empty phone, e-mail and website pass, and a range entry is a valid mcc.
    const id = await newStore(shop, { phone: '', email: '', website: '', addressline1: '', city: '', mcc: '3000–3299', type: 1 });
    const activation = await t.call(getStoreActivationCall, { storeId: id }, { token: shop.token });
    expect(activation.data).toMatchObject({ mcc_code: '3000–3299', type: 1, phone: '', email: '', website: '' });
  });
});

describe('a reference already used', () => {
  it('is refused on create with the store that holds it, writing nothing; get-store finds that store by its reference', async () => {
    // Proves a merchant's reference opens its store instead of creating a second one; another
    // merchant may use the same reference.
    const merchant = await createTestMerchant(t, { stores: [] });
    const first = await newStore(merchant, { reference: 'HQ-REF-7' });
    const code = (await t.call(getStoreActivationCall, { storeId: first }, { token: merchant.token })).data.code;
    const before = await countRows(t, TABLES);
    const again = await t.call(createStoreCall, { ...FORM, reference: 'HQ-REF-7', name: 'Second Try' }, { token: merchant.token });
    const message = `The reference is already used by store ${code}. Open that store to continue its onboarding.`;
    expect([again.status, again.reason, again.message]).toEqual([409, 'STORE_REFERENCE_TAKEN', message]);
    expect(fieldErrors(again).reference).toBe(message);
    expect(await countRows(t, TABLES)).toEqual(before);

    const found = await t.call(getStoreCall, { reference: 'HQ-REF-7' }, { token: merchant.token });
    expect(found.data.data.map((row) => row.id)).toEqual([first]);
    const none = await t.call(getStoreCall, { reference: 'HQ-REF' }, { token: merchant.token });
    expect(none.data.data).toEqual([]);
    // The reference is the merchant's own: another merchant neither sees that store nor is refused.
    expect((await t.call(getStoreCall, { reference: 'HQ-REF-7' }, { token: rival.token })).data.data).toEqual([]);
    await newStore(rival, { reference: 'HQ-REF-7' });
  });

  it('is refused on update when changed to another store’s, with the same message on the field, changing nothing', async () => {
    // Proves update-store holds the rule create-store holds: the reference the merchant's other
    // store uses is refused (409, named, on the field), the store's own reference is saved
    // again, a free one is taken, and another merchant's reference never counts.
    const merchant = await createTestMerchant(t, { stores: [] });
    const holder = await newStore(merchant, { reference: 'UPD-REF-1' });
    const storeId = await newStore(merchant, { reference: 'UPD-REF-2' });
    await newStore(rival, { reference: 'UPD-REF-3' });
    const code = (await t.call(getStoreActivationCall, { storeId: holder }, { token: merchant.token })).data.code;
    const update = (form: Partial<TCreateStoreRequest>) =>
      t.call(updateStoreCall, { ...FORM, storeId, ...form }, { token: merchant.token });

    const before = await countRows(t, TABLES);
    const taken = await update({ reference: 'UPD-REF-1', name: 'Renamed' });
    const message = `The reference is already used by store ${code}. Open that store to continue its onboarding.`;
    expect([taken.status, taken.reason, taken.message]).toEqual([409, 'STORE_REFERENCE_TAKEN', message]);
    expect(fieldErrors(taken).reference).toBe(message);
    expect(await countRows(t, TABLES)).toEqual(before);
    expect((await t.call(getStoreActivationCall, { storeId }, { token: merchant.token })).data).toMatchObject({
      reference: 'UPD-REF-2',
      name: FORM.name,
    });

    const unchanged = await update({ reference: 'UPD-REF-2', name: 'Kept Reference' });
    expect(unchanged.status, unchanged.message).toBe(200);
    const rivals = await update({ reference: 'UPD-REF-3' });
    expect(rivals.status, rivals.message).toBe(200);
    expect((await t.call(getStoreActivationCall, { storeId }, { token: merchant.token })).data.reference).toBe('UPD-REF-3');
    // The reference it gave up is free again, for its other store too.
    const freed = await t.call(updateStoreCall, { ...FORM, storeId: holder, reference: 'UPD-REF-2' }, { token: merchant.token });
    expect(freed.status, freed.message).toBe(200);
  });

  it('lets only one of two simultaneous creations with one reference through', async () => {
    const merchant = await createTestMerchant(t, { stores: [] });
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.call(createStoreCall, { ...FORM, reference: 'RACE-REF' }, { token: merchant.token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const rows = await t.deps.db.selectFrom('stores').select('id').where('merchant_user_id', '=', merchant.id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('delete-store', () => {
  it('deletes a Draft store with its owners, their documents, terminals and channels, audited', async () => {
    const merchant = await createTestMerchant(t, { stores: [{ status: STORE_STATUS.DRAFT }] });
    const seededDraft = Number(merchant.stores[0]!.id);
    const created = await newStore(merchant);
    await addOwner(created, merchant);
    const document = await documentKey(
      (await t.call(getStoreActivationCall, { storeId: created }, { token: merchant.token })).data.owners[0]!.id,
    );
    expect(await t.deps.files.exists(document)).toBe(true);
    for (const storeId of [created, seededDraft]) {
      const answer = await t.call(deleteStoreCall, { storeId }, { token: merchant.token });
      expect([answer.status, answer.message, answer.data]).toEqual([200, 'Store deleted.', { id: storeId }]);
      const gone = await t.call(getStoreActivationCall, { storeId }, { token: merchant.token });
      expect(gone.reason).toBe('STORE_NOT_FOUND');
    }
    expect(await t.deps.files.exists(document)).toBe(false);
    const parts = await Promise.all(
      ['terminals', 'channels', 'store_owners'].map((table) =>
        t.deps.db
          .selectFrom(table as 'terminals')
          .select('id')
          .where('merchant_user_id', '=', merchant.id)
          .execute(),
      ),
    );
    expect(parts.map((rows) => rows.length)).toEqual([0, 0, 0]);
    const audit = await t.deps.db.selectFrom('audit_log').select('subject_id').where('action', '=', 'store.delete').execute();
    expect(audit.map((row) => row.subject_id)).toEqual(expect.arrayContaining([String(created), String(seededDraft)]));
  });

  it('refuses a store that is not a Draft, and a Draft something refers to, changing nothing', async () => {
    const merchant = await createTestMerchant(t, {
      stores: [{ status: 1 }, { status: 0 }, { status: 2 }, { status: 3 }, { status: 4, terminals: [{ channels: [{ type: 'pos' }] }] }],
    });
    const [active, deactive, changes, pending, used] = merchant.stores.map((store) => Number(store.id));
    await t.deps.db
      .insertInto('customers')
      .values({ merchant_user_id: merchant.id, channel_id: merchant.stores[4]!.terminals[0]!.channels[0]!.id, name: 'Walk In' })
      .execute();
    const before = await countRows(t, [...TABLES, 'terminals', 'channels']);
    for (const storeId of [active!, deactive!, changes!, pending!]) {
      const answer = await t.call(deleteStoreCall, { storeId }, { token: merchant.token });
      expect([answer.status, answer.reason, answer.message]).toEqual([409, 'STORE_NOT_DELETABLE', 'Only a Draft store can be deleted.']);
    }
    const inUse = await t.call(deleteStoreCall, { storeId: used! }, { token: merchant.token });
    expect([inUse.status, inUse.reason]).toEqual([409, 'STORE_IN_USE']);
    expect(await countRows(t, [...TABLES, 'terminals', 'channels'])).toEqual(before);
  });

  it('is open to staff granted the store feature only', async () => {
    const draft = await newStore();
    const refused = await t.call(deleteStoreCall, { storeId: draft }, { token: shop.staff[1]!.token });
    expect(refused.status).toBe(403);
    const allowed = await t.call(deleteStoreCall, { storeId: draft }, { token: shop.staff[0]!.token });
    expect(allowed.status, allowed.message).toBe(200);
  });
});

describe('the console’s review of a store', () => {
  it('reads what is approved: the business details, MCC and owners; each document read is audited', async () => {
    // Proves admin/get-store-details and admin/get-store-owner-file on a submitted store of any merchant.
    const admin = await createTestAdmin(t);
    const storeId = await newStore(rival, { name: 'Rival Garden', mcc: '5992' });
    const ownerId = await addOwner(storeId, rival);
    const submitted = await t.call(
      updateStoreCall,
      { ...FORM, name: 'Rival Garden', storeId, status: 3, id: storeId },
      { token: rival.token },
    );
    expect(submitted.status, submitted.message).toBe(200);

    const details = await t.call(adminGetStoreDetailsCall, { storeId }, { token: admin.token });
    expect(details.status, details.message).toBe(200);
    ZStoreActivation.strict().parse(details.data);
    expect(details.data).toMatchObject({
      id: storeId,
      name: 'Rival Garden',
      mcc_code: '5992',
      parent_entity: FORM.parentEntity,
      status: STORE_STATUS.PENDING_APPROVAL,
      address: { postCode: FORM.postCode, city: FORM.city },
      owners: [{ id: ownerId, first_name: OWNER.firstName, last_name: OWNER.lastName, dob: OWNER.dob, document_type: 'passport' }],
    });

    const file = await t.call(adminGetStoreOwnerFileCall, { ownerId }, { token: admin.token });
    expect(file.status, file.message).toBe(200);
    expect(file.data.mimeType).toBe('image/png');
    expect(file.data.file).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    const reads = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'subject_type', 'subject_id'])
      .where('action', '=', 'store-owner-file.read')
      .execute();
    expect(reads).toEqual([{ actor_user_id: admin.id, subject_type: 'store_owner', subject_id: String(ownerId) }]);
  });

  it('answers an unknown store or owner as not found, and refuses a merchant', async () => {
    const admin = await createTestAdmin(t);
    const store = await t.call(adminGetStoreDetailsCall, { storeId: 987_654_321 }, { token: admin.token });
    expect([store.status, store.reason]).toEqual([404, 'STORE_NOT_FOUND']);
    const file = await t.call(adminGetStoreOwnerFileCall, { ownerId: 987_654_321 }, { token: admin.token });
    expect([file.status, file.reason]).toEqual([404, 'FILE_NOT_FOUND']);
    const storeId = await newStore();
    const merchant = await t.call(adminGetStoreDetailsCall, { storeId }, { token: shop.token });
    expect(merchant.status).toBe(403);
  });
});

describe('the demo’s Draft store', () => {
  it('can be saved as it is: its seeded fields pass the business form’s rules', async () => {
    // Proves the seed against the form: the update sends what the update view reads (a type-0
    // default store takes Registered Business, the form's default choice).
    const demo = { token: await signIn(t, DEMO_MERCHANT) };
    const stores = await t.call(getStoreCall, { search: 'HCR-MAR' }, { token: demo.token });
    const draft = stores.data.data.find((row) => row.code === 'HCR-MAR')!;
    expect(draft.status).toBe(STORE_STATUS.DRAFT);
    const activation = (await t.call(getStoreActivationCall, { storeId: draft.id }, { token: demo.token })).data;
    const saved = await t.call(
      updateStoreCall,
      {
        storeId: draft.id,
        parentEntity: activation.parent_entity,
        reference: activation.reference,
        name: activation.name,
        email: activation.email,
        phone: activation.phone,
        addressline1: activation.address.addressline1,
        addressline2: activation.address.addressline2,
        city: activation.address.city,
        state: activation.address.state,
        postCode: activation.address.postCode,
        country: activation.address.country,
        website: activation.website,
        type: activation.type === 1 ? 1 : 2,
        mcc: activation.mcc_code,
      },
      { token: demo.token },
    );
    expect(saved.status, `${saved.message} ${JSON.stringify(saved.data)}`).toBe(200);
  });
});

describe('get-store', () => {
  it('pages the merchant’s stores newest first with status, type, dates and the review log, nothing of another merchant', async () => {
    // Proves the table's row shape (strict), the comments oldest first, and the merchant filter.
    const merchant = await createTestMerchant(t, { stores: [] });
    const first = await newStore(merchant, { name: 'First Shop' });
    const second = await newStore(merchant, { name: 'Second Shop' });
    await newStore(rival, { name: 'Rival Shop' });
    const admin = await createTestAdmin(t);
    await t.deps.db.transaction().execute(async (trx) => {
      await recordStoreReview(trx, { storeId: BigInt(first), status: 2, comment: 'Add a trade licence.', authorUserId: admin.id });
      await recordStoreReview(trx, { storeId: BigInt(first), status: 0, comment: 'Closed.', authorUserId: admin.id });
    });
    const answer = await t.call(getStoreCall, {}, { token: merchant.token });
    expect(answer.status).toBe(200);
    ZGetStoreResponse.extend({ data: ZStoreRow.strict().array() }).strict().parse(answer.data);
    expect(answer.data.paginationData).toEqual({ total: 2, perPage: 10, currentPage: 1 });
    expect(answer.data.data.map((row) => row.id)).toEqual([second, first]);
    expect(answer.data.data[1]).toEqual({
      id: first,
      name: 'First Shop',
      code: expect.stringMatching(/^ST-/),
      status: 0,
      status_str: 'Deactive',
      type: 2,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      details: [
        { status: 2, comments: 'Add a trade licence.', created_at: expect.any(String) },
        { status: 0, comments: 'Closed.', created_at: expect.any(String) },
      ],
    });
    expect(answer.data.data[0]).toMatchObject({ status: 4, status_str: 'Draft', details: [] });
    const paged = await t.call(getStoreCall, { page: 2, perPage: 1 }, { token: merchant.token });
    expect(paged.data.data.map((row) => row.id)).toEqual([first]);
    const searched = await t.call(getStoreCall, { search: 'second' }, { token: merchant.token });
    expect(searched.data.data.map((row) => row.id)).toEqual([second]);
    const theirs = await t.call(getStoreCall, { search: 'Shop' }, { token: rival.token });
    expect(theirs.data.data.map((row) => row.name)).toEqual(['Rival Shop']);
  });

  it('is open to staff granted the store feature, who see the merchant’s stores', async () => {
    // Proves staff act for their merchant (the policy table proves the refusal without the feature).
    const answer = await t.call(getStoreCall, {}, { token: shop.staff[0]!.token });
    expect(answer.status).toBe(200);
    const owners = await t.call(getStoreCall, {}, { token: shop.token });
    expect(answer.data.data.map((row) => row.id)).toEqual(owners.data.data.map((row) => row.id));
    const refused = await t.call(getStoreCall, {}, { token: shop.staff[1]!.token });
    expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 403, reason: 'FEATURE_NOT_GRANTED' });
  });
});

describe('manage-store-owners and get-file', () => {
  it('adds, updates and deletes an owner, each audited, and serves the document as a data URL', async () => {
    // Proves the owner's life: add (document stored), update without a file (kept), with a JPEG (replaced), delete.
    const storeId = await newStore();
    const added = await manageOwner(shop.token, { ...OWNER, type: 'add', storeId: String(storeId) });
    expect(added.status, added.message).toBe(200);
    expect(added.data).toEqual({ id: expect.any(Number) });
    const ownerId = added.data.id;
    let activation = await t.call(getStoreActivationCall, { storeId }, { token: shop.token });
    ZStoreActivation.strict().parse(activation.data);
    expect(activation.data.owners).toEqual([
      { id: ownerId, first_name: 'Rania', last_name: 'Haddad', dob: '1985-04-12', document_type: 'passport', docs_url: 'passport.png' },
    ]);
    const file = await t.call(getFileCall, { type: 'STORE', typeId: ownerId }, { token: shop.token });
    expect(file.status).toBe(200);
    expect(file.data).toEqual({ file: `data:image/png;base64,${PNG.toString('base64')}`, mimeType: 'image/png', fileName: 'passport.png' });

    const renamed = await manageOwner(
      shop.token,
      { ...OWNER, firstName: 'Rana', identityType: 'nationalIdCard', type: 'update', storeId: String(storeId), id: String(ownerId) },
      null,
    );
    expect(renamed.status, renamed.message).toBe(200);
    activation = await t.call(getStoreActivationCall, { storeId }, { token: shop.token });
    expect(activation.data.owners[0]).toMatchObject({ first_name: 'Rana', document_type: 'nationalIdCard', docs_url: 'passport.png' });

    const replaced = await manageOwner(
      shop.token,
      { ...OWNER, type: 'update', storeId: String(storeId), id: String(ownerId) },
      { name: 'id.jpg', bytes: JPEG, type: 'image/jpeg' },
    );
    expect(replaced.status, replaced.message).toBe(200);
    const jpeg = await t.call(getFileCall, { type: 'STORE', typeId: ownerId }, { token: shop.staff[0]!.token });
    expect(jpeg.data).toMatchObject({ file: `data:image/jpeg;base64,${JPEG.toString('base64')}`, fileName: 'id.jpg' });

    const deleted = await manageOwner(shop.token, { type: 'delete', storeId: String(storeId), id: String(ownerId) }, null);
    expect(deleted.status, deleted.message).toBe(200);
    activation = await t.call(getStoreActivationCall, { storeId }, { token: shop.token });
    expect(activation.data.owners).toEqual([]);
    const gone = await t.call(getFileCall, { type: 'STORE', typeId: ownerId }, { token: shop.token });
    expect({ status: gone.status, reason: gone.reason }).toEqual({ status: 404, reason: 'FILE_NOT_FOUND' });
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'store-owner.manage')
      .where('subject_id', '=', String(ownerId))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => (row.detail as { operation: string }).operation)).toEqual(['add', 'update', 'update', 'delete']);
  });

  it('refuses a document by its bytes: a .png name with text, a PDF, 600KB or more, or none to add', async () => {
    // Proves DECISIONS 8 on the server: the type read from the content, the size limit strictly under 600KB.
    const storeId = String(await newStore());
    const before = await countRows(t, TABLES);
    const cases: Array<[{ name: string; bytes: Buffer; type: string } | null, string, string]> = [
      [
        { name: 'passport.png', bytes: Buffer.from('this is only text, not an image'), type: 'image/png' },
        'OWNER_DOCUMENT_TYPE',
        'Only jpeg and png files are allowed',
      ],
      [{ name: 'passport.png', bytes: PDF, type: 'image/png' }, 'OWNER_DOCUMENT_TYPE', 'Only jpeg and png files are allowed'],
      [
        { name: 'big.png', bytes: pngOfSize(600 * 1024), type: 'image/png' },
        'OWNER_DOCUMENT_TOO_LARGE',
        'File size should be less than 600KB',
      ],
      [
        { name: 'huge.png', bytes: pngOfSize(2 * 1024 * 1024), type: 'image/png' },
        'OWNER_DOCUMENT_TOO_LARGE',
        'File size should be less than 600KB',
      ],
      [null, 'OWNER_DOCUMENT_REQUIRED', 'The document field is required'],
    ];
    for (const [file, reason, message] of cases) {
      const answer = await manageOwner(shop.token, { ...OWNER, type: 'add', storeId }, file);
      expect({ status: answer.status, reason: answer.reason, message: answer.message }, file?.name ?? 'no file').toEqual({
        status: 400,
        reason,
        message,
      });
    }
    const justUnder = await manageOwner(
      shop.token,
      { ...OWNER, type: 'add', storeId },
      { name: 'ok.png', bytes: pngOfSize(600 * 1024 - 1), type: 'image/png' },
    );
    expect(justUnder.status, justUnder.message).toBe(200);
    const after = await countRows(t, TABLES);
    expect(after.store_owners).toBe(before.store_owners + 1);
  });

  it('refuses each owner field that breaks a rule with its message', async () => {
    // Proves the owner rules: names, a date of birth that exists and is not in the future, the six document types, the operation.
    const storeId = String(await newStore());
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ firstName: '' }, 'firstName', 'The first name field is required'],
      [{ lastName: 'H4ddad' }, 'lastName', 'The last name may only contain letters and spaces'],
      [{ dob: '12/04/1985' }, 'dob', 'The date of birth must be a date in the format YYYY-MM-DD'],
      [{ dob: '1985-02-30' }, 'dob', 'The date of birth is not a valid date'],
      [{ dob: tomorrow }, 'dob', 'The date of birth cannot be later than today'],
      [{ identityType: 'libraryCard' }, 'identityType', 'The selected identity type is invalid'],
    ];
    const before = await countRows(t, TABLES);
    for (const [change, field, message] of cases) {
      const answer = await manageOwner(shop.token, { ...OWNER, type: 'add', storeId, ...change });
      expect(
        {
          status: answer.status,
          reason: answer.reason,
          message: answer.message,
          field: (answer.data as unknown as { errors: Record<string, string> }).errors?.[field],
        },
        field,
      ).toEqual({
        status: 400,
        reason: 'VALIDATION_FAILED',
        message,
        field: message,
      });
    }
    const badType = await manageOwner(shop.token, { ...OWNER, type: 'replace', storeId });
    expect({ status: badType.status, reason: badType.reason }).toEqual({ status: 400, reason: 'VALIDATION_FAILED' });
    const noId = await manageOwner(shop.token, { ...OWNER, type: 'update', storeId });
    expect({ status: noId.status, message: noId.message }).toEqual({ status: 400, message: 'The owner field is required' });
    expect(await countRows(t, TABLES)).toEqual(before);
  });

  it('removes a replaced document and a deleted owner’s document from the file store, after the change commits', async () => {
    // Proves the old upload does not stay on disk: replaced -> old path gone, the new one served; deleted -> gone.
    const storeId = await newStore();
    const ownerId = await addOwner(storeId);
    const first = await documentKey(ownerId);
    expect(await t.deps.files.exists(first)).toBe(true);

    const replaced = await manageOwner(
      shop.token,
      { ...OWNER, type: 'update', storeId: String(storeId), id: String(ownerId) },
      { name: 'id.jpg', bytes: JPEG, type: 'image/jpeg' },
    );
    expect(replaced.status, replaced.message).toBe(200);
    const second = await documentKey(ownerId);
    expect(second).not.toBe(first);
    expect(await t.deps.files.exists(first)).toBe(false);
    expect(await t.deps.files.get(second)).toEqual(JPEG);
    const served = await t.call(getFileCall, { type: 'STORE', typeId: ownerId }, { token: shop.token });
    expect(served.data).toMatchObject({ file: `data:image/jpeg;base64,${JPEG.toString('base64')}`, fileName: 'id.jpg' });

    // An update without a file keeps the document where it is.
    const renamed = await manageOwner(
      shop.token,
      { ...OWNER, firstName: 'Rana', type: 'update', storeId: String(storeId), id: String(ownerId) },
      null,
    );
    expect(renamed.status, renamed.message).toBe(200);
    expect(await documentKey(ownerId)).toBe(second);
    expect(await t.deps.files.exists(second)).toBe(true);

    const deleted = await manageOwner(shop.token, { type: 'delete', storeId: String(storeId), id: String(ownerId) }, null);
    expect(deleted.status, deleted.message).toBe(200);
    expect(await t.deps.files.exists(second)).toBe(false);
  });

  it('leaves the files untouched when an update or a delete is refused or rolled back', async () => {
    // Proves a refused change keeps the owner's document and stores no stray upload, and a change
    // the database rolls back after the new upload was stored keeps the old one and drops the new.
    const storeId = await newStore();
    const ownerId = await addOwner(storeId);
    const document = await documentKey(ownerId);
    const before = await storedFiles();
    const update = { ...OWNER, type: 'update', storeId: String(storeId), id: String(ownerId) };

    const badBytes = await manageOwner(shop.token, update, { name: 'id.png', bytes: PDF, type: 'image/png' });
    expect({ status: badBytes.status, reason: badBytes.reason }).toEqual({ status: 400, reason: 'OWNER_DOCUMENT_TYPE' });
    const badField = await manageOwner(shop.token, { ...update, dob: '1985-02-30' }, { name: 'id.jpg', bytes: JPEG, type: 'image/jpeg' });
    expect({ status: badField.status, reason: badField.reason }).toEqual({ status: 400, reason: 'VALIDATION_FAILED' });
    const crossedUpdate = await manageOwner(rival.token, update, { name: 'id.jpg', bytes: JPEG, type: 'image/jpeg' });
    expect(crossedUpdate.status).toBe(404);
    const crossedDelete = await manageOwner(rival.token, { type: 'delete', storeId: String(storeId), id: String(ownerId) }, null);
    expect(crossedDelete.status).toBe(404);
    expect(await storedFiles()).toEqual(before);

    // The database refuses the new row after the upload was stored (a check added for this test):
    // the transaction rolls back, the old document stays and the new upload is removed again.
    await sql`ALTER TABLE store_owners ADD CONSTRAINT test_refused_owner CHECK (first_name <> 'Refused')`.execute(t.deps.db);
    try {
      const rolledBack = await manageOwner(
        shop.token,
        { ...update, firstName: 'Refused' },
        { name: 'id.jpg', bytes: JPEG, type: 'image/jpeg' },
      );
      expect(rolledBack.status).toBe(500);
    } finally {
      await sql`ALTER TABLE store_owners DROP CONSTRAINT test_refused_owner`.execute(t.deps.db);
    }
    expect(await storedFiles()).toEqual(before);

    // A store waiting for review takes no change to its owners.
    const submitted = await t.call(updateStoreCall, { ...formOf(storeId), storeId, status: 3, id: storeId }, { token: shop.token });
    expect(submitted.data).toEqual({ id: storeId, status: STORE_STATUS.PENDING_APPROVAL });
    const pending = await manageOwner(shop.token, update, { name: 'id.jpg', bytes: JPEG, type: 'image/jpeg' });
    expect({ status: pending.status, reason: pending.reason }).toEqual({ status: 409, reason: 'STORE_PENDING_APPROVAL' });
    const pendingDelete = await manageOwner(shop.token, { type: 'delete', storeId: String(storeId), id: String(ownerId) }, null);
    expect({ status: pendingDelete.status, reason: pendingDelete.reason }).toEqual({ status: 409, reason: 'STORE_PENDING_APPROVAL' });

    expect(await storedFiles()).toEqual(before);
    expect(await t.deps.files.exists(document)).toBe(true);
    const served = await t.call(getFileCall, { type: 'STORE', typeId: ownerId }, { token: shop.token });
    expect(served.data).toMatchObject({ file: `data:image/png;base64,${PNG.toString('base64')}`, fileName: 'passport.png' });
  });

  it('keeps at most 10 owners on a store', async () => {
    // Proves the bound on one store's owners.
    const storeId = await newStore();
    for (let index = 0; index < 10; index++) await addOwner(storeId);
    const refused = await manageOwner(shop.token, { ...OWNER, type: 'add', storeId: String(storeId) });
    expect({ status: refused.status, reason: refused.reason, message: refused.message }).toEqual({
      status: 422,
      reason: 'STORE_OWNERS_LIMIT',
      message: 'A store may have at most 10 owners.',
    });
  });
});

describe('update-store and the submit for approval', () => {
  it('updates a Draft, refuses a submit without owners, submits with one, then refuses every change while pending', async () => {
    // Proves Draft -> update -> submit (3), the owner rule, and status 3's lock on the form and the owners.
    const storeId = await newStore();
    const updated = await t.call(updateStoreCall, { ...formOf(storeId), name: 'Haddad Blooms', storeId }, { token: shop.token });
    expect(updated.status, updated.message).toBe(200);
    expect(updated.data).toEqual({ id: storeId, status: STORE_STATUS.DRAFT });
    expect((await t.call(getStoreActivationCall, { storeId }, { token: shop.token })).data.name).toBe('Haddad Blooms');

    const before = await countRows(t, TABLES);
    const lonely = await t.call(
      updateStoreCall,
      { ...formOf(storeId), name: 'Not Saved', storeId, status: 3, id: storeId },
      { token: shop.token },
    );
    expect({ status: lonely.status, reason: lonely.reason, message: lonely.message }).toEqual({
      status: 422,
      reason: 'STORE_OWNER_REQUIRED',
      message: 'Please add at least one owner before submitting the store for approval.',
    });
    expect(await countRows(t, TABLES)).toEqual(before);
    expect((await t.call(getStoreActivationCall, { storeId }, { token: shop.token })).data.name).toBe('Haddad Blooms');

    const wrongId = await t.call(updateStoreCall, { ...formOf(storeId), storeId, status: 3, id: storeId + 1 }, { token: shop.token });
    expect({ status: wrongId.status, message: wrongId.message }).toEqual({ status: 400, message: 'The selected id is invalid' });
    const wrongStatus = await t.call(updateStoreCall, { ...formOf(storeId), storeId, status: 1, id: storeId }, { token: shop.token });
    expect({ status: wrongStatus.status, message: wrongStatus.message }).toEqual({
      status: 400,
      message: 'The selected status is invalid',
    });

    const ownerId = await addOwner(storeId);
    const submitted = await t.call(updateStoreCall, { ...formOf(storeId), storeId, status: 3, id: storeId }, { token: shop.token });
    expect(submitted.status, submitted.message).toBe(200);
    expect(submitted.data).toEqual({ id: storeId, status: STORE_STATUS.PENDING_APPROVAL });
    expect(await storeStatus(storeId)).toBe(3);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'store.update')
      .where('subject_id', '=', String(storeId))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.detail)).toEqual([
      { submitted: false, statusBefore: 4, status: 4 },
      { submitted: true, statusBefore: 4, status: 3 },
    ]);

    const pendingBefore = await countRows(t, TABLES);
    const refusals = [
      await t.call(updateStoreCall, { ...formOf(storeId), storeId }, { token: shop.token }),
      await t.call(updateStoreCall, { ...formOf(storeId), storeId, status: 3, id: storeId }, { token: shop.token }),
      await manageOwner(shop.token, { ...OWNER, type: 'add', storeId: String(storeId) }),
      await manageOwner(shop.token, { ...OWNER, type: 'update', storeId: String(storeId), id: String(ownerId) }),
      await manageOwner(shop.token, { type: 'delete', storeId: String(storeId), id: String(ownerId) }),
    ];
    for (const refusal of refusals) {
      expect({ status: refusal.status, reason: refusal.reason, message: refusal.message }).toEqual({
        status: 409,
        reason: 'STORE_PENDING_APPROVAL',
        message: 'This store is pending approval and cannot be updated or submitted.',
      });
    }
    expect(await countRows(t, TABLES)).toEqual(pendingBefore);
  });

  it('takes a store with changes requested: update keeps status 2, submit moves it to 3 again', async () => {
    // Proves the Request For Changes loop after a reviewer's comment.
    const storeId = await newStore();
    await addOwner(storeId);
    await t.call(updateStoreCall, { ...formOf(storeId), storeId, status: 3, id: storeId }, { token: shop.token });
    const admin = await createTestAdmin(t);
    await t.deps.db
      .transaction()
      .execute((trx) =>
        recordStoreReview(trx, { storeId: BigInt(storeId), status: 2, comment: 'Upload a clearer passport.', authorUserId: admin.id }),
      );
    const updated = await t.call(
      updateStoreCall,
      { ...formOf(storeId), website: 'https://blooms.example.com', storeId },
      { token: shop.token },
    );
    expect(updated.data).toEqual({ id: storeId, status: STORE_STATUS.REQUEST_FOR_CHANGES });
    const owners = (await t.call(getStoreActivationCall, { storeId }, { token: shop.token })).data.owners;
    const replaced = await manageOwner(
      shop.token,
      { ...OWNER, type: 'update', storeId: String(storeId), id: String(owners[0]!.id) },
      { name: 'clearer.jpg', bytes: JPEG, type: 'image/jpeg' },
    );
    expect(replaced.status, replaced.message).toBe(200);
    const again = await t.call(updateStoreCall, { ...formOf(storeId), storeId, status: 3, id: storeId }, { token: shop.token });
    expect(again.data).toEqual({ id: storeId, status: STORE_STATUS.PENDING_APPROVAL });
  });

  it('closes the onboarding of Active and Deactive stores, and completes a default store’s', async () => {
    // Proves the decision on reviewed stores, and that a type-0 Draft store takes a business type on update.
    const merchant = await createTestMerchant(t, { stores: [{ status: 1 }, { status: 0 }, { status: 4 }] });
    const [active, deactive, draft] = merchant.stores.map((store) => Number(store.id));
    for (const storeId of [active!, deactive!]) {
      const refused = await t.call(updateStoreCall, { ...formOf(storeId), storeId }, { token: merchant.token });
      expect({ status: refused.status, reason: refused.reason }).toEqual({ status: 409, reason: 'STORE_NOT_EDITABLE' });
      const owner = await manageOwner(merchant.token, { ...OWNER, type: 'add', storeId: String(storeId) });
      expect({ status: owner.status, reason: owner.reason }).toEqual({ status: 409, reason: 'STORE_NOT_EDITABLE' });
    }
    const completed = await t.call(updateStoreCall, { ...formOf(draft!), type: 1, storeId: draft! }, { token: merchant.token });
    expect(completed.status, completed.message).toBe(200);
    expect((await t.call(getStoreActivationCall, { storeId: draft! }, { token: merchant.token })).data).toMatchObject({
      type: 1,
      status: 4,
    });
  });
});

describe('another merchant’s ids', () => {
  it('reads as not found on every call, leaks nothing and changes nothing', async () => {
    // Proves the merchant filter of each call with a second merchant's store, owner and file ids.
    const storeId = await newStore(rival, { name: 'Rival Flowers' });
    const ownerId = await addOwner(storeId, rival);
    const before = await countRows(t, TABLES);
    const snapshot = await t.call(getStoreActivationCall, { storeId }, { token: rival.token });

    const reads = [
      await t.call(getStoreActivationCall, { storeId }, { token: shop.token }),
      await t.call(updateStoreCall, { ...formOf(storeId), storeId }, { token: shop.token }),
      await t.call(updateStoreCall, { ...formOf(storeId), storeId, status: 3, id: storeId }, { token: shop.token }),
      await manageOwner(shop.token, { ...OWNER, type: 'add', storeId: String(storeId) }),
      await manageOwner(shop.token, { ...OWNER, type: 'update', storeId: String(storeId), id: String(ownerId) }),
      await manageOwner(shop.token, { type: 'delete', storeId: String(storeId), id: String(ownerId) }),
      await t.call(getStoreActivationCall, { storeId }, { token: shop.staff[0]!.token }),
    ];
    for (const answer of reads) {
      expect({ status: answer.status, reason: answer.reason, data: answer.data }).toEqual({
        status: 404,
        reason: 'STORE_NOT_FOUND',
        data: null,
      });
    }
    // My own store with their owner's id: the owner is not found under my store.
    const mine = await newStore();
    const crossed = await manageOwner(shop.token, { type: 'delete', storeId: String(mine), id: String(ownerId) }, null);
    expect({ status: crossed.status, reason: crossed.reason }).toEqual({ status: 404, reason: 'OWNER_NOT_FOUND' });
    const crossedUpdate = await manageOwner(shop.token, { ...OWNER, type: 'update', storeId: String(mine), id: String(ownerId) });
    expect({ status: crossedUpdate.status, reason: crossedUpdate.reason }).toEqual({ status: 404, reason: 'OWNER_NOT_FOUND' });
    const file = await t.call(getFileCall, { type: 'STORE', typeId: ownerId }, { token: shop.token });
    expect({ status: file.status, reason: file.reason, data: file.data }).toEqual({ status: 404, reason: 'FILE_NOT_FOUND', data: null });
    const list = await t.call(getStoreCall, { perPage: 500 }, { token: shop.token });
    expect(list.data.data.map((row) => row.id)).not.toContain(storeId);

    expect(await countRows(t, ['stores', 'store_owners', 'store_comments'])).toEqual({
      stores: before.stores + 1,
      store_owners: before.store_owners,
      store_comments: before.store_comments,
    });
    expect((await t.call(getStoreActivationCall, { storeId }, { token: rival.token })).data).toEqual(snapshot.data);
  });
});
