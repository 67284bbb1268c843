// Store onboarding (spec 3 sections 2.4, 4 and 5): the Stores table with each store's review
// log, the business form (create a Draft store, update it, submit it for approval) and the
// owners with their identity documents. A store's form and owners change only while it is a
// Draft (4) or has changes requested (2); at Pending Approval (3) everything waits for the
// review; an Active (1) or Deactive (0) store's onboarding is closed. Every change locks the
// store row first, so a submit and an owner's removal cannot cross.
import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  errorMessage,
  OWNER_DOCUMENT_TYPES,
  STORE_LIMITS,
  STORE_STATUS,
  STORE_STATUS_LABEL,
  type TCreateStoreInput,
  type TGetStoreInput,
  type TIdentityType,
  type TManageStoreOwnersInput,
  type TPageOf,
  type TStoreActivation,
  type TStoreOwner,
  type TStoreRow,
  type TUpdateStoreInput,
} from '@paywallet/contract';
import { assert } from '@paywallet/ledger';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { defineList, listPage } from '../../db/lists.ts';
import { withReleasedFiles } from '../../lib/released-files.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import type { UploadedFile } from '../../transport/dispatcher.ts';
import { fail } from '../../transport/errors.ts';
import {
  countStoreOwners,
  deleteStoreOwner,
  deleteStoreWithParts,
  findStoreByReference,
  isStoreInUse,
  lockMerchantForStores,
  findMerchantOwner,
  findMerchantStore,
  insertStore,
  insertStoreOwner,
  listStoreComments,
  listStoreOwners,
  lockMerchantStore,
  storeTableSource,
  updateStoreForm,
  updateStoreOwner,
  type OwnerDocument,
  type OwnerValues,
  type StoreActivationRow,
  type StoreFormValues,
  type StoreOwnerRow,
  type StoreTableRow,
} from './stores.repository.ts';

const storeTable = defineList({ source: storeTableSource, view: (row: StoreTableRow) => row });

/** get-store: a page of the merchant's stores, each with its review log (oldest comment first). */
export async function storeTablePage(deps: Deps, merchantUserId: bigint, input: TGetStoreInput): Promise<TPageOf<TStoreRow>> {
  const page = await listPage(deps.db, storeTable, { merchantUserId, search: input.search, reference: input.reference }, input);
  const comments = await listStoreComments(
    deps.db,
    merchantUserId,
    page.data.map((row) => row.id),
  );
  return {
    paginationData: page.paginationData,
    data: page.data.map((row) => ({
      id: Number(row.id),
      name: row.name,
      code: row.code,
      status: row.status,
      status_str: STORE_STATUS_LABEL[row.status] ?? '',
      type: row.type,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      details: comments
        .filter((comment) => comment.store_id === row.id)
        .map((comment) => ({ status: comment.status, comments: comment.comments, created_at: comment.created_at.toISOString() })),
    })),
  };
}

function formValues(input: TCreateStoreInput): StoreFormValues {
  return {
    parent_entity: input.parentEntity,
    reference: input.reference,
    name: input.name,
    email: input.email.toLowerCase(),
    phone: input.phone,
    mcc_code: input.mcc,
    address_line1: input.addressline1,
    address_line2: input.addressline2,
    city: input.city,
    state: input.state,
    post_code: input.postCode,
    country: input.country,
    website: input.website,
    type: input.type,
  };
}

