// The transaction history (spec 1 screen 20 and spec 2 Transactions): the account holder's
// movements as sender or receiver, filtered (dates, status, type, wallet, transaction id,
// store -> terminal -> channel) and paged through the list pipeline, and one in detail with
// its real status and settlement status (DECISIONS 5), its charge rows and both parties. Only
// a party may read a transaction. The list definition is exported for the exports, which
// stream the same rows the screen pages.
import {
  failureReasonWire,
  SETTLEMENT_STATUS_LABEL,
  TRANSACTION_STATUS_LABEL,
  type TChargeTransaction,
  type TGetTransactionsInput,
  type TTransactionDetail,
  type TTransactionFilters,
  type TTransactionRow,
} from '@paywallet/contract';
import { assert, isTransactionTypeId, minorToWire, TRANSACTION_TYPE_IDS, TRANSACTION_TYPE_NAMES, TransactionType } from '@paywallet/ledger';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { defineList, listPage } from '../../db/lists.ts';
import { fail, fieldFailure } from '../../transport/errors.ts';
import { ACQUIRER_IDENTITY } from '../gateway/acquirer.ts';
import { resolveStoreScope } from '../stores/stores.service.ts';
import { findOwnWallet } from '../wallets/wallets.service.ts';
import { refundAmountDetails } from '../refunds/refunds.service.ts';
import {
  compactTransactionRollups as compactRollups,
  findParty,
  findTransactionForParty,
  TRANSACTION_DIMENSIONS,
  TRANSACTION_SUMS,
  transactionListSource,
  type PartyRow,
  type TransactionIdSearch,
  type TransactionListParams,
  type TransactionRow,
} from './transactions.repository.ts';

export type { TransactionListParams };
/** What the transaction list can be grouped by and summed (its rollup keeps them all). */
export { TRANSACTION_DIMENSIONS, TRANSACTION_SUMS };

/** Folds the list rollup's deltas into its compacted rows (the compaction job). */
export async function compactTransactionRollups(deps: Pick<Deps, 'db'>): Promise<number> {
  return compactRollups(deps.db);
}

export const TRANSACTION_ID_REQUIRED = 'The transaction id field is required';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MASK_CHARACTERS = /[*xX•]/;
const CARD_DIGITS_MIN = 12;

/** The movements whose charges leave the sender's wallet; on every other, the receiver's. */
const SENDER_PAYS_CHARGES: ReadonlySet<number> = new Set([
  TransactionType.Withdrawal,
  TransactionType.Transfer,
  TransactionType.RequestPayment,
]);
/** The platform account a charge is paid to. */
const CHARGE_RECEIVER_TITLE = { fee: 'Fees', vat: 'VAT' } as const;

/**
 * A card number as it may be shown: first six and last four digits (DECISIONS 19). Stored
 * numbers are masked already; a full number that slipped through is masked here, never shown.
 */
