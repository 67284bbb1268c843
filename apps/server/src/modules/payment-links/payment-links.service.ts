// Payment links (spec 3 section 2.1): the merchant creates a link for an amount in a currency on
// one of its online channels, with the card schemes it accepts; the customer pays it on the
// hosted checkout page (PUBLIC_URL/pay/<token>, modules of issue 10's checkout). This service
// holds the rules of a link: who may read and change it, when it can be paid, and how it reads.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  CHANNEL_STATUS,
  errorMessage,
  failureReasonWire,
  PAYMENT_LINK_STATUS,
  PAYMENT_LINK_TYPE,
  paymentLinkStatusStr,
  paymentLinkTypeLabel,
  STORE_STATUS,
  TRANSACTION_STATUS_LABEL,
  type TAddNewPaymentLinkInput,
  type TCurrencyOption,
  type TGetPaymentLinkInfoInput,
  type TGetPaymentLinkInfoResponse,
  type TGetPaymentlinkAttemptsInput,
  type TGetPaymentlinkAttemptsResponse,
  type TGetPaymentlinkTransactionsResponse,
  type TPaymentLinkFilters,
  type TPaymentLinkRow,
  type TPaymentLinkType,
  type TPaymentLinkTransaction,
  type TSchemeOption,
  type TUpdatePaymentLinkInput,
  type TUpdatePaymentLinkResponse,
} from '@paywallet/contract';
import { assert, minorToWire } from '@paywallet/ledger';
import type { Queryable } from '../../db/database.ts';
import { defineList, listPage } from '../../db/lists.ts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { fullName } from '../../lib/display-text.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail } from '../../transport/errors.ts';
import type { Scope } from '../../transport/scope.ts';
import { getAttemptTimeline, listLinkAttempts } from '../merchant-payments/attempts.service.ts';
import { allowedCurrencies, allowedSchemes } from '../merchant-payments/fees.service.ts';
import * as repository from './payment-links.repository.ts';
import type { LinkListRow, LinkRow, LinkTransactionRow, NewLink } from './payment-links.repository.ts';

/** A link as the hosted checkout needs it (interfaces.md, H2 links). */
export interface PayableLink {
  id: bigint;
  token: string;
  merchantUserId: bigint;
  merchantName: string;
  storeName: string;
  channelId: bigint;
  currency: string;
  amountMinor: bigint;
  type: TPaymentLinkType;
  status: number;
  expiresAt: Date | null;
  schemeIds: number[];
  schemes: { id: number; name: string }[];
  redirectUrl: string | null;
  callbackUrl: string | null;
  email: string | null;
  phone: string | null;
  description: string | null;
  receiptNo: string | null;
  paidCount: number;
}

export type LinkUnpayable = 'LINK_INACTIVE' | 'LINK_EXPIRED' | 'LINK_ALREADY_PAID';

/** A new link's token: 24 random bytes (192 bits), base64url (32 characters). */
export function newLinkToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** When the link stops taking payments: created_at + exipres_in seconds; null when it never does. */
export function linkExpiresAt(link: { created_at: Date; exipres_in: number | null }): Date | null {
  return link.exipres_in === null ? null : new Date(link.created_at.getTime() + link.exipres_in * 1000);
}

export function isLinkExpired(link: { created_at: Date; exipres_in: number | null }, now: Date): boolean {
  const expiresAt = linkExpiresAt(link);
  return expiresAt !== null && now.getTime() >= expiresAt.getTime();
}

async function payableView(db: Queryable, row: LinkRow): Promise<PayableLink> {
  const [schemes, paid] = await Promise.all([repository.listSchemesOfLinks(db, [row.id]), repository.countPaidOfLinks(db, [row.id])]);
  return {
    id: row.id,
    token: row.token,
    merchantUserId: row.merchant_user_id,
    merchantName: row.merchant_business_name ?? fullName({ first_name: row.merchant_first_name, last_name: row.merchant_last_name }),
    storeName: row.store_name,
    channelId: row.channel_id,
    currency: row.currency_code.trim(),
    amountMinor: row.amount,
    type: row.type === PAYMENT_LINK_TYPE.MULTIPLE ? PAYMENT_LINK_TYPE.MULTIPLE : PAYMENT_LINK_TYPE.SINGLE,
    status: row.status,
    expiresAt: linkExpiresAt(row),
    schemeIds: schemes.map((scheme) => scheme.id),
    schemes: schemes.map((scheme) => ({ id: scheme.id, name: scheme.name })),
    redirectUrl: row.redirect_url,
    callbackUrl: row.callback_url,
    email: row.email,
    phone: row.phone,
    description: row.description,
    receiptNo: row.receipt_no,
    paidCount: paid.get(row.id) ?? 0,
  };
}