/** A store code: 'ST-' and ten random hexadecimal digits, unique by the column's constraint. */
function newStoreCode(): string {
  return `ST-${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
}

/**
 * Refuses a reference another of the merchant's stores holds (STORE_REFERENCE_TAKEN, on the
 * reference field, naming that store's code). The caller holds the merchant's store lock
 * (lockMerchantForStores), so no other creation or update takes the reference meanwhile.
 */
async function assertReferenceFree(trx: Queryable, merchantUserId: bigint, reference: string, exceptStoreId?: bigint): Promise<void> {
  const holder = await findStoreByReference(trx, merchantUserId, reference, exceptStoreId);
  if (!holder) return;
  fail(
    'STORE_REFERENCE_TAKEN',
    { code: holder.code },
    { fieldErrors: { reference: errorMessage('STORE_REFERENCE_TAKEN', { code: holder.code }) } },
  );
}

/**
 * create-store: a Draft store of the merchant with the business form; no terminal yet (the
 * review gives them). A reference another of the merchant's stores holds is refused with that
 * store's code (STORE_REFERENCE_TAKEN): the Onboard modal opens that store instead, and the
 * merchant's lock makes two creations with one reference wait for each other.
 */
export async function createStore(deps: Deps, audit: AuditTrail, merchantUserId: bigint, input: TCreateStoreInput) {
  return deps.db.transaction().execute(async (trx) => {
    await lockMerchantForStores(trx, merchantUserId);
    await assertReferenceFree(trx, merchantUserId, input.reference);
    const store = await insertStore(trx, {
      ...formValues(input),
      uuid: crypto.randomUUID(),
      merchantUserId,
      code: newStoreCode(),
      status: STORE_STATUS.DRAFT,
    });
    await audit.record(trx, { subject: { type: 'store', id: store.id }, detail: { name: input.name, type: input.type, mcc: input.mcc } });
    return { id: Number(store.id), code: store.code, status: store.status };
  });
}

/**
 * delete-store: removes a Draft store of the merchant with its owners (their documents leave the
 * file store once the delete has committed) and the terminals and channels the demo seeds on
 * one. Any other status is refused (STORE_NOT_DELETABLE), as is a store something refers to
 * (STORE_IN_USE): a device, customer, link or payment on its channels, or a review comment.
 */
export async function deleteStore(deps: Deps, audit: AuditTrail, merchantUserId: bigint, storeIdNumber: number) {
  const storeId = BigInt(storeIdNumber);
  return withReleasedFiles(deps, 'store delete', (files) =>
    deps.db.transaction().execute(async (trx) => {
      const store = await lockMerchantStore(trx, merchantUserId, storeId);
      if (!store) fail('STORE_NOT_FOUND');
      if (store.status !== STORE_STATUS.DRAFT) fail('STORE_NOT_DELETABLE');
      if (await isStoreInUse(trx, storeId)) fail('STORE_IN_USE');
      const owners = await listStoreOwners(trx, merchantUserId, storeId);
      await deleteStoreWithParts(trx, storeId);
      files.released.push(...owners.map((owner) => owner.document_key));
      await audit.record(trx, {
        subject: { type: 'store', id: storeId },
        detail: { name: store.name, code: store.code, owners: owners.length },
      });
      return { id: Number(storeId) };
    }),
  );
}

/** Refuses a change to a store whose onboarding is not open: Pending Approval, Active, Deactive. */
function assertEditable(store: StoreActivationRow): void {
  if (store.status === STORE_STATUS.PENDING_APPROVAL) fail('STORE_PENDING_APPROVAL');
  if (store.status !== STORE_STATUS.DRAFT && store.status !== STORE_STATUS.REQUEST_FOR_CHANGES) fail('STORE_NOT_EDITABLE');
}

async function lockEditableStore(trx: Queryable, merchantUserId: bigint, storeId: bigint): Promise<StoreActivationRow> {
  const store = await lockMerchantStore(trx, merchantUserId, storeId);
  if (!store) fail('STORE_NOT_FOUND');
  assertEditable(store);
  return store;
}

/**
 * update-store: saves the business form; with `status: 3` also submits the store for
 * approval, which needs at least one saved owner. The form is saved and submitted together
 * or not at all. A reference changed to one another of the merchant's stores holds is refused
 * as create-store refuses it; an unchanged reference is never checked (it is the store's own).
 * Locks as create-store does, the merchant first and then the store, so the two serialise.
 */
export async function updateStore(deps: Deps, audit: AuditTrail, merchantUserId: bigint, input: TUpdateStoreInput) {
  const storeId = BigInt(input.storeId);
  return deps.db.transaction().execute(async (trx) => {
    await lockMerchantForStores(trx, merchantUserId);
    const store = await lockEditableStore(trx, merchantUserId, storeId);
    if (input.reference !== store.reference) await assertReferenceFree(trx, merchantUserId, input.reference, storeId);
    const submit = input.status === STORE_STATUS.PENDING_APPROVAL;
    if (submit && (await countStoreOwners(trx, storeId)) === 0) fail('STORE_OWNER_REQUIRED');
    const status = submit ? STORE_STATUS.PENDING_APPROVAL : store.status;
    await updateStoreForm(trx, storeId, formValues(input), status);
    await audit.record(trx, {
      subject: { type: 'store', id: storeId },
      detail: { submitted: submit, statusBefore: store.status, status },
    });
    return { id: Number(storeId), status };
  });
}

function ownerView(row: StoreOwnerRow): TStoreOwner {
  return {
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    dob: row.dob,
    document_type: row.document_type as TIdentityType,
    docs_url: row.document_name,
  };
}

/** get-store-activation: the saved business form and owners of one of the merchant's stores. */
export async function getStoreActivation(deps: Deps, merchantUserId: bigint, storeIdNumber: number): Promise<TStoreActivation> {
  const storeId = BigInt(storeIdNumber);
  const store = await findMerchantStore(deps.db, merchantUserId, storeId);
  if (!store) fail('STORE_NOT_FOUND');
  const owners = await listStoreOwners(deps.db, merchantUserId, storeId);
  return {
    id: Number(store.id),
    name: store.name,
    code: store.code,
    phone: store.phone,
    email: store.email,
    mcc_code: store.mcc_code,
    website: store.website,
    parent_entity: store.parent_entity,
    reference: store.reference,
    type: store.type,
    status: store.status,
    dob: null,
    address: {
      addressline1: store.address_line1,
      addressline2: store.address_line2,
      country: store.country,
      city: store.city,
      state: store.state,
      postCode: store.post_code,
    },
    owners: owners.map(ownerView),
  };
}

const EXTENSIONS: Record<(typeof OWNER_DOCUMENT_TYPES)[number], string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * The owner document's checks, on its bytes (DECISIONS 8): jpeg or png as sniffed from the
 * content whatever the name or the declared type say, under 600KB. Stores it and answers
 * where it lies.
 */
async function storeOwnerDocument(deps: Deps, file: UploadedFile): Promise<OwnerDocument> {
  if (file.truncated || file.bytes.length >= STORE_LIMITS.documentMaxBytes) {
    fail('OWNER_DOCUMENT_TOO_LARGE', { fieldErrors: { attachment: 'File size should be less than 600KB' } });
  }
  const sniffed = await fileTypeFromBuffer(file.bytes);
  const mime = sniffed?.mime as (typeof OWNER_DOCUMENT_TYPES)[number] | undefined;
  if (!mime || !OWNER_DOCUMENT_TYPES.includes(mime)) {
    fail('OWNER_DOCUMENT_TYPE', { fieldErrors: { attachment: 'Only jpeg and png files are allowed' } });
  }
  const key = await deps.files.put(file.bytes, EXTENSIONS[mime]);
  return {
    document_key: key,
    document_name: file.fileName || `document.${EXTENSIONS[mime]}`,
    document_mime: mime,
    document_size: file.bytes.length,
  };
}

/** The owner's fields of an add or update (the request's refinement made sure they are there). */
function ownerValues(input: TManageStoreOwnersInput): OwnerValues {
  const { firstName, lastName, dob, identityType } = input;
  assert(firstName !== undefined && lastName !== undefined && dob !== undefined, 'an owner is saved with its fields');
  return { first_name: firstName, last_name: lastName, dob, document_type: identityType };
}

function presentFile(file: UploadedFile | undefined): UploadedFile | undefined {
  return file && (file.bytes.length > 0 || file.truncated) ? file : undefined;
}

/**
 * manage-store-owners: adds, updates or deletes an owner of an editable store of the merchant.
 * A document replaced by a new upload, or the documents of a deleted owner, are removed from the
 * file store once the change has committed; a change that fails removes the upload it stored.
 */
export async function manageStoreOwner(
  deps: Deps,
  audit: AuditTrail,
  merchantUserId: bigint,
  input: TManageStoreOwnersInput,
  uploaded: UploadedFile | undefined,
): Promise<{ id: number }> {
  const storeId = BigInt(input.storeId);
  const file = input.type === 'delete' ? undefined : presentFile(uploaded);
  return withReleasedFiles(deps, `store owner ${input.type}`, async (files) => {
    // The document is checked and stored before the transaction, never while it holds the store's
    // row lock and a connection (the database file store takes one of its own): a refusal below
    // rolls back and removes it again (withReleasedFiles).
    const document = file ? await storeOwnerDocument(deps, file) : undefined;
    if (document) files.stored.push(document.document_key);
    return deps.db.transaction().execute(async (trx) => {
      await lockEditableStore(trx, merchantUserId, storeId);
      let ownerId: bigint;
      if (input.type === 'add') {
        const values = ownerValues(input);
        if ((await countStoreOwners(trx, storeId)) >= STORE_LIMITS.ownersMax) fail('STORE_OWNERS_LIMIT', { max: STORE_LIMITS.ownersMax });
        if (!document) fail('OWNER_DOCUMENT_REQUIRED', { fieldErrors: { attachment: 'The document field is required' } });
        ownerId = await insertStoreOwner(trx, { merchantUserId, storeId, ...values, ...document });
      } else {
        ownerId = BigInt(input.id!);
        const owner = await findMerchantOwner(trx, merchantUserId, ownerId);
        if (!owner || owner.store_id !== storeId) fail('OWNER_NOT_FOUND');
        if (input.type === 'update') {
          const values = ownerValues(input);
          if (document) files.released.push(owner.document_key);
          await updateStoreOwner(trx, ownerId, values, document);
        } else {
          await deleteStoreOwner(trx, ownerId);
          files.released.push(owner.document_key);
        }
      }
      await audit.record(trx, {
        subject: { type: 'store_owner', id: ownerId },
        detail: { operation: input.type, storeId: String(storeId) },
      });
      return { id: Number(ownerId) };
    });
  });
}

/** get-file of type STORE: an owner's document as a data URL, for the merchant whose owner it is. */
export async function getOwnerDocument(deps: Deps, merchantUserId: bigint, ownerIdNumber: number) {
  const owner = await findMerchantOwner(deps.db, merchantUserId, BigInt(ownerIdNumber));
  if (!owner) fail('FILE_NOT_FOUND');
  const bytes = await deps.files.get(owner.document_key).catch(() => fail('FILE_NOT_FOUND'));
  return {
    file: `data:${owner.document_mime};base64,${bytes.toString('base64')}`,
    mimeType: owner.document_mime,
    fileName: owner.document_name,
  };
}
