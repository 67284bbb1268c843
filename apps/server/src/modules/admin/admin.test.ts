// The operations console: store and KYC reviews (each move, the refused ones, the comment log,
// the notification, the channels an approval makes), the KYC document read, the merchants list,
// logging in as a merchant (the session flags, the cookie, the audit rows with both identities)
// and ending it, the audit log with its filters, and the refusal of every console call to anyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEndImpersonationCall,
  adminGetAuditLogCall,
  adminGetKycFileCall,
  adminGetKycSubmissionsCall,
  adminGetMerchantsCall,
  adminGetStoresCall,
  adminLoginAsMerchantCall,
  adminReviewKycCall,
  adminReviewStoreCall,
  getUserProfileCall,
  getStoresCall,
  getWalletListCall,
  KYC_STATUS,
  STORE_STATUS,
  USER_STATUS,
  type CallDef,
} from '@paywallet/contract';
import { countRows, createTestApp, fieldErrors, type TestApp } from '../../test/harness.ts';
import { createTestAdmin, impersonate, type TestAdmin } from '../../test/admin.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestPerson, expectLedgerInvariants } from '../../test/money.ts';

let t: TestApp;
let admin: TestAdmin;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestAdmin(t);
});
afterAll(async () => t.close());

async function storeRow(storeId: bigint) {
  return t.deps.db.selectFrom('stores').select(['status']).where('id', '=', storeId).executeTakeFirstOrThrow();
}
async function commentsOf(storeId: bigint) {
  return t.deps.db
    .selectFrom('store_comments')
    .select(['status', 'comments', 'author_user_id'])
    .where('store_id', '=', storeId)
    .orderBy('id')
    .execute();
}
async function noticesOf(userId: bigint) {
  return t.deps.db.selectFrom('notifications').select(['type', 'message', 'data']).where('user_id', '=', userId).orderBy('id').execute();
}
async function auditRows(action: string, subjectId: string) {
  return t.deps.db
    .selectFrom('audit_log')
    .select([
      'action',
      'actor_user_id',
      'acting_as',
      'on_behalf_of_user_id',
      'impersonator_user_id',
      'call_path',
      'subject_type',
      'subject_id',
    ])
    .where('action', '=', action)
    .where('subject_id', '=', subjectId)
    .orderBy('id')
    .execute();
}
async function channelsOf(storeId: bigint) {
  return t.deps.db
    .selectFrom('channels')
    .innerJoin('terminals', 'terminals.id', 'channels.terminal_id')
    .select(['channels.type', 'terminals.name as terminal', 'channels.merchant_user_id'])
    .where('channels.store_id', '=', storeId)
    .orderBy('channels.id')
    .execute();
}

/** A merchant whose one store is pending approval and has no terminal yet. */
async function pendingStoreMerchant(): Promise<TestMerchant> {
  return createTestMerchant(t, { stores: [{ status: STORE_STATUS.PENDING_APPROVAL, terminals: [] }] });
}