/** A link by its token, whichever merchant it belongs to (the public checkout); undefined when none. */
export async function getPayableLink(db: Queryable, token: string): Promise<PayableLink | undefined> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(token)) return undefined;
  const row = await repository.findLinkByToken(db, token);
  return row ? payableView(db, row) : undefined;
}

/** The URL the link's payments are called back at, or null (none set, or no such link). */
export async function linkCallbackUrl(db: Queryable, linkId: bigint): Promise<string | null> {
  return (await repository.findLinkCallbackUrl(db, linkId)) ?? null;
}

/**
 * Locks the link's row (SELECT ... FOR UPDATE) for the rest of the transaction and reads it:
 * two payments of one link take turns, so a single-use link's second payment sees the first
 * one's transaction (paidCount) and is refused. Throws when the link does not exist.
 */
export async function lockLinkForPayment(trx: Transaction<Database>, linkId: bigint): Promise<PayableLink> {
  // The caller holds the id of a link it read (a checkout claim points at it): a missing one is a defect.
  const row = await repository.lockLinkById(trx, linkId);
  assert(row !== undefined, `payment link ${linkId} does not exist`);
  return payableView(trx, row);
}

/**
 * Whether a link is used up: single use and already paid once. The screens show it as "Paid"
 * and the checkout refuses it (LINK_ALREADY_PAID); one rule for both.
 */
export function isLinkUsedUp(link: { type: number }, paidCount: number): boolean {
  return link.type === PAYMENT_LINK_TYPE.SINGLE && paidCount > 0;
}

/** Why the link cannot take a payment now, or null when it can. */
export function whyUnpayable(link: PayableLink, now: Date): LinkUnpayable | null {
  if (isLinkUsedUp(link, link.paidCount)) return 'LINK_ALREADY_PAID';
  if (link.expiresAt !== null && now.getTime() >= link.expiresAt.getTime()) return 'LINK_EXPIRED';
  if (link.status !== PAYMENT_LINK_STATUS.ACTIVE) return 'LINK_INACTIVE';
  return null;
}

/** Inserts a link with its schemes as given, no checks (the demo seed and test fixtures). */
export async function insertPaymentLink(
  db: Queryable,
  link: Omit<NewLink, 'token'> & { token?: string },
): Promise<{ id: bigint; token: string }> {
  const token = link.token ?? newLinkToken();
  const id = await repository.insertLink(db, { ...link, token });
  return { id, token };
}

// ---- the merchant's calls ----------------------------------------------------------------------

/** The rows a link's transactions view lists at most (its totals count every payment). */
export const LINK_TRANSACTIONS_MAX = 1000;

const SECONDS = { day: 86_400, hour: 3_600, minute: 60 } as const;

/** The lifetime of the create payload in seconds; null when every part is 0 (no expiry). */
export function lifetimeSeconds(input: { expiresIndays: number; expiresInhours: number; expiresInminutes: number }): number | null {
  const seconds = input.expiresIndays * SECONDS.day + input.expiresInhours * SECONDS.hour + input.expiresInminutes * SECONDS.minute;
  return seconds > 0 ? seconds : null;
}

