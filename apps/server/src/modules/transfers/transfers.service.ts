// Send money (spec 1, screens 12-14 and 17): verify the recipient, price the transfer into a
// quote, and confirm the quote's hash. The confirm runs in one database transaction: the quote
// is locked and consumed once, the money moves through the posting function, the request it
// answers (if any) is accepted, and both parties are notified; or nothing happens at all. With
// group commit on, the confirms of a batch are written together by one set of statements
// (CONFIRM_SET), each confirm the set cannot take written alone as without it.
import type { Transaction } from 'kysely';
import { z } from 'zod';
import {
  isBlockedUserStatus,
  maskEmail,
  maskPhone,
  TRANSACTION_STATUS,
  WALLET_KIND,
  type TConfirmSendMoneyInput,
  type TInitiateSendMoneyInput,
  type TQuote,
} from '@paywallet/contract';
import {
  assert,
  minorToWire,
  postingKey,
  quoteCharges,
  sendMoneyEntries,
  TransactionType,
  type Charges,
  type PaymentMethodPrivilege,
  type QuoteChargesResult,
} from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fail } from '../../transport/errors.ts';
import { AuditTrail, type AuditRecord } from '../../transport/audit-trail.ts';
import { NOTHING_TO_MOVE, withPosting, writePosting, writePostingSet, type Posted, type WholePosting } from '../ledger/ledger.service.ts';
import type { SetAnswer, SetGroup } from '../ledger/posting-batcher.ts';
import {
  consumedByPosting,
  consumeQuote,
  consumeQuotesWithPostings,
  createQuote,
  lockOpenQuotes,
  lockQuote,
  type LockedQuote,
} from '../quotes/quotes.service.ts';
import {
  createWallet,
  findOwnWallet,
  findSpendingWallet,
  getWallet,
  hasAnyWallet,
  type WalletWithCurrency,
} from '../wallets/wallets.service.ts';
import {
  findPaymentMethod,
  privilegeOf,
  quoteRefusal,
  startOfUtcDay,
  type PaymentMethodRow,
} from '../payment-methods/payment-methods.service.ts';
import { notice, notifyEach, notifyTogether, type Notice } from '../notifications/notifications.service.ts';
import { formatMoney, fullName } from '../../lib/display-text.ts';
import { MONEY_RECEIVED, MONEY_REQUEST_PAID, MONEY_SENT } from './transfers.notifications.ts';
import { counterpartyOf, parseEmailOrPhone, resolveCounterparty } from './recipients.ts';
import { acceptPendingRequest, findRequestForPayer, lockRequestForPayer, type MoneyRequestRow } from './money-requests.repository.ts';
import {
  addToDailyUsage,
  addToDailyUsageOf,
  findParties,
  findPartiesOf,
  findSendingTerms,
  lockPerson,
  type DailyUsage,
  usedOnDayMinor,
  type PartyRow,
  type PayeeLookup,
  type PersonRow,
  type SendParties,
} from './transfers.repository.ts';

export const RECIPIENT_VERIFIED = 'Recipient verified';

/** A non-negative int8 written as digits (ids and minor amounts survive JSON this way). */
const zMinorString = z.string().regex(/^\d{1,19}$/);

/** What a send-money quote holds: everything the confirm needs to post, amounts as strings. */
const ZSendMoneyPayload = z.object({
  payerWalletId: zMinorString,
  payeeUserId: zMinorString,
  /** Set when paying a request: the wallet the request asked the money into. */
  payeeWalletId: zMinorString.nullable(),
  currencyId: z.number().int(),
  paymentMethodId: z.number().int(),
  enteredMinor: zMinorString,
  amountMinor: zMinorString,
  feeMinor: zMinorString,
  vatMinor: zMinorString,
  totalDebitMinor: zMinorString,
  deductCharges: z.boolean(),
  requestId: zMinorString.nullable(),
});
type SendMoneyPayload = z.infer<typeof ZSendMoneyPayload>;