describe('admin/review-store', () => {
  it('approves a pending store: status, comment log, notification, terminal and channels, audit row', async () => {
    // Proves an approval writes everything the merchant and the operator later read, together.
    const merchant = await pendingStoreMerchant();
    const storeId = merchant.stores[0]!.id;
    const answer = await t.call(
      adminReviewStoreCall,
      { storeId: Number(storeId), status: 1, comment: 'Documents verified.' },
      { token: admin.token },
    );
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual({ id: Number(storeId), status: STORE_STATUS.ACTIVE, createdChannels: 3 });
    expect((await storeRow(storeId)).status).toBe(STORE_STATUS.ACTIVE);
    expect(await commentsOf(storeId)).toEqual([{ status: STORE_STATUS.ACTIVE, comments: 'Documents verified.', author_user_id: admin.id }]);
    expect(await channelsOf(storeId)).toEqual([
      { type: 'online', terminal: 'Main Terminal', merchant_user_id: merchant.id },
      { type: 'pos', terminal: 'Main Terminal', merchant_user_id: merchant.id },
    ]);
    const notices = await noticesOf(merchant.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: 'store-reviewed', data: { storeId: String(storeId), status: 1, statusLabel: 'Active' } });
    expect(notices[0]!.message).toContain('is now Active');
    expect(await auditRows('store.review', String(storeId))).toEqual([
      {
        action: 'store.review',
        actor_user_id: admin.id,
        acting_as: 'admin',
        on_behalf_of_user_id: admin.id,
        impersonator_user_id: null,
        call_path: 'admin/review-store',
        subject_type: 'store',
        subject_id: String(storeId),
      },
    ]);
    // The merchant sees the store Active with its channels in its own options.
    const own = await t.call(getStoresCall, {}, { token: merchant.token });
    expect(own.data.stores[0]).toMatchObject({ id: Number(storeId), status: STORE_STATUS.ACTIVE });
    expect(own.data.stores[0]!.terminals[0]!.channels.map((channel) => channel.type)).toEqual(['online', 'pos']);
    await expectLedgerInvariants(t);
  });

  it('adds only the missing channel type to a store that has a terminal', async () => {
    // Proves an approval completes a store's channels without duplicating what it has.
    const merchant = await createTestMerchant(t, {
      stores: [{ status: STORE_STATUS.PENDING_APPROVAL, terminals: [{ name: 'Till', channels: [{ type: 'online' }] }] }],
    });
    const storeId = merchant.stores[0]!.id;
    const answer = await t.call(adminReviewStoreCall, { storeId: Number(storeId), status: 1, comment: 'Fine.' }, { token: admin.token });
    expect(answer.data.createdChannels).toBe(1);
    expect((await channelsOf(storeId)).map((channel) => [channel.type, channel.terminal])).toEqual([
      ['online', 'Till'],
      ['pos', 'Till'],
    ]);
  });

  it('requests changes on a pending store, deactivates an active one and activates it again', async () => {
    // Proves each allowed move, with one comment per review in order.
    const merchant = await pendingStoreMerchant();
    const storeId = Number(merchant.stores[0]!.id);
    const review = (status: number, comment: string) => t.call(adminReviewStoreCall, { storeId, status, comment }, { token: admin.token });
    expect((await review(STORE_STATUS.REQUEST_FOR_CHANGES, 'Upload a clearer ID.')).data.createdChannels).toBe(0);
    expect((await storeRow(BigInt(storeId))).status).toBe(STORE_STATUS.REQUEST_FOR_CHANGES);
    expect(await channelsOf(BigInt(storeId))).toEqual([]);

    await t.deps.db.updateTable('stores').set({ status: STORE_STATUS.PENDING_APPROVAL }).where('id', '=', BigInt(storeId)).execute();
    expect((await review(STORE_STATUS.ACTIVE, 'Approved.')).code).toBe(200);
    expect((await review(STORE_STATUS.DEACTIVE, 'Closed on request.')).code).toBe(200);
    expect((await storeRow(BigInt(storeId))).status).toBe(STORE_STATUS.DEACTIVE);
    const reactivated = await review(STORE_STATUS.ACTIVE, 'Reopened.');
    expect(reactivated.data).toMatchObject({ status: STORE_STATUS.ACTIVE, createdChannels: 0 });
    expect((await commentsOf(BigInt(storeId))).map((row) => [row.status, row.comments])).toEqual([
      [2, 'Upload a clearer ID.'],
      [1, 'Approved.'],
      [0, 'Closed on request.'],
      [1, 'Reopened.'],
    ]);
    expect((await noticesOf(merchant.id)).map((notice) => notice.type)).toEqual(Array(4).fill('store-reviewed'));
  });

  it('refuses the moves that make no sense, writing nothing', async () => {
    // Proves a refused review rolls back the status, the comment, the channels and the notice.
    const cases: Array<[number, number, string]> = [
      [STORE_STATUS.DRAFT, STORE_STATUS.ACTIVE, 'A store with status Draft cannot be set to Active.'],
      [STORE_STATUS.REQUEST_FOR_CHANGES, STORE_STATUS.ACTIVE, 'A store with status Request For Changes cannot be set to Active.'],
      [STORE_STATUS.PENDING_APPROVAL, STORE_STATUS.DEACTIVE, 'A store with status Pending Approval cannot be set to Deactive.'],
      [STORE_STATUS.ACTIVE, STORE_STATUS.REQUEST_FOR_CHANGES, 'A store with status Active cannot be set to Request For Changes.'],
      [STORE_STATUS.ACTIVE, STORE_STATUS.ACTIVE, 'A store with status Active cannot be set to Active.'],
      [STORE_STATUS.DEACTIVE, STORE_STATUS.DEACTIVE, 'A store with status Deactive cannot be set to Deactive.'],
    ];
    for (const [from, to, message] of cases) {
      const merchant = await createTestMerchant(t, { stores: [{ status: from, terminals: [] }] });
      const storeId = merchant.stores[0]!.id;
      const before = await countRows(t, ['store_comments', 'channels', 'terminals', 'notifications', 'audit_log']);
      const answer = await t.call(adminReviewStoreCall, { storeId: Number(storeId), status: to, comment: 'No.' }, { token: admin.token });
      expect({ code: answer.code, reason: answer.reason, message: answer.message }).toEqual({
        code: 422,
        reason: 'STORE_REVIEW_NOT_ALLOWED',
        message,
      });
      expect((await storeRow(storeId)).status).toBe(from);
      expect(await countRows(t, ['store_comments', 'channels', 'terminals', 'notifications', 'audit_log'])).toEqual(before);
    }
  });

  it('refuses an unknown store and each invalid field with its message', async () => {
    // Proves the validation messages and the not-found refusal.
    const unknown = await t.call(adminReviewStoreCall, { storeId: 999_999_999, status: 1, comment: 'x' }, { token: admin.token });
    expect([unknown.code, unknown.reason]).toEqual([404, 'STORE_NOT_FOUND']);
    const noComment = await t.call(adminReviewStoreCall, { storeId: 1, status: 1, comment: '   ' }, { token: admin.token });
    expect(noComment.reason).toBe('VALIDATION_FAILED');
    expect(fieldErrors(noComment)).toEqual({ comment: 'The comment field is required' });
    const badStatus = await t.call(adminReviewStoreCall, { storeId: 1, status: 3, comment: 'x' }, { token: admin.token });
    expect(fieldErrors(badStatus)).toEqual({ status: 'The selected status is invalid' });
    const missing = await t.post('admin/review-store', {}, { token: admin.token });
    expect(fieldErrors(missing)).toMatchObject({ storeId: 'The store field is required', status: 'The status field is required' });
    const long = await t.call(adminReviewStoreCall, { storeId: 1, status: 1, comment: 'x'.repeat(2001) }, { token: admin.token });
    expect(fieldErrors(long).comment).toMatch(/2000/);
    const lines = await t.call(
      adminReviewStoreCall,
      { storeId: 999_999_999, status: 1, comment: 'Line one\nLine two' },
      { token: admin.token },
    );
    expect(lines.reason).toBe('STORE_NOT_FOUND');
  });
});