export function maskCardNumber(value: string | null): string | null {
  if (value === null || value === '' || MASK_CHARACTERS.test(value)) return value;
  const digits = value.replace(/\D/g, '');
  if (digits.length < CARD_DIGITS_MIN) return `****${digits.slice(-4)}`;
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

function typeName(typeId: number): string {
  assert(isTransactionTypeId(typeId), `unknown transaction type ${typeId}`);
  return TRANSACTION_TYPE_NAMES[typeId];
}

function statusLabel(status: number): string {
  const label = TRANSACTION_STATUS_LABEL[status];
  assert(label !== undefined, `unknown transaction status ${status}`);
  return label;
}

/**
 * The holder's own moves that make money available to them: an aggregate settlement (on hold ->
 * available) and a rolling reserve's release (reserve wallet -> available). They read as money
 * coming in (docs/transactions.md "Direction").
 */
const BECOMES_AVAILABLE: ReadonlySet<number> = new Set([TransactionType.AggregateSettlement, TransactionType.RollingReserveRelease]);

/**
 * +1 when the money came to the user (or the wallet shown), -1 when it left them, 0 for a move
 * between the user's own wallets that makes nothing available (a reserve hold, 13). Seen from a
 * wallet, a row reads from that wallet's side; a row whose sender and receiver are the same
 * wallet (an aggregate settlement) came to it.
 */
function directionOf(
  row: Pick<TransactionRow, 'transaction_type_id' | 'sender_user_id' | 'receiver_user_id' | 'receiver_account_id'>,
  userId: bigint,
  walletId: bigint | undefined,
): -1 | 0 | 1 {
  if (walletId !== undefined) return row.receiver_account_id === walletId ? 1 : -1;
  const sent = row.sender_user_id === userId;
  if (sent && row.receiver_user_id === userId) return BECOMES_AVAILABLE.has(row.transaction_type_id) ? 1 : 0;
  return sent ? -1 : 1;
}

/** JSON numbers of the display subqueries (int8 may arrive as text) to minor units. */
function minorOf(value: number | string): bigint {
  return BigInt(value);
}

/** Who pays a movement's charges: the sender of a transfer, request or withdrawal, else the receiver. */
function chargePayer(row: TransactionRow): { title: string | null; userId: bigint | null } {
  const senderPays = SENDER_PAYS_CHARGES.has(row.transaction_type_id) && row.sender_user_id !== null;
  return senderPays
    ? { title: row.sender_account_title, userId: row.sender_user_id }
    : { title: row.receiver_account_title, userId: row.receiver_user_id };
}

function chargesView(row: TransactionRow): TChargeTransaction[] {
  const payer = chargePayer(row);
  return row.charges_json.map((charge) => {
    const chargesMinor = minorOf(charge.charges);
    return {
      uuid: row.uuid,
      name: charge.name,
      type: charge.type,
      charges: minorToWire(chargesMinor),
      amount: minorToWire(chargesMinor),
      total_amount: minorToWire(chargesMinor),
      sender_account_title: payer.title,
      sender_user_id: payer.userId === null ? null : Number(payer.userId),
      receiver_account_title: CHARGE_RECEIVER_TITLE[charge.type],
      receiver_user_id: null,
    };
  });
}

/** The payer of a merchant payment who was not a wallet: the merchant's customer. */
function customerView(row: TransactionRow): TTransactionRow['customer'] {
  if (row.customer_id === null || row.sender_user_id !== null || row.customer_name === null) return null;
  return { email: row.customer_email, name: row.customer_name, phone: row.customer_phone };
}

function refundedView(row: TransactionRow): TTransactionRow['refunded_transaction'] {
  const refunded = row.refunded_json;
  if (refunded === null) return null;
  return {
    uuid: refunded.uuid,
    amount: minorToWire(minorOf(refunded.amount)),
    fee: minorToWire(minorOf(refunded.fee)),
    vat: minorToWire(minorOf(refunded.vat)),
    created_at: new Date(refunded.created_at).toISOString(),
  };
}

function userIdOf(id: bigint | null): number | null {
  return id === null ? null : Number(id);
}

function rowView(row: TransactionRow, userId: bigint, walletId?: bigint): TTransactionRow {
  assert(row.settlement_status === null || SETTLEMENT_STATUS_LABEL[row.settlement_status] !== undefined, 'settlement status is 0..3');
  return {
    uuid: row.uuid,
    refrence: row.refrence,
    reference_id: row.reference_id,
    gateway_reference_id: row.gateway_reference_id,
    transaction_type_id: row.transaction_type_id,
    transaction_type: { name: typeName(row.transaction_type_id) },
    status: row.status,
    status_str: statusLabel(row.status),
    settlement_status: row.settlement_status,
    amount: minorToWire(row.amount),
    fee: minorToWire(row.fee),
    vat: minorToWire(row.vat),
    total_amount: minorToWire(row.total_amount),
    currency: { code: row.currency_code },
    direction: directionOf(row, userId, walletId),
    sender_account_title: row.sender_account_title,
    sender_account_number: row.sender_account_number,
    sender_user_id: userIdOf(row.sender_user_id),
    receiver_account_title: row.receiver_account_title,
    receiver_account_number: row.receiver_account_number,
    receiver_user_id: userIdOf(row.receiver_user_id),
    card_holder_name: row.card_holder_name,
    card_number: maskCardNumber(row.card_number),
    client_reference: row.client_reference,
    customer: customerView(row),
    charges_transactions: chargesView(row),
    refunded_transaction: refundedView(row),
    created_at: new Date(row.created_at).toISOString(),
  };
}

function partyView(party: PartyRow | undefined) {
  return party ? { first_name: party.first_name, last_name: party.last_name, email: party.email } : null;
}

/** The card side of a card payment: the acquirer, the scheme and the payer's country. */
function cardDetail(row: TransactionRow) {
  const byCard = row.card_number !== null;
  return {
    aquiring: byCard ? { name: ACQUIRER_IDENTITY.name, code: ACQUIRER_IDENTITY.code } : null,
    schema:
      byCard && row.payment_method_name !== null && row.payment_method_code !== null
        ? { name: row.payment_method_name, code: row.payment_method_code }
        : null,
    country_code: row.customer_country,
    // Issued by the acquirer when it approved the card's authorisation (migration 0028): null on
    // a decline, on a challenge never passed and on every movement that is not a card payment.
    approval_code: byCard ? row.approval_code : null,
  };
}

async function transactionDetail(deps: Deps, userId: bigint, transactionId: string | undefined): Promise<TTransactionDetail> {
  if (!transactionId) throw fieldFailure({ transactionId: TRANSACTION_ID_REQUIRED });
  // Not a uuid: nobody's transaction (and no malformed value reaches the uuid column).
  if (!UUID_PATTERN.test(transactionId)) fail('TRANSACTION_NOT_FOUND');
  const row = await findTransactionForParty(deps.db, userId, transactionId);
  if (!row) fail('TRANSACTION_NOT_FOUND');
  const [sender, receiver] = await Promise.all([findParty(deps.db, row.sender_user_id), findParty(deps.db, row.receiver_user_id)]);
  return {
    ...rowView(row, userId),
    sender: partyView(sender),
    receiver: partyView(receiver),
    settlement_date: row.settlement_date ? new Date(row.settlement_date).toISOString() : null,
    payment_method: row.payment_method_name === null ? null : { name: row.payment_method_name },
    ...cardDetail(row),
    failureReason: failureReasonWire(row.status, row.failure_reason),
    supportEmail: deps.config.supportEmail,
  };
}

/** The transaction list: the screen pages it, load-more and exports read it in keyset order. */
export const transactionList = defineList({
  source: transactionListSource,
  view: (row: TransactionRow, params: TransactionListParams) => rowView(row, params.userId, params.walletId),
});

/** The search box's transaction id: a whole uuid finds it exactly; fewer characters, by prefix. */
function transactionIdSearch(text: string | undefined): TransactionIdSearch | undefined {
  if (!text) return undefined;
  const lowered = text.toLowerCase();
  return UUID_PATTERN.test(lowered) ? { exact: lowered } : { prefix: lowered };
}

/**
 * The list's params from the request's filters, after the checks that may refuse: the wallet
 * must be the account holder's (WALLET_NOT_FOUND), and the store -> terminal -> channel scope
 * the merchant's (STORE_, TERMINAL_, CHANNEL_NOT_FOUND).
 */
export async function transactionListParams(db: Queryable, userId: bigint, filters: TTransactionFilters): Promise<TransactionListParams> {
  const walletId = filters.userAccountId === undefined ? undefined : BigInt(filters.userAccountId);
  if (walletId !== undefined && !(await findOwnWallet(db, userId, walletId))) fail('WALLET_NOT_FOUND');
  const channels = await resolveStoreScope(db, userId, filters);
  return {
    userId,
    walletId,
    status: filters.status,
    typeId: filters.transactionTypeId,
    transactionId: transactionIdSearch(filters.transactionId),
    customerEmail: filters.customerEmail,
    days: { fromDate: filters.fromDate, toDate: filters.toDate },
    channels,
  };
}

export async function getTransactions(deps: Deps, userId: bigint, input: TGetTransactionsInput) {
  if (input.refundAmountDetails === 1) return refundAmountDetails(deps.db, userId, input.transactionId);
  if (input.transactionDetail === 1) return { detail: await transactionDetail(deps, userId, input.transactionId) };
  return listPage(deps.db, transactionList, await transactionListParams(deps.db, userId, input), input);
}

/** The transaction types, in their numbering (`transaction-types`): the options of the type filters. */
export function transactionTypes(): Array<{ id: number; name: string }> {
  return TRANSACTION_TYPE_IDS.map((id) => ({ id, name: TRANSACTION_TYPE_NAMES[id] }));
}