export function recipientView(person: PersonRow) {
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    email: person.email,
    phone_number: person.phone_number,
    avatar: person.avatar,
  };
}

/**
 * Who a payment would go to, told back no more than the caller typed (DECISIONS 26): found by
 * phone, the person's e-mail is masked ('m•••@example.com'); found by e-mail, the e-mail is
 * the one typed and the phone is masked ('+•••43'). The name and avatar are what the
 * recipient card shows either way.
 */
export async function verifyRecipient(deps: Deps, callerUserId: bigint, emailOrPhone: string) {
  const person = await resolveCounterparty(deps.db, callerUserId, emailOrPhone, 'SEND_TO_SELF');
  const view = recipientView(person);
  const byPhone = parseEmailOrPhone(emailOrPhone)?.kind === 'phone';
  const user = byPhone
    ? { ...view, email: maskEmail(person.email) }
    : { ...view, phone_number: person.phone_number === null ? null : maskPhone(person.phone_number) };
  return { user, msg: RECIPIENT_VERIFIED };
}

/** The caller's wallet for a payment: theirs, and not the merchant's rolling reserve. */
export async function ownPaymentWallet(db: Db, userId: bigint, walletId: bigint): Promise<WalletWithCurrency> {
  const wallet = await findOwnWallet(db, userId, walletId);
  if (!wallet) fail('WALLET_NOT_FOUND');
  if (wallet.is_default === WALLET_KIND.ROLLING_RESERVE) fail('RESERVE_WALLET_REFUSED');
  return wallet;
}

export interface TransferMethod {
  paymentMethodId: number;
  privilege: PaymentMethodPrivilege;
}

/** The charges and limits of sending money in the wallet's currency. */
export async function transferMethodFor(db: Db, wallet: WalletWithCurrency): Promise<TransferMethod> {
  return transferMethodOf((await findPaymentMethod(db, 'TRANSFER', wallet.currency_id)) ?? null, wallet);
}

/** The UTC day a send counts on for the daily limit ('YYYY-MM-DD', the usage row's key). */
function limitDayOf(now: Date): string {
  return startOfUtcDay(now).toISOString().slice(0, 10);
}

/**
 * What initiate prices with, read in one statement: the payer's own wallet (not the rolling
 * reserve), the transfer method of its currency, what the payer sent today in it and the person
 * `payee` names (judged after, by counterpartyOf). The refusals are those of ownPaymentWallet and
 * transferMethodFor, in the same order.
 */
async function sendingTermsOf(db: Db, payerUserId: bigint, walletId: bigint, day: string, payee: PayeeLookup) {
  const terms = await findSendingTerms(db, payerUserId, walletId, day, payee);
  if (!terms) fail('WALLET_NOT_FOUND');
  if (terms.wallet.is_default === WALLET_KIND.ROLLING_RESERVE) fail('RESERVE_WALLET_REFUSED');
  return terms;
}

function transferMethodOf(row: PaymentMethodRow | null, wallet: WalletWithCurrency): TransferMethod {
  if (!row) fail('TRANSFER_NOT_AVAILABLE', { currency: wallet.currency_code });
  return { paymentMethodId: row.payment_method_id, privilege: privilegeOf(row) };
}

/** Turns a refused quote into the 422 that names the limit; returns the charges otherwise. */
export function chargesOrRefuse(
  result: QuoteChargesResult,
  wallet: WalletWithCurrency,
  privilege: PaymentMethodPrivilege,
  usedTodayMinor: bigint,
): Charges {
  if (result.ok) return result;
  throw quoteRefusal(result.code, {
    currencyCode: wallet.currency_code,
    decimals: wallet.currency_decimals,
    minAmountMinor: privilege.minAmountMinor,
    maxAmountMinor: privilege.maxAmountMinor,
    dailyLimitMinor: privilege.dailyLimitMinor,
    usedTodayMinor,
  });
}