describe('admin/get-stores', () => {
  it('lists every merchant’s stores with the merchant, filtered by status and search', async () => {
    // Proves the review queue reads across merchants and its filters narrow it.
    const first = await createTestMerchant(t, { stores: [{ name: 'Queue Alpha Store', status: STORE_STATUS.PENDING_APPROVAL }] });
    const second = await createTestMerchant(t, { stores: [{ name: 'Queue Beta Store', status: STORE_STATUS.DRAFT }] });
    const pending = await t.call(adminGetStoresCall, { status: STORE_STATUS.PENDING_APPROVAL, perPage: 500 }, { token: admin.token });
    expect(pending.code).toBe(200);
    expect(pending.data.data.every((row) => row.status === STORE_STATUS.PENDING_APPROVAL)).toBe(true);
    const alpha = pending.data.data.find((row) => row.name === 'Queue Alpha Store');
    expect(alpha).toMatchObject({ merchant: { id: Number(first.id), email: first.email }, terminals: 0, comments: 0 });
    const searched = await t.call(adminGetStoresCall, { search: 'Queue Beta' }, { token: admin.token });
    expect(searched.data.data.map((row) => row.merchant.id)).toEqual([Number(second.id)]);
    expect(searched.data.paginationData).toEqual({ total: 1, perPage: 10, currentPage: 1 });
    const bad = await t.call(adminGetStoresCall, { status: 9 }, { token: admin.token });
    expect(fieldErrors(bad)).toEqual({ status: 'The selected status is invalid' });
  });
});