export function paymentUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/pay/${token}`;
}

function linkRowView(
  row: LinkListRow,
  extras: { schemes: { id: number; name: string }[]; transactionsCount: number; paidCount: number; publicUrl: string; now: Date },
): TPaymentLinkRow {
  const expiresAt = linkExpiresAt(row);
  return {
    id: Number(row.id),
    token: row.token,
    transactions_count: extras.transactionsCount,
    channel: { id: Number(row.channel_id), name: row.channel_name, code: row.channel_code },
    store: { name: row.store_name },
    amount: minorToWire(row.amount),
    type: row.type,
    currency: { code: row.currency_code.trim() },
    schemas: extras.schemes,
    status: row.status,
    status_str: paymentLinkStatusStr(row.status),
    paid: isLinkUsedUp(row, extras.paidCount),
    exipres_in: row.exipres_in,
    expires_at: expiresAt?.toISOString() ?? null,
    expired: expiresAt !== null && extras.now.getTime() >= expiresAt.getTime(),
    created_at: row.created_at.toISOString(),
    callback_url: row.callback_url,
    redirect_url: row.redirect_url,
    payment_url: paymentUrlOf(extras.publicUrl, row.token),
    receipt_no: row.receipt_no,
    email: row.email,
    phone: row.phone,
    description: row.description,
    added_by: Number(row.added_by),
    added_by_user: { email: row.added_by_email, first_name: row.added_by_first_name, last_name: row.added_by_last_name },
    user_id: Number(row.merchant_user_id),
  };
}

const linkList = defineList({ source: repository.linkListSource, view: (row: LinkListRow) => row });

/** Rows of the list with their schemes and counts, read for the whole page at once. */
async function linkRowsView(deps: Deps, rows: LinkListRow[]): Promise<TPaymentLinkRow[]> {
  const ids = rows.map((row) => row.id);
  const [schemes, counts, paid] = await Promise.all([
    repository.listSchemesOfLinks(deps.db, ids),
    repository.countTransactionsOfLinks(deps.db, ids),
    repository.countPaidOfLinks(deps.db, ids),
  ]);
  const schemesOf = new Map<bigint, { id: number; name: string }[]>();
  for (const scheme of schemes) {
    const list = schemesOf.get(scheme.payment_link_id) ?? [];
    list.push({ id: scheme.id, name: scheme.name });
    schemesOf.set(scheme.payment_link_id, list);
  }
  const now = new Date();
  return rows.map((row) =>
    linkRowView(row, {
      schemes: schemesOf.get(row.id) ?? [],
      transactionsCount: counts.get(row.id) ?? 0,
      paidCount: paid.get(row.id) ?? 0,
      publicUrl: deps.config.publicUrl,
      now,
    }),
  );
}

/** A link as the payment_links export writes it: the list's columns, the labels the screen shows. */
export interface LinkExportView {
  token: string;
  description: string | null;
  receipt_no: string | null;
  store: string;
  channel: string;
  type: string;
  currency: string;
  amount: number;
  /** Paid for a used-up single link, Expired past its lifetime, else the status's label. */
  status: string;
  transactions_count: number;
  expires_at: string | null;
  created_at: string;
  added_by: string;
}

function linkExportView(row: repository.LinkExportRow): LinkExportView {
  const expiresAt = linkExpiresAt(row);
  const expired = expiresAt !== null && Date.now() >= expiresAt.getTime();
  const paid = isLinkUsedUp(row, row.paid_count);
  return {
    token: row.token,
    description: row.description,
    receipt_no: row.receipt_no,
    store: row.store_name,
    channel: row.channel_name,
    type: paymentLinkTypeLabel(row.type),
    currency: row.currency_code.trim(),
    amount: minorToWire(row.amount),
    status: paid ? 'Paid' : expired && row.status === PAYMENT_LINK_STATUS.ACTIVE ? 'Expired' : paymentLinkStatusStr(row.status),
    transactions_count: row.transactions_count,
    expires_at: expiresAt?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    added_by: `${row.added_by_first_name} ${row.added_by_last_name}`.trim(),
  };
}

/** The merchant's links for the payment_links export: the screen's list and filters. */
export const linkExportList = defineList({ source: repository.linkExportListSource, view: linkExportView });

/** The link list's params from get-payment-link-info's filters (nothing in them can be another merchant's). */
export function linkListParams(merchantUserId: bigint, filters: TPaymentLinkFilters): repository.LinkListParams {
  return {
    merchantUserId,
    fromDate: filters.fromDate,
    toDate: filters.toDate,
    search: filters.search,
    token: filters.paymentLinkToken || undefined,
  };
}

/** get-payment-link-info: the merchant's links, newest first, with the list's filters. */
export async function getPaymentLinkInfo(
  deps: Deps,
  merchantUserId: bigint,
  input: TGetPaymentLinkInfoInput,
): Promise<TGetPaymentLinkInfoResponse> {
  const page = await listPage(deps.db, linkList, linkListParams(merchantUserId, input), { page: input.page, perPage: input.perPage });
  return { data: await linkRowsView(deps, page.data), paginationData: page.paginationData };
}

/** get-allowed-currencies: the currencies the merchant has a card fee schedule in. */
export async function getAllowedCurrencies(deps: Deps, merchantUserId: bigint): Promise<TCurrencyOption[]> {
  const currencies = await allowedCurrencies(deps.db, merchantUserId);
  return currencies.map((currency) => ({ id: currency.id, code: currency.code.trim() }));
}

/** get-payment-methods: every card scheme of the platform. */
export async function getPaymentMethods(deps: Deps): Promise<TSchemeOption[]> {
  return repository.listCardSchemes(deps.db);
}

/**
 * The channel a link may be taken on: the merchant's (else CHANNEL_NOT_FOUND, whoever's it is),
 * online (CHANNEL_TYPE_MISMATCH), switched on (CHANNEL_INACTIVE), under an Active store (STORE_NOT_ACTIVE);
 * and the currency one the merchant has a fee schedule in (PAYMENT_LINK_CURRENCY_NOT_ALLOWED).
 */
async function checkLinkChannelAndCurrency(db: Queryable, merchantUserId: bigint, channelId: bigint, currencyId: number): Promise<void> {
  const channel = await repository.findLinkChannel(db, merchantUserId, channelId);
  if (!channel) fail('CHANNEL_NOT_FOUND', { fieldErrors: { channelId: 'The selected channel is invalid' } });
  if (channel.type !== 'online') fail('CHANNEL_TYPE_MISMATCH', { fieldErrors: { channelId: errorMessage('CHANNEL_TYPE_MISMATCH') } });
  if (channel.store_status !== STORE_STATUS.ACTIVE)
    fail('STORE_NOT_ACTIVE', { fieldErrors: { channelId: errorMessage('STORE_NOT_ACTIVE') } });
  if (channel.channel_status !== CHANNEL_STATUS.ACTIVE)
    fail('CHANNEL_INACTIVE', { fieldErrors: { channelId: errorMessage('CHANNEL_INACTIVE') } });
  const currencies = await allowedCurrencies(db, merchantUserId);
  if (!currencies.some((currency) => currency.id === currencyId)) {
    fail('PAYMENT_LINK_CURRENCY_NOT_ALLOWED', { fieldErrors: { currencyId: errorMessage('PAYMENT_LINK_CURRENCY_NOT_ALLOWED') } });
  }
}

/** get-allowed-payment-methods: the schemes a link in this currency on this channel may accept. */
export async function getAllowedPaymentMethods(
  deps: Deps,
  merchantUserId: bigint,
  input: { currencyId: number; channelId: number },
): Promise<TSchemeOption[]> {
  const channelId = BigInt(input.channelId);
  await checkLinkChannelAndCurrency(deps.db, merchantUserId, channelId, input.currencyId);
  return allowedSchemes(deps.db, { merchantUserId, currencyId: input.currencyId, channelId });
}

const blankToNull = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

/** add-new-payment-link: checks the channel, currency and schemes, then creates the link (Active). */
export async function addNewPaymentLink(
  deps: Deps,
  audit: AuditTrail,
  scope: Scope,
  input: TAddNewPaymentLinkInput,
): Promise<TPaymentLinkRow> {
  const merchantUserId = scope.accountHolderId;
  const channelId = BigInt(input.channelId);
  await checkLinkChannelAndCurrency(deps.db, merchantUserId, channelId, input.currencyId);
  const allowed = await allowedSchemes(deps.db, { merchantUserId, currencyId: input.currencyId, channelId });
  const schemeIds = [...new Set(input.schemaIds)];
  if (schemeIds.some((schemeId) => !allowed.some((scheme) => scheme.id === schemeId))) {
    fail('PAYMENT_LINK_SCHEME_NOT_ALLOWED', { fieldErrors: { schemaIds: errorMessage('PAYMENT_LINK_SCHEME_NOT_ALLOWED') } });
  }
  const exipresIn = lifetimeSeconds(input);
  const token = newLinkToken();
  const id = await deps.db.transaction().execute(async (trx) => {
    const linkId = await repository.insertLink(trx, {
      token,
      merchantUserId,
      channelId,
      currencyId: input.currencyId,
      amount: BigInt(input.amount),
      type: input.type === PAYMENT_LINK_TYPE.MULTIPLE ? PAYMENT_LINK_TYPE.MULTIPLE : PAYMENT_LINK_TYPE.SINGLE,
      status: PAYMENT_LINK_STATUS.ACTIVE,
      exipresIn,
      redirectUrl: blankToNull(input.redirectUrl),
      callbackUrl: blankToNull(input.callbackUrl),
      receiptNo: blankToNull(input.receiptNo),
      email: blankToNull(input.email)?.toLowerCase() ?? null,
      phone: blankToNull(input.phone),
      description: blankToNull(input.description),
      addedBy: scope.actorUserId,
      schemeIds,
    });
    await audit.record(trx, {
      subject: { type: 'payment_link', id: linkId },
      detail: { amount: String(input.amount), currencyId: input.currencyId, channelId: String(channelId), type: input.type, exipresIn },
    });
    return linkId;
  });
  const page = await listPage(deps.db, linkList, { merchantUserId, token }, { page: 1, perPage: 1 });
  const [row] = await linkRowsView(deps, page.data);
  assert(row !== undefined && row.id === Number(id), 'the new payment link was not read back');
  return row;
}

/** update-payment-link: Active <-> Inactive; an expired link is refused (PAYMENT_LINK_EXPIRED). */
export async function updatePaymentLink(
  deps: Deps,
  audit: AuditTrail,
  merchantUserId: bigint,
  input: TUpdatePaymentLinkInput,
): Promise<TUpdatePaymentLinkResponse> {
  const linkId = BigInt(input.paymentLinkId);
  return deps.db.transaction().execute(async (trx) => {
    const link = await repository.lockMerchantLink(trx, merchantUserId, linkId);
    if (!link) fail('PAYMENT_LINK_NOT_FOUND');
    if (isLinkExpired(link, new Date())) fail('PAYMENT_LINK_EXPIRED');
    if (link.status !== input.status) await repository.setLinkStatus(trx, linkId, input.status);
    await audit.record(trx, { subject: { type: 'payment_link', id: linkId }, detail: { from: link.status, to: input.status } });
    return { id: Number(linkId), status: input.status, status_str: paymentLinkStatusStr(input.status) };
  });
}

async function merchantLinkOrFail(db: Queryable, merchantUserId: bigint, linkId: number): Promise<LinkRow> {
  const link = await repository.findMerchantLink(db, merchantUserId, BigInt(linkId));
  if (!link) fail('PAYMENT_LINK_NOT_FOUND');
  return link;
}

/** A payment through a link, as the link's transactions view and its export read it. */
function linkTransactionView(row: LinkTransactionRow): TPaymentLinkTransaction {
  return {
    id: Number(row.id),
    uuid: row.uuid,
    gateway_reference_id: row.gateway_reference_id,
    customer: { name: row.customer_name, email: row.customer_email },
    amount: minorToWire(row.amount),
    vat: minorToWire(row.vat),
    fee: minorToWire(row.fee),
    total_amount: minorToWire(row.total_amount),
    receiver_account_title: row.receiver_account_title,
    sender_account_title: row.sender_account_title,
    status: row.status,
    status_str: TRANSACTION_STATUS_LABEL[row.status] ?? String(row.status),
    failureReason: failureReasonWire(row.status, row.failure_reason),
    created_at: row.created_at.toISOString(),
  };
}

export interface LinkTransactionListParams extends repository.LinkTransactionListParams {
  /** The link's currency, which every payment through it is in. */
  currency: string;
}

/** A payment through a link with the link's currency: a row of the link's transactions export. */
export type LinkTransactionExportRow = TPaymentLinkTransaction & { currency: string };

/**
 * The payments through one link, newest first: the rows of get-paymentlink-transactions, as
 * the export (report type payment_link_transactions) streams them.
 */
export const linkTransactionList = defineList({
  source: repository.linkTransactionListSource,
  view: (row: LinkTransactionRow, params: LinkTransactionListParams): LinkTransactionExportRow => ({
    ...linkTransactionView(row),
    currency: params.currency,
  }),
});

/** The list's params for a link of the merchant; another merchant's link is PAYMENT_LINK_NOT_FOUND, as on the screen. */
export async function linkTransactionListParams(
  db: Queryable,
  merchantUserId: bigint,
  input: { paymentLinkId: number },
): Promise<LinkTransactionListParams> {
  const link = await merchantLinkOrFail(db, merchantUserId, input.paymentLinkId);
  return { merchantUserId, linkId: link.id, currency: link.currency_code.trim() };
}

/** get-paymentlink-transactions: the link and the payments through it, with totals of the successful ones. */
export async function getPaymentlinkTransactions(
  deps: Deps,
  merchantUserId: bigint,
  input: { paymentLinkId: number },
): Promise<TGetPaymentlinkTransactionsResponse> {
  const link = await merchantLinkOrFail(deps.db, merchantUserId, input.paymentLinkId);
  const [rows, sums, counts, paid] = await Promise.all([
    repository.listLinkTransactions(deps.db, merchantUserId, link.id, LINK_TRANSACTIONS_MAX),
    repository.sumLinkTransactions(deps.db, merchantUserId, link.id),
    repository.countTransactionsOfLinks(deps.db, [link.id]),
    repository.countPaidOfLinks(deps.db, [link.id]),
  ]);
  const expiresAt = linkExpiresAt(link);
  return {
    id: Number(link.id),
    token: link.token,
    exipres_in: link.exipres_in,
    expires_at: expiresAt?.toISOString() ?? null,
    expired: isLinkExpired(link, new Date()),
    status: link.status,
    status_str: paymentLinkStatusStr(link.status),
    paid: isLinkUsedUp(link, paid.get(link.id) ?? 0),
    payment_url: paymentUrlOf(deps.config.publicUrl, link.token),
    type: link.type,
    amount: minorToWire(link.amount),
    currency: { code: link.currency_code.trim() },
    transactions_count: counts.get(link.id) ?? 0,
    transactions: rows.map(linkTransactionView),
    totals: {
      amount: minorToWire(sums.amount),
      vat: minorToWire(sums.vat),
      fee: minorToWire(sums.fee),
      subtotal: minorToWire(sums.total_amount),
    },
    support_email: deps.config.supportEmail,
  };
}

/** get-paymentlink-attempts: the attempts on a link of the merchant; with attemptId, that attempt's log too. */
export async function getPaymentlinkAttempts(
  deps: Deps,
  merchantUserId: bigint,
  input: TGetPaymentlinkAttemptsInput,
): Promise<TGetPaymentlinkAttemptsResponse> {
  const link = await merchantLinkOrFail(deps.db, merchantUserId, input.paymentLinkId);
  const attempts = await listLinkAttempts(deps.db, merchantUserId, link.id);
  let log: TGetPaymentlinkAttemptsResponse['log'] = null;
  if (input.attemptId !== undefined) {
    const attemptUuid = input.attemptId.toLowerCase();
    if (!attempts.some((attempt) => attempt.uuid === attemptUuid)) fail('ATTEMPT_NOT_FOUND');
    const timeline = await getAttemptTimeline(deps.db, merchantUserId, { attemptUuid });
    if (!timeline) fail('ATTEMPT_NOT_FOUND');
    log = { ...timeline, uuid: attemptUuid };
  }
  return {
    attempts: attempts.map((attempt) => ({
      id: Number(attempt.id),
      uuid: attempt.uuid,
      ip: attempt.ip,
      created_at: attempt.created_at.toISOString(),
    })),
    log,
  };
}