/**
 * The checks of paying a request, at initiate and again at confirm: the request was asked of
 * this payer (the caller found it by payer, or REQUEST_NOT_FOUND), is pending, was made by the
 * payment's payee, and asks the payment's currency and amount.
 */
function assertPayable(
  request: MoneyRequestRow,
  requestWallet: WalletWithCurrency,
  payment: { payeeUserId: bigint; currencyId: number; enteredMinor: bigint },
): void {
  assert(requestWallet.id === request.requester_account_id, 'the wallet checked is the one the request asks into');
  if (request.status !== 'PENDING') fail('REQUEST_NOT_PENDING');
  if (request.requester_user_id !== payment.payeeUserId) fail('REQUEST_OTHER_RECIPIENT');
  if (requestWallet.currency_id !== payment.currencyId) fail('REQUEST_CURRENCY_MISMATCH', { currency: requestWallet.currency_code });
  if (payment.enteredMinor !== request.amount) {
    fail('REQUEST_AMOUNT_MISMATCH', { amount: formatMoney(request.amount, requestWallet.currency_code, requestWallet.currency_decimals) });
  }
}

/** The request being paid, at initiate: pending, asked of this payer by this payee, same currency and amount. */
async function requestToPay(
  db: Db,
  payerUserId: bigint,
  requestId: bigint,
  payee: PersonRow,
  payerWallet: WalletWithCurrency,
  enteredMinor: bigint,
) {
  const request = await findRequestForPayer(db, requestId, payerUserId);
  if (!request) fail('REQUEST_NOT_FOUND');
  const requestWallet = await getWallet(db, request.requester_account_id);
  assertPayable(request, requestWallet, { payeeUserId: payee.id, currencyId: payerWallet.currency_id, enteredMinor });
  return { request, requestWallet };
}