/** A user (a merchant just signed up) whose KYC was submitted and waits for review. */
async function submittedApplicant() {
  const person = await createTestPerson(t);
  await t.deps.db
    .updateTable('users')
    .set({ type: 'merchant', status: USER_STATUS.PENDING, kyc_status: KYC_STATUS.SUBMITTED })
    .where('id', '=', person.id)
    .execute();
  const input = await t.deps.db.selectFrom('kyc_inputs').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  const submission = await t.deps.db
    .insertInto('kyc_submissions')
    .values({ user_id: person.id, answers: JSON.stringify([{ inputId: input.id, value: 'Answer text' }]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...person, submissionId: submission.id, input };
}

describe('admin/review-kyc and admin/get-kyc-submissions', () => {
  it('lists a submission with its named answers and approves it: the user becomes Active', async () => {
    // Proves a new user's Pending status becomes Active through the console, with notice and audit row.
    const applicant = await submittedApplicant();
    const list = await t.call(
      adminGetKycSubmissionsCall,
      { status: KYC_STATUS.SUBMITTED, search: applicant.email },
      { token: admin.token },
    );
    expect(list.data.data).toHaveLength(1);
    expect(list.data.data[0]).toMatchObject({
      id: Number(applicant.submissionId),
      status: KYC_STATUS.SUBMITTED,
      user: { id: Number(applicant.id), status: USER_STATUS.PENDING, kyc_status: KYC_STATUS.SUBMITTED },
      answers: [{ inputId: applicant.input.id, name: applicant.input.name, value: 'Answer text', file: null }],
    });
    const answer = await t.call(
      adminReviewKycCall,
      { userId: Number(applicant.id), status: 1, comment: 'Matches the ID.' },
      { token: admin.token },
    );
    expect(answer.data).toEqual({ userId: Number(applicant.id), status: USER_STATUS.ACTIVE, kycStatus: KYC_STATUS.APPROVED });
    const user = await t.deps.db
      .selectFrom('users')
      .select(['status', 'kyc_status'])
      .where('id', '=', applicant.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ status: USER_STATUS.ACTIVE, kyc_status: KYC_STATUS.APPROVED });
    const submission = await t.deps.db
      .selectFrom('kyc_submissions')
      .select(['status', 'reviewed_by', 'review_comment'])
      .where('id', '=', applicant.submissionId)
      .executeTakeFirstOrThrow();
    expect(submission).toEqual({ status: KYC_STATUS.APPROVED, reviewed_by: admin.id, review_comment: 'Matches the ID.' });
    expect((await noticesOf(applicant.id)).map((notice) => notice.type)).toEqual(['kyc-reviewed']);
    expect(await auditRows('kyc.review', String(applicant.id))).toHaveLength(1);
    // A second review finds nothing awaiting.
    const again = await t.call(adminReviewKycCall, { userId: Number(applicant.id), status: 3, comment: 'x' }, { token: admin.token });
    expect([again.code, again.reason]).toEqual([422, 'KYC_NOT_AWAITING_REVIEW']);
  });

  it('suspends: the user is Suspended, the KYC rejected, and their session stops working', async () => {
    // Proves the suspend outcome and that it blocks the account at once.
    const applicant = await submittedApplicant();
    const answer = await t.call(
      adminReviewKycCall,
      { userId: Number(applicant.id), status: 3, comment: 'Document forged.' },
      { token: admin.token },
    );
    expect(answer.data).toEqual({ userId: Number(applicant.id), status: USER_STATUS.SUSPENDED, kycStatus: KYC_STATUS.REJECTED });
    const blocked = await t.call(getWalletListCall, {}, { token: applicant.token });
    expect(blocked.reason).toBe('SESSION_ENDED');
  });

  it('refuses a user with nothing awaiting review, an unknown user and invalid fields, writing nothing', async () => {
    // Proves each refusal by name, with no row changed.
    const person = await createTestPerson(t);
    const before = await countRows(t, ['notifications', 'audit_log']);
    const none = await t.call(adminReviewKycCall, { userId: Number(person.id), status: 1, comment: 'x' }, { token: admin.token });
    expect([none.code, none.reason]).toEqual([422, 'KYC_NOT_AWAITING_REVIEW']);
    const unknown = await t.call(adminReviewKycCall, { userId: 999_999_999, status: 1, comment: 'x' }, { token: admin.token });
    expect([unknown.code, unknown.reason]).toEqual([404, 'USER_NOT_FOUND']);
    expect(await countRows(t, ['notifications', 'audit_log'])).toEqual(before);
    const badStatus = await t.call(adminReviewKycCall, { userId: 1, status: 2, comment: 'x' }, { token: admin.token });
    expect(fieldErrors(badStatus)).toEqual({ status: 'The selected status is invalid' });
    const noComment = await t.call(adminReviewKycCall, { userId: 1, status: 1, comment: '' }, { token: admin.token });
    expect(fieldErrors(noComment)).toEqual({ comment: 'The comment field is required' });
    const badFilter = await t.call(adminGetKycSubmissionsCall, { status: 0 }, { token: admin.token });
    expect(fieldErrors(badFilter)).toEqual({ status: 'The selected status is invalid' });
  });
});

/** A 1x1 PNG: the bytes an applicant uploaded as their identity document. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A stored KYC upload of the user's, for the form's first file input. */
async function kycUpload(userId: bigint, name: string) {
  const input = await t.deps.db.selectFrom('kyc_inputs').select('id').where('type', '=', 'file').orderBy('id').executeTakeFirstOrThrow();
  const storageKey = await t.deps.files.put(PNG, 'png');
  const file = await t.deps.db
    .insertInto('kyc_files')
    .values({
      user_id: userId,
      input_id: input.id,
      storage_key: storageKey,
      original_name: name,
      mime_type: 'image/png',
      size_bytes: PNG.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { fileId: file.id, inputId: input.id };
}

describe('admin/get-kyc-file', () => {
  it('serves a submitted document with its type; refuses an upload no submission names, another user’s file and an unknown id', async () => {
    // Proves the operator sees the applicant's bytes, and only files their own submission names.
    const applicant = await createTestPerson(t);
    const passport = await kycUpload(applicant.id, 'passport.png');
    const unsubmitted = await kycUpload(applicant.id, 'draft.png');
    await t.deps.db
      .insertInto('kyc_submissions')
      .values({ user_id: applicant.id, answers: JSON.stringify([{ inputId: passport.inputId, value: String(passport.fileId) }]) })
      .execute();
    const served = await t.call(adminGetKycFileCall, { fileId: Number(passport.fileId) }, { token: admin.token });
    expect(served.status).toBe(200);
    expect(served.data).toEqual({
      file: `data:image/png;base64,${PNG.toString('base64')}`,
      mimeType: 'image/png',
      fileName: 'passport.png',
    });
    // Who looked at whose identity document is kept.
    const reads = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'subject_type', 'subject_id'])
      .where('action', '=', 'kyc-file.read')
      .execute();
    expect(reads).toEqual([{ actor_user_id: admin.id, subject_type: 'kyc_file', subject_id: String(passport.fileId) }]);
    const listed = await t.call(adminGetKycSubmissionsCall, { search: applicant.email }, { token: admin.token });
    expect(listed.data.data[0]!.answers[0]!.file).toMatchObject({ id: Number(passport.fileId), fileName: 'passport.png' });

    const draft = await t.call(adminGetKycFileCall, { fileId: Number(unsubmitted.fileId) }, { token: admin.token });
    expect([draft.code, draft.reason]).toEqual([404, 'FILE_NOT_FOUND']);
    // Another user's submission naming this applicant's file does not make it theirs to show.
    const other = await createTestPerson(t);
    await t.deps.db
      .insertInto('kyc_submissions')
      .values({ user_id: other.id, answers: JSON.stringify([{ inputId: unsubmitted.inputId, value: String(unsubmitted.fileId) }]) })
      .execute();
    const borrowed = await t.call(adminGetKycFileCall, { fileId: Number(unsubmitted.fileId) }, { token: admin.token });
    expect([borrowed.code, borrowed.reason]).toEqual([404, 'FILE_NOT_FOUND']);
    const unknown = await t.call(adminGetKycFileCall, { fileId: 999_999_999 }, { token: admin.token });
    expect([unknown.code, unknown.reason]).toEqual([404, 'FILE_NOT_FOUND']);
    const invalid = await t.call(adminGetKycFileCall, { fileId: 0 }, { token: admin.token });
    expect(fieldErrors(invalid)).toEqual({ fileId: 'The file field is required' });

    // The applicant (a consumer) and a merchant are refused by audience, before any file is read.
    const merchant = await createTestMerchant(t);
    for (const token of [applicant.token, merchant.token]) {
      const refused = await t.call(adminGetKycFileCall, { fileId: Number(passport.fileId) }, { token });
      expect([refused.code, refused.reason]).toEqual([403, 'AUDIENCE_NOT_ALLOWED']);
    }
  });
});

describe('admin/get-merchants', () => {
  it('lists main accounts only, searchable, with their store count', async () => {
    // Proves staff and consumers are not listed and the search narrows the list.
    const merchant = await createTestMerchant(t, { stores: [{}, {}], staff: [{ features: [] }] });
    const found = await t.call(adminGetMerchantsCall, { search: merchant.email }, { token: admin.token });
    expect(found.data.data).toEqual([expect.objectContaining({ id: Number(merchant.id), email: merchant.email, stores: 2 })]);
    const staff = await t.call(adminGetMerchantsCall, { search: merchant.staff[0]!.email }, { token: admin.token });
    expect(staff.data.data).toEqual([]);
    const consumer = await createTestPerson(t);
    const none = await t.call(adminGetMerchantsCall, { search: consumer.email }, { token: admin.token });
    expect(none.data.paginationData.total).toBe(0);
    const short = await t.call(adminGetMerchantsCall, { perPage: 501 }, { token: admin.token });
    expect(fieldErrors(short)).toEqual({ perPage: 'The per page may not be greater than 500' });
  });
});

describe('admin/login-as-merchant and admin/end-impersonation', () => {
  it('opens an impersonation session: flags, cookie, profile adminLogin 1 and status Active, audit rows with both identities', async () => {
    // Proves the session names the administrator and every call in it is on record with both identities.
    const merchant = await createTestMerchant(t);
    await t.deps.db.updateTable('users').set({ status: USER_STATUS.PENDING }).where('id', '=', merchant.id).execute();
    const answer = await t.call(adminLoginAsMerchantCall, { userId: Number(merchant.id) }, { token: admin.token });
    expect(answer.code).toBe(200);
    expect(answer.data.user).toMatchObject({ id: Number(merchant.id), type: 'merchant' });
    expect(String(answer.headers['set-cookie'])).toMatch(/^admin_login=1; Path=\/; HttpOnly; SameSite=Lax/);
    const session = await t.deps.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'stage', 'impersonator_user_id', 'admin_login'])
      .where('user_id', '=', merchant.id)
      .where('impersonator_user_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ user_id: merchant.id, stage: 'user', impersonator_user_id: admin.id, admin_login: true });
    expect(await auditRows('impersonation.start', String(merchant.id))).toEqual([
      expect.objectContaining({ actor_user_id: admin.id, acting_as: 'admin', call_path: 'admin/login-as-merchant', subject_type: 'user' }),
    ]);

    const token = answer.data.accessToken;
    const profile = await t.call(getUserProfileCall, {}, { token });
    expect(profile.data).toMatchObject({ adminLogin: 1, user: { id: Number(merchant.id), status: USER_STATUS.ACTIVE } });
    const ownProfile = await t.call(getUserProfileCall, {}, { token: merchant.token });
    expect(ownProfile.data.adminLogin).toBe(0);

    const reads = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'acting_as', 'on_behalf_of_user_id', 'impersonator_user_id', 'call_path', 'session_id'])
      .where('action', '=', 'impersonation.call')
      .where('session_id', '=', session.id)
      .execute();
    expect(reads).toEqual([
      {
        actor_user_id: admin.id,
        acting_as: 'impersonation',
        on_behalf_of_user_id: merchant.id,
        impersonator_user_id: admin.id,
        call_path: 'get-user-profile',
        session_id: session.id,
      },
    ]);

    // The impersonation session cannot reach the console: it is a merchant session.
    const console = await t.call(adminGetMerchantsCall, {}, { token });
    expect(console.reason).toBe('AUDIENCE_NOT_ALLOWED');

    const ended = await t.call(adminEndImpersonationCall, {}, { token });
    expect(ended.code).toBe(200);
    expect(String(ended.headers['set-cookie'])).toMatch(/^admin_login=; Max-Age=0/);
    expect(await auditRows('impersonation.end', String(merchant.id))).toEqual([
      expect.objectContaining({
        actor_user_id: admin.id,
        acting_as: 'impersonation',
        on_behalf_of_user_id: merchant.id,
        impersonator_user_id: admin.id,
      }),
    ]);
    const after = await t.call(getUserProfileCall, {}, { token });
    expect(after.reason).toBe('SESSION_ENDED');
    // The administrator's own session goes on.
    expect((await t.call(adminGetMerchantsCall, {}, { token: admin.token })).code).toBe(200);
  });

  it('refuses a consumer, a staff member, an administrator, an unknown id and a blocked merchant', async () => {
    // Proves only a merchant's main account in good standing can be logged in to.
    const consumer = await createTestPerson(t);
    const merchant = await createTestMerchant(t, { staff: [{ features: [] }] });
    const other = await createTestAdmin(t);
    for (const userId of [consumer.id, merchant.staff[0]!.id, other.id, 999_999_999n]) {
      const answer = await t.call(adminLoginAsMerchantCall, { userId: Number(userId) }, { token: admin.token });
      expect([answer.code, answer.reason]).toEqual([404, 'MERCHANT_NOT_FOUND']);
    }
    await t.deps.db.updateTable('users').set({ status: USER_STATUS.SUSPENDED }).where('id', '=', merchant.id).execute();
    const blocked = await t.call(adminLoginAsMerchantCall, { userId: Number(merchant.id) }, { token: admin.token });
    expect([blocked.code, blocked.reason]).toEqual([422, 'MERCHANT_BLOCKED']);
    const missing = await t.post('admin/login-as-merchant', {}, { token: admin.token });
    expect(fieldErrors(missing)).toEqual({ userId: 'The user field is required' });
  });

  it('refuses to end what is not an impersonation, and a merchant cannot impersonate', async () => {
    // Proves end-impersonation needs an impersonation session and login-as-merchant an administrator.
    const merchant = await createTestMerchant(t);
    const other = await createTestMerchant(t);
    const notImpersonating = await t.call(adminEndImpersonationCall, {}, { token: merchant.token });
    expect([notImpersonating.code, notImpersonating.reason]).toEqual([403, 'NOT_IMPERSONATING']);
    const before = await countRows(t, ['sessions']);
    const refused = await t.call(adminLoginAsMerchantCall, { userId: Number(other.id) }, { token: merchant.token });
    expect([refused.code, refused.reason]).toEqual([403, 'AUDIENCE_NOT_ALLOWED']);
    expect(await countRows(t, ['sessions'])).toEqual(before);
  });
});

