// The store review log: a review sets the store's status and appends the comment in one
// transaction; a review of an unknown store changes nothing; the log cannot be rewritten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_STATUS } from '@paywallet/contract';
import { countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestMerchant } from '../../test/merchant.ts';
import { createTestAdmin } from '../../test/admin.ts';
import { recordStoreReview } from './stores.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('recordStoreReview', () => {
  it('sets the status and appends the comment together, and a rollback keeps neither', async () => {
    // Proves the status and its comment commit as one, and roll back as one.
    const merchant = await createTestMerchant(t, { stores: [{ status: STORE_STATUS.PENDING_APPROVAL }] });
    const admin = await createTestAdmin(t);
    const storeId = merchant.stores[0]!.id;
    const before = await t.deps.db
      .transaction()
      .execute((trx) =>
        recordStoreReview(trx, { storeId, status: STORE_STATUS.ACTIVE, comment: 'Documents verified.', authorUserId: admin.id }),
      );
    expect(before).toMatchObject({ id: storeId, merchant_user_id: merchant.id, status: STORE_STATUS.PENDING_APPROVAL });
    const store = await t.deps.db.selectFrom('stores').select('status').where('id', '=', storeId).executeTakeFirstOrThrow();
    expect(store.status).toBe(STORE_STATUS.ACTIVE);
    const log = await t.deps.db.selectFrom('store_comments').selectAll().where('store_id', '=', storeId).execute();
    expect(log).toMatchObject([{ status: STORE_STATUS.ACTIVE, comments: 'Documents verified.', author_user_id: admin.id }]);

    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await recordStoreReview(trx, { storeId, status: STORE_STATUS.DEACTIVE, comment: 'Rolled back.', authorUserId: admin.id });
        throw new Error('the caller fails after the review');
      }),
    ).rejects.toThrow('the caller fails after the review');
    const after = await t.deps.db.selectFrom('stores').select('status').where('id', '=', storeId).executeTakeFirstOrThrow();
    expect(after.status).toBe(STORE_STATUS.ACTIVE);
    expect(await t.deps.db.selectFrom('store_comments').select('id').where('store_id', '=', storeId).execute()).toHaveLength(1);
  });

  it('refuses an unknown store with STORE_NOT_FOUND and writes nothing', async () => {
    // Proves a review of a store that does not exist changes nothing.
    const admin = await createTestAdmin(t);
    const before = await countRows(t, ['stores', 'store_comments']);
    await expect(
      t.deps.db
        .transaction()
        .execute((trx) =>
          recordStoreReview(trx, { storeId: 987_654_321n, status: STORE_STATUS.ACTIVE, comment: 'Nobody.', authorUserId: admin.id }),
        ),
    ).rejects.toMatchObject({ reason: 'STORE_NOT_FOUND' });
    expect(await countRows(t, ['stores', 'store_comments'])).toEqual(before);
  });

  it('keeps the log as it was said: rows cannot be updated or deleted', async () => {
    // Proves the append-only trigger on both databases.
    const merchant = await createTestMerchant(t, { stores: [{ status: STORE_STATUS.PENDING_APPROVAL }] });
    const admin = await createTestAdmin(t);
    const storeId = merchant.stores[0]!.id;
    await t.deps.db.transaction().execute((trx) =>
      recordStoreReview(trx, {
        storeId,
        status: STORE_STATUS.REQUEST_FOR_CHANGES,
        comment: 'Add a trade licence.',
        authorUserId: admin.id,
      }),
    );
    await expect(
      t.deps.db.updateTable('store_comments').set({ comments: 'Nothing to add.' }).where('store_id', '=', storeId).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.deps.db.deleteFrom('store_comments').where('store_id', '=', storeId).execute()).rejects.toThrow(/append-only/);
  });
});