export async function initiateSendMoney(deps: Deps, payerUserId: bigint, input: TInitiateSendMoneyInput): Promise<TQuote> {
  const payeeLookup = parseEmailOrPhone(input.emailOrPhone);
  const terms = await sendingTermsOf(deps.db, payerUserId, BigInt(input.payerAccountId), limitDayOf(new Date()), payeeLookup);
  const payerWallet = terms.wallet;
  const payee = counterpartyOf(terms.payee, payerUserId, 'SEND_TO_SELF');
  const enteredMinor = BigInt(input.amount);
  const paying =
    input.request_id === undefined
      ? undefined
      : await requestToPay(deps.db, payerUserId, BigInt(input.request_id), payee, payerWallet, enteredMinor);
  const method = transferMethodOf(terms.privilege, payerWallet);
  const usedTodayMinor = terms.usedTodayMinor;
  const deductCharges = input.deductChargesFromTransactionAmount === 1;
  const charges = chargesOrRefuse(
    quoteCharges({
      amountMinor: enteredMinor,
      privilege: method.privilege,
      vatBps: BigInt(deps.config.vatBps),
      deductChargesFromAmount: deductCharges,
      usedTodayMinor,
    }),
    payerWallet,
    method.privilege,
    usedTodayMinor,
  );
  // Checked again at confirm by the posting itself; this early answer saves a useless confirm.
  if (payerWallet.available_balance < charges.totalDebitMinor) fail('INSUFFICIENT_FUNDS');

  const payload: SendMoneyPayload = {
    payerWalletId: String(payerWallet.id),
    payeeUserId: String(payee.id),
    payeeWalletId: paying ? String(paying.requestWallet.id) : null,
    currencyId: payerWallet.currency_id,
    paymentMethodId: method.paymentMethodId,
    enteredMinor: String(enteredMinor),
    amountMinor: String(charges.amountMinor),
    feeMinor: String(charges.feeMinor),
    vatMinor: String(charges.vatMinor),
    totalDebitMinor: String(charges.totalDebitMinor),
    deductCharges,
    requestId: paying ? String(paying.request.id) : null,
  };
  const { hash, expiresAt } = await createQuote(deps.db, payerUserId, 'send-money', payload);
  return {
    hash,
    amount: minorToWire(enteredMinor),
    fee: minorToWire(charges.feeMinor),
    vat: minorToWire(charges.vatMinor),
    totalAmount: minorToWire(charges.totalDebitMinor),
    receiveAmount: minorToWire(charges.amountMinor),
    currency: payerWallet.currency_code,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function confirmSendMoney(
  deps: Deps,
  audit: AuditTrail,
  payerUserId: bigint,
  input: TConfirmSendMoneyInput,
): Promise<{ transactionId: string }> {
  const requestId = input.request_id === undefined ? undefined : String(input.request_id);
  // Through group commit, a confirm naming no request may be written with the others of its batch (CONFIRM_SET).
  const set = requestId === undefined ? { group: CONFIRM_SET, payload: { payerUserId, hash: input.transactionHash, audit } } : undefined;
  const outcome = await withPosting(
    deps.postings,
    (trx) => confirmAlone(trx, audit, payerUserId, input.transactionHash, requestId),
    // One payer's confirms in one lane: their daily usage row is theirs alone.
    { key: payerUserId },
    set,
  );
  if (!outcome.ok) fail('INSUFFICIENT_FUNDS');
  return { transactionId: outcome.value };
}

/** One confirm, in the transaction (or the group commit's savepoint) `trx`; answers the transaction's uuid. */
async function confirmAlone(
  trx: Transaction<Database>,
  audit: AuditTrail,
  payerUserId: bigint,
  hash: string,
  requestId: string | undefined,
): Promise<string> {
  const quote = await lockQuote(trx, hash, payerUserId, 'send-money');
  const parsed = ZSendMoneyPayload.safeParse(quote.payload);
  assert(parsed.success, 'a send-money quote holds a send-money payload');
  if (quote.previousResult) return repeatedConfirm(trx, audit, quote.previousResult, parsed.data, requestId);
  const payload = await payingRequest(trx, payerUserId, parsed.data, requestId);
  const posted = await postTransfer(trx, payerUserId, payload, quote);
  // Consumed by the posting's own statement; a key posted before consumed nothing there.
  if (posted.outcome === 'exists') {
    await consumeQuote(trx, quote.id, posted.transactionId, { transactionId: posted.uuid, requestId: payload.requestId });
  }
  await audit.record(trx, transferAuditRecord(posted.uuid, payload));
  await posted.settle();
  return posted.uuid;
}

/** Confirmed before: the same answer, and no money moves a second time (for the same request, if one is named). */
async function repeatedConfirm(
  trx: Transaction<Database>,
  audit: AuditTrail,
  previousResult: Record<string, unknown>,
  payload: SendMoneyPayload,
  requestId: string | undefined,
): Promise<string> {
  const previous = previousResult['transactionId'];
  assert(typeof previous === 'string', 'a consumed send-money quote kept its transaction id');
  // Results stored before confirm could name the request kept it in the payload only.
  const paidRequestId = typeof previousResult['requestId'] === 'string' ? previousResult['requestId'] : payload.requestId;
  if (requestId !== undefined && requestId !== paidRequestId) fail('QUOTE_NOT_FOR_REQUEST');
  await audit.record(trx, { subject: { type: 'transaction', id: previous }, detail: { repeated: true } });
  return previous;
}

/**
 * What the confirm posts. A quote priced for a request pays that request, and a confirm naming
 * another is refused. A quote priced without one pays the request the confirm names (spec 1
 * section 7: the consumer's answer sends request_id on confirm), after the same checks as at
 * initiate, made on the locked request: the money goes into the wallet the request asked for.
 */
async function payingRequest(
  trx: Transaction<Database>,
  payerUserId: bigint,
  payload: SendMoneyPayload,
  requestId: string | undefined,
): Promise<SendMoneyPayload> {
  if (requestId === undefined) return payload;
  if (payload.requestId !== null) {
    if (requestId !== payload.requestId) fail('QUOTE_NOT_FOR_REQUEST');
    return payload;
  }
  const request = await lockRequestForPayer(trx, BigInt(requestId), payerUserId);
  if (!request) fail('REQUEST_NOT_FOUND');
  const requestWallet = await getWallet(trx, request.requester_account_id);
  assertPayable(request, requestWallet, {
    payeeUserId: BigInt(payload.payeeUserId),
    currencyId: payload.currencyId,
    enteredMinor: BigInt(payload.enteredMinor),
  });
  return { ...payload, requestId, payeeWalletId: String(request.requester_account_id) };
}

function chargesOf(payload: SendMoneyPayload): Charges {
  return {
    amountMinor: BigInt(payload.amountMinor),
    feeMinor: BigInt(payload.feeMinor),
    vatMinor: BigInt(payload.vatMinor),
    totalDebitMinor: BigInt(payload.totalDebitMinor),
  };
}

interface Parties {
  payer: PersonRow;
  payee: PersonRow;
  payerWallet: WalletWithCurrency;
  payeeWallet: WalletWithCurrency;
}

/**
 * Who pays from which wallet into which, read in one statement; the payee's wallet is opened
 * here when they have none in the currency, under their row lock (lockPerson), so two payments
 * side by side open one.
 */
async function partiesOf(trx: Transaction<Database>, payerUserId: bigint, payload: SendMoneyPayload): Promise<Parties> {
  const { payer, payee } = await findParties(trx, sendPartiesOf(payerUserId, payload));
  if (isBlockedUserStatus(payee.person.status)) fail('RECIPIENT_INACTIVE');
  let payeeWallet = payee.wallet;
  if (payeeWallet === null) {
    assert(payload.payeeWalletId === null, 'the wallet a request asked into exists');
    await lockPerson(trx, payee.person.id);
    payeeWallet = await payeeWalletFor(trx, payee.person.id, payload.currencyId);
  }
  return checkedParties(payerUserId, payload, payer, { person: payee.person, wallet: payeeWallet });
}

/** Whom and which wallets a quote names, as findParties reads them. */
function sendPartiesOf(payerUserId: bigint, payload: SendMoneyPayload): SendParties {
  return {
    payerUserId,
    payerWalletId: BigInt(payload.payerWalletId),
    payeeUserId: BigInt(payload.payeeUserId),
    payeeWalletId: payload.payeeWalletId === null ? null : BigInt(payload.payeeWalletId),
    currencyId: payload.currencyId,
  };
}

/** The parties read, each paying from or into their own wallet, both in the quote's currency. */
function checkedParties(
  payerUserId: bigint,
  payload: SendMoneyPayload,
  payer: PartyRow,
  payee: { person: PersonRow; wallet: WalletWithCurrency },
): Parties {
  const payerWallet = payer.wallet;
  const payeeWallet = payee.wallet;
  assert(payerWallet !== null, 'the quoted wallet of the payer exists');
  assert(payerWallet.user_id === payerUserId && payeeWallet.user_id === payee.person.id, 'each party pays from and into their own wallet');
  assert(
    payerWallet.currency_id === payload.currencyId && payeeWallet.currency_id === payload.currencyId,
    'a transfer stays in one currency',
  );
  return { payer: payer.person, payee: payee.person, payerWallet, payeeWallet };
}

/**
 * The daily limit again, at confirm: quotes priced at the same time each saw the same usage, so
 * without this several confirms together could pass the limit. The entered amount is added to
 * the payer's usage row of the day by one upsert that refuses to pass the limit of now; the
 * row's lock makes the payer's confirms count one after another, each seeing the ones before.
 */
async function countAgainstDailyLimit(trx: Transaction<Database>, usage: DailyUsage, payload: SendMoneyPayload): Promise<void> {
  if (await addToDailyUsage(trx, usage)) return;
  // Refused: what the message needs is read now, on this rare path only.
  const row = await findPaymentMethod(trx, 'TRANSFER', payload.currencyId);
  assert(row !== undefined, 'a refused daily limit has a transfer method');
  const currency = await getWallet(trx, BigInt(payload.payerWalletId));
  throw quoteRefusal('DAILY_LIMIT_EXCEEDED', {
    currencyCode: currency.currency_code,
    decimals: currency.currency_decimals,
    minAmountMinor: row.min_amount_minor,
    maxAmountMinor: row.max_amount_minor,
    dailyLimitMinor: row.daily_limit_minor,
    usedTodayMinor: await usedOnDayMinor(trx, usage.payerUserId, usage.currencyId, usage.day),
  });
}

/**
 * The posting key of a transfer (docs/posting-keys.md): the request it pays, which is paid once
 * whichever quote pays it, else the quote, which is consumed once. The quote's row lock already
 * keeps a second confirm away; the key is the ledger's own guard behind it.
 */
function transferPostingKey(payload: SendMoneyPayload, quoteId: bigint): string {
  return payload.requestId === null ? postingKey('send-money-quote', quoteId) : postingKey('money-request', payload.requestId);
}

/** A transfer written, its rows shared with others not yet touched: `settle` counts it and moves the balances, last. */
interface WrittenTransfer extends Posted {
  settle(): Promise<void>;
}

/**
 * Moves the quoted money: entries, charge rows, the request, the notifications, then (`settle`,
 * which the confirm calls last, after its audit row) the payer's daily usage and the balances.
 * The rows two confirms may share (the payer's usage row of the day, a wallet) are locked from
 * their update to the commit: taken last, another confirm of the same payer or into the same
 * wallet waits for two statements and the commit, not for the whole confirm. Locks are taken in
 * one order by every confirm (quote, request, the payee when a wallet is opened, the payer's
 * usage row, then wallets in id order), so two confirms never wait on each other in a cycle.
 */
async function postTransfer(
  trx: Transaction<Database>,
  payerUserId: bigint,
  payload: SendMoneyPayload,
  quote: LockedQuote,
): Promise<WrittenTransfer> {
  const request = payload.requestId === null ? undefined : await lockPendingRequest(trx, BigInt(payload.requestId), payerUserId);
  const parties = await partiesOf(trx, payerUserId, payload);
  const { movement, entries, charges } = transferPosting(payload, parties, quote.id, request);
  const { moveBalances, ...posted } = await writePosting(trx, movement, entries, charges, {
    alongside: consumedByPosting(quote, { requestId: payload.requestId }),
  });
  // Posted before under its key: the request, the notices and the day's usage went with that
  // first posting, so this confirm counts nothing (the quote's and the request's locks keep this
  // path for a defect; the key is the ledger's guard behind them).
  if (posted.outcome === 'exists') return { ...posted, settle: NOTHING_TO_MOVE };
  if (request) {
    // The request row is locked since lockPendingRequest, so nothing else can have closed it.
    assert(await acceptPendingRequest(trx, request.id, posted.transactionId), 'a locked pending request is accepted');
  }
  await notifyEach(trx, transferNotices(parties, payload, posted.uuid, request !== undefined));
  const usage = dailyUsageOf(payerUserId, payload);
  const settle = async () => {
    await countAgainstDailyLimit(trx, usage, payload);
    await moveBalances();
  };
  return { ...posted, settle };
}

async function lockPendingRequest(trx: Transaction<Database>, requestId: bigint, payerUserId: bigint): Promise<MoneyRequestRow> {
  const request = await lockRequestForPayer(trx, requestId, payerUserId);
  if (!request) fail('REQUEST_NOT_FOUND');
  if (request.status !== 'PENDING') fail('REQUEST_NOT_PENDING');
  return request;
}

/**
 * The payee's wallet in the currency, created when they have none (their default if it is
 * their first wallet). Their user row is locked first, so parallel payments create one wallet.
 */
async function payeeWalletFor(trx: Transaction<Database>, payeeUserId: bigint, currencyId: number): Promise<WalletWithCurrency> {
  const existing = await findSpendingWallet(trx, payeeUserId, currencyId);
  if (existing) return existing;
  // The payee's row is locked (lockPerson) when a wallet may have to be opened, so this check
  // and the insert below cannot race another payment's.
  const kind = (await hasAnyWallet(trx, payeeUserId)) ? WALLET_KIND.ORDINARY : WALLET_KIND.DEFAULT;
  return getWallet(trx, await createWallet(trx, payeeUserId, currencyId, kind));
}

/** What a transfer posts: the movement, its entries and its charge rows. */
function transferPosting(payload: SendMoneyPayload, parties: Parties, quoteId: bigint, request: MoneyRequestRow | undefined): WholePosting {
  const { payer, payee, payerWallet, payeeWallet } = parties;
  const charges = chargesOf(payload);
  return {
    movement: {
      typeId: request ? TransactionType.RequestPayment : TransactionType.Transfer,
      status: TRANSACTION_STATUS.SUCCESS,
      currencyId: payload.currencyId,
      amountMinor: charges.amountMinor,
      feeMinor: charges.feeMinor,
      vatMinor: charges.vatMinor,
      totalAmountMinor: charges.totalDebitMinor,
      sender: { userId: payer.id, walletId: payerWallet.id, title: fullName(payer), accountNumber: payerWallet.account_number },
      receiver: { userId: payee.id, walletId: payeeWallet.id, title: fullName(payee), accountNumber: payeeWallet.account_number },
      paymentMethodId: payload.paymentMethodId,
      moneyRequestId: request?.id ?? null,
      notes: request?.notes || null,
      postingKey: transferPostingKey(payload, quoteId),
    },
    entries: sendMoneyEntries({
      payerWalletId: String(payerWallet.id),
      payeeWalletId: String(payeeWallet.id),
      currency: payerWallet.currency_code,
      charges,
    }),
    charges: [
      { name: 'Fee', type: 'fee', chargesMinor: charges.feeMinor },
      { name: 'VAT', type: 'vat', chargesMinor: charges.vatMinor },
    ],
  };
}

/** A confirmed send as the payer's daily usage counts it today. */
function dailyUsageOf(payerUserId: bigint, payload: SendMoneyPayload): DailyUsage {
  return { payerUserId, currencyId: payload.currencyId, day: limitDayOf(new Date()), enteredMinor: BigInt(payload.enteredMinor) };
}

function transferAuditRecord(uuid: string, payload: SendMoneyPayload): AuditRecord {
  return { subject: { type: 'transaction', id: uuid }, detail: { amountMinor: payload.enteredMinor } };
}

/** The payer is told of the send, the payee of the money received (or of their request paid). */
function transferNotices(parties: Parties, payload: SendMoneyPayload, uuid: string, paidRequest: boolean): Notice[] {
  const { payer, payee, payerWallet } = parties;
  const data = {
    transactionId: uuid,
    currency: payerWallet.currency_code,
    decimals: payerWallet.currency_decimals,
    requestId: payload.requestId,
  };
  const received = { ...data, amount: minorToWire(BigInt(payload.amountMinor)), payerName: fullName(payer) };
  return [
    notice(payer.id, MONEY_SENT, { ...data, amount: minorToWire(BigInt(payload.enteredMinor)), payeeName: fullName(payee) }),
    paidRequest ? notice(payee.id, MONEY_REQUEST_PAID, received) : notice(payee.id, MONEY_RECEIVED, received),
  ];
}

/** A confirm that may be written with the others of its batch (CONFIRM_SET): its payer, the quote's hash, its call's audit trail. */
interface ConfirmInSet {
  payerUserId: bigint;
  hash: string;
  audit: AuditTrail;
}

/**
 * Send money's confirms written together (group commit on, docs/group-commit.md): the confirms of
 * a batch that name no request, in eight statements whatever their number: their quotes locked by
 * one, their parties read by one, the payers' daily usage counted by one upsert, the postings'
 * rows by one insert, the quotes consumed by one update, the notices by one insert, the audit rows
 * by one insert, and the wallets moved by one update, last. The same rows and checks as a confirm
 * alone, the locks taken in the same order of kinds (quotes, usage rows, wallets in id order).
 *
 * A confirm the set does not take runs alone after it, exactly as without the set: a quote that is
 * not open (unknown, another's, expired, confirmed before: refused or answered again there), one
 * that pays a request, a payee who is blocked or has no wallet in the currency yet, a payer's
 * second confirm in the batch, and one that would pass its payer's daily limit (refused there,
 * with its message). When a wallet's balance does not cover the set's debits of it, or a posting
 * key is taken, nothing of the set is kept and every confirm runs alone.
 */
const CONFIRM_SET: SetGroup<ConfirmInSet, string> = {
  async write(trx, confirms) {
    const answers: SetAnswer<string>[] = confirms.map(() => ({ written: false }));
    const quotes = await lockOpenQuotes(
      trx,
      confirms.map((confirm) => ({ hash: confirm.hash, userId: confirm.payerUserId })),
      'send-money',
    );
    const payers = new Set<bigint>();
    const open = confirms.flatMap((confirm, index) => {
      const quote = quotes[index];
      if (!quote || payers.has(confirm.payerUserId)) return [];
      const parsed = ZSendMoneyPayload.safeParse(quote.payload);
      assert(parsed.success, 'a send-money quote holds a send-money payload');
      if (parsed.data.requestId !== null) return [];
      payers.add(confirm.payerUserId);
      return [{ index, confirm, quote, payload: parsed.data }];
    });
    if (open.length === 0) return answers;
    const found = await findPartiesOf(
      trx,
      open.map(({ confirm, payload }) => sendPartiesOf(confirm.payerUserId, payload)),
    );
    const ready = open.flatMap((confirm, i) => {
      const parties = found[i];
      if (!parties || isBlockedUserStatus(parties.payee.person.status) || parties.payee.wallet === null) return [];
      const payee = { person: parties.payee.person, wallet: parties.payee.wallet };
      return [{ ...confirm, parties: checkedParties(confirm.confirm.payerUserId, confirm.payload, parties.payer, payee) }];
    });
    if (ready.length === 0) return answers;
    const counted = await addToDailyUsageOf(
      trx,
      ready.map(({ confirm, payload }) => dailyUsageOf(confirm.payerUserId, payload)),
    );
    const taken = ready.filter(({ confirm }) => counted.has(confirm.payerUserId));
    if (taken.length === 0) return answers;
    const set = await writePostingSet(
      trx,
      taken.map(({ payload, parties, quote }) => transferPosting(payload, parties, quote.id, undefined)),
    );
    const posted = set.posted.filter((p) => p !== undefined);
    // A key taken: its quote is open, so only a defect gets here; each confirm alone says what it is.
    if (posted.length !== taken.length) return undefined;
    await consumeQuotesWithPostings(
      trx,
      taken.map(({ quote }, i) => ({ quote, posted: posted[i]!, result: { requestId: null } })),
    );
    await notifyTogether(
      trx,
      taken.map(({ parties, payload }, i) => transferNotices(parties, payload, posted[i]!.uuid, false)),
    );
    await AuditTrail.recordTogether(
      trx,
      taken.map(({ confirm, payload }, i) => ({ trail: confirm.audit, record: transferAuditRecord(posted[i]!.uuid, payload) })),
    );
    if (!(await set.moveBalances())) return undefined;
    for (const [i, { index }] of taken.entries()) answers[index] = { written: true, value: posted[i]!.uuid };
    return answers;
  },
};