describe('admin/get-audit-log', () => {
  it('answers newest first with both identities, filtered by merchant, actor, action, acting as and day', async () => {
    // Proves an operator finds what was done on a merchant's account, and by whom.
    const merchant = await createTestMerchant(t);
    const token = await impersonate(t, admin, merchant.id);
    await t.call(getWalletListCall, {}, { token });
    await t.call(getStoresCall, {}, { token });
    const log = await t.call(
      adminGetAuditLogCall,
      { merchantUserId: Number(merchant.id), actingAs: 'impersonation' },
      { token: admin.token },
    );
    expect(log.code).toBe(200);
    expect(log.data.data.map((row) => row.call_path)).toEqual(['get-stores', 'get-wallet-list']);
    expect(log.data.data[0]).toMatchObject({
      action: 'impersonation.call',
      acting_as: 'impersonation',
      actor: { id: Number(admin.id), email: admin.email },
      on_behalf_of: { id: Number(merchant.id), email: merchant.email },
      impersonator: { id: Number(admin.id) },
    });
    const byAction = await t.call(
      adminGetAuditLogCall,
      { merchantUserId: Number(merchant.id), action: 'impersonation.' },
      { token: admin.token },
    );
    expect(byAction.data.paginationData.total).toBe(2);
    const byActor = await t.call(
      adminGetAuditLogCall,
      { actorUserId: Number(admin.id), merchantUserId: Number(merchant.id) },
      { token: admin.token },
    );
    expect(byActor.data.paginationData.total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await t.call(
      adminGetAuditLogCall,
      { merchantUserId: Number(merchant.id), fromDate: today, toDate: today },
      { token: admin.token },
    );
    expect(byDay.data.paginationData.total).toBe(2);
    const past = await t.call(adminGetAuditLogCall, { merchantUserId: Number(merchant.id), toDate: '2020-01-01' }, { token: admin.token });
    expect(past.data.paginationData.total).toBe(0);
    const bad = await t.call(adminGetAuditLogCall, { fromDate: '2026-02-10', toDate: '2026-02-01' }, { token: admin.token });
    expect(fieldErrors(bad)).toEqual({ toDate: 'The to date must be a date after or equal to from date' });
    const badActingAs = await t.post('admin/get-audit-log', { actingAs: 'robot' }, { token: admin.token });
    expect(fieldErrors(badActingAs)).toEqual({ actingAs: 'The selected acting as is invalid' });
  });

  it('cannot be changed or deleted: the trigger refuses UPDATE and DELETE', async () => {
    // Proves the log is append-only at the database, whoever connects.
    const row = await t.deps.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await expect(t.deps.db.updateTable('audit_log').set({ action: 'rewritten.action' }).where('id', '=', row.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.deps.db.deleteFrom('audit_log').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    const still = await t.deps.db.selectFrom('audit_log').select('action').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(still.action).not.toBe('rewritten.action');
  });
});

describe('nobody but an administrator reaches the console', () => {
  const ADMIN_ONLY: CallDef[] = [
    adminGetStoresCall,
    adminReviewStoreCall,
    adminGetKycSubmissionsCall,
    adminReviewKycCall,
    adminGetKycFileCall,
    adminGetMerchantsCall,
    adminLoginAsMerchantCall,
    adminGetAuditLogCall,
  ];

  it('answers 403 to a consumer, a merchant owner, a staff member and an impersonation session, writing nothing', async () => {
    // Proves the audience check on every console call (the permission table covers it too).
    const consumer = await createTestPerson(t);
    const merchant = await createTestMerchant(t, { stores: [{ status: STORE_STATUS.PENDING_APPROVAL }], staff: [{ features: ['store'] }] });
    const impersonation = await impersonate(t, admin, merchant.id);
    const body = { storeId: Number(merchant.stores[0]!.id), status: 1, comment: 'x', userId: Number(merchant.id) };
    for (const token of [consumer.token, merchant.token, merchant.staff[0]!.token, impersonation]) {
      for (const call of ADMIN_ONLY) {
        const before = await countRows(t, ['stores', 'store_comments', 'sessions', 'notifications']);
        const answer = await t.post(call.path, body, { token });
        expect([call.path, answer.code, answer.reason]).toEqual([call.path, 403, 'AUDIENCE_NOT_ALLOWED']);
        expect(await countRows(t, ['stores', 'store_comments', 'sessions', 'notifications'])).toEqual(before);
      }
    }
    expect((await storeRow(merchant.stores[0]!.id)).status).toBe(STORE_STATUS.PENDING_APPROVAL);
  });
});
