// Send money (spec 1, screens 12-14 and 17): verify the recipient, price the transfer into a
// quote, and confirm the quote's hash. The confirm runs in one database transaction: the quote
// is locked and consumed once, the money moves through the posting function, the request it
// answers (if any) is accepted, and both parties are notified; or nothing happens at all.
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { TRANSACTION_STATUS, type TQuote, type ZConfirmSendMoneyRequest, type ZInitiateSendMoneyRequest } from '@paywallet/contract';
import {
  assert,
  minorToWire,
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
import { ApiError } from '../../transport/errors.ts';
import { postEntries, withPosting } from '../ledger/ledger.service.ts';
import { consumeQuote, createQuote, lockQuote } from '../quotes/quotes.service.ts';
import {
  createWallet,
  findOwnWallet,
  findSpendingWallet,
  getWallet,
  hasAnyWallet,
  type WalletWithCurrency,
} from '../wallets/wallets.service.ts';
import { findPaymentMethod, privilegeOf, startOfUtcDay } from '../payment-methods/payment-methods.service.ts';
import { notifyEach } from '../notifications/notifications.service.ts';
import { formatMoney, fullName } from '../../lib/display-text.ts';
import { quoteFailureMessage } from './money-text.ts';
import { RECIPIENT_INACTIVE, SEND_TO_SELF, resolveCounterparty } from './recipients.ts';
import { acceptPendingRequest, findRequestForPayer, lockRequestForPayer, type MoneyRequestRow } from './money-requests.repository.ts';
import { getPeople, lockPeople, sumSentSinceMinor, type PersonRow } from './transfers.repository.ts';

export const WALLET_NOT_FOUND = 'Wallet not found.';
export const RESERVE_WALLET_REFUSED = 'The rolling-reserve wallet cannot send or receive payments.';
export const INSUFFICIENT_BALANCE = 'Insufficient balance.';
export const REQUEST_NOT_FOUND = 'Request not found.';
export const REQUEST_NOT_PENDING = 'This request is no longer pending.';
export const REQUEST_OTHER_RECIPIENT = 'This request was sent by someone else: pay it to the person who asked.';
export const QUOTE_NOT_FOR_REQUEST = 'This payment does not belong to that request. Please start again.';
export const RECIPIENT_VERIFIED = 'Recipient verified';

type InitiateInput = z.output<typeof ZInitiateSendMoneyRequest>;
type ConfirmInput = z.output<typeof ZConfirmSendMoneyRequest>;

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

export async function verifyRecipient(deps: Deps, callerUserId: bigint, emailOrPhone: string) {
  const person = await resolveCounterparty(deps.db, callerUserId, emailOrPhone, SEND_TO_SELF);
  return { user: recipientView(person), msg: RECIPIENT_VERIFIED };
}

/** The caller's wallet for a payment: theirs, and not the merchant's rolling reserve. */
export async function ownPaymentWallet(db: Db, userId: bigint, walletId: bigint): Promise<WalletWithCurrency> {
  const wallet = await findOwnWallet(db, userId, walletId);
  if (!wallet) throw new ApiError(404, WALLET_NOT_FOUND);
  if (wallet.is_default === 2) throw new ApiError(422, RESERVE_WALLET_REFUSED);
  return wallet;
}

export interface TransferMethod {
  paymentMethodId: number;
  privilege: PaymentMethodPrivilege;
}

/** The charges and limits of sending money in the wallet's currency. */
export async function transferMethodFor(db: Db, wallet: WalletWithCurrency): Promise<TransferMethod> {
  const row = await findPaymentMethod(db, 'TRANSFER', wallet.currency_id);
  if (!row) throw new ApiError(422, `Sending money in ${wallet.currency_code} is not available.`);
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
  throw new ApiError(
    422,
    quoteFailureMessage(result.code, {
      currencyCode: wallet.currency_code,
      decimals: wallet.currency_decimals,
      minAmountMinor: privilege.minAmountMinor,
      maxAmountMinor: privilege.maxAmountMinor,
      dailyLimitMinor: privilege.dailyLimitMinor,
      usedTodayMinor,
    }),
  );
}

/** The request being paid: pending, asked of this payer by this payee, same currency and amount. */
async function requestToPay(
  db: Db,
  payerUserId: bigint,
  requestId: bigint,
  payee: PersonRow,
  payerWallet: WalletWithCurrency,
  enteredMinor: bigint,
) {
  const request = await findRequestForPayer(db, requestId, payerUserId);
  if (!request) throw new ApiError(404, REQUEST_NOT_FOUND);
  if (request.status !== 'PENDING') throw new ApiError(422, REQUEST_NOT_PENDING);
  if (request.requester_user_id !== payee.id) throw new ApiError(422, REQUEST_OTHER_RECIPIENT);
  const requestWallet = await getWallet(db, request.requester_account_id);
  if (requestWallet.currency_id !== payerWallet.currency_id) {
    throw new ApiError(422, `This request is in ${requestWallet.currency_code}: pay it from your ${requestWallet.currency_code} wallet.`);
  }
  if (enteredMinor !== request.amount) {
    throw new ApiError(
      422,
      `The amount must be the requested ${formatMoney(request.amount, requestWallet.currency_code, requestWallet.currency_decimals)}.`,
    );
  }
  return { request, requestWallet };
}

export async function initiateSendMoney(deps: Deps, payerUserId: bigint, input: InitiateInput): Promise<TQuote> {
  const payerWallet = await ownPaymentWallet(deps.db, payerUserId, BigInt(input.payerAccountId));
  const payee = await resolveCounterparty(deps.db, payerUserId, input.emailOrPhone, SEND_TO_SELF);
  const enteredMinor = BigInt(input.amount);
  const paying =
    input.request_id === undefined
      ? undefined
      : await requestToPay(deps.db, payerUserId, BigInt(input.request_id), payee, payerWallet, enteredMinor);
  const method = await transferMethodFor(deps.db, payerWallet);
  const usedTodayMinor = await sumSentSinceMinor(deps.db, payerUserId, payerWallet.currency_id, startOfUtcDay(new Date()));
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
  if (payerWallet.available_balance < charges.totalDebitMinor) throw new ApiError(422, INSUFFICIENT_BALANCE);

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

export async function confirmSendMoney(deps: Deps, payerUserId: bigint, input: ConfirmInput): Promise<{ transactionId: string }> {
  const outcome = await withPosting(deps.db, async (trx) => {
    const quote = await lockQuote(trx, input.transactionHash, payerUserId, 'send-money');
    const parsed = ZSendMoneyPayload.safeParse(quote.payload);
    assert(parsed.success, 'a send-money quote holds a send-money payload');
    const payload = parsed.data;
    if (input.request_id !== undefined && String(input.request_id) !== payload.requestId) {
      throw new ApiError(422, QUOTE_NOT_FOR_REQUEST);
    }
    if (quote.previousResult) {
      // Confirmed before: the same answer, and no money moves a second time.
      const previous = quote.previousResult.transactionId;
      assert(typeof previous === 'string', 'a consumed send-money quote kept its transaction id');
      return previous;
    }
    const posted = await postTransfer(trx, payerUserId, payload);
    await consumeQuote(trx, quote.id, posted.transactionId, { transactionId: posted.uuid });
    return posted.uuid;
  });
  if (!outcome.ok) throw new ApiError(422, INSUFFICIENT_BALANCE);
  return { transactionId: outcome.value };
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

/** Who pays from which wallet into which: the payee's wallet is found or opened here. */
async function partiesOf(
  trx: Transaction<Database>,
  payerUserId: bigint,
  payload: SendMoneyPayload,
  foundPayeeWallet: WalletWithCurrency | undefined,
): Promise<Parties> {
  const [payer, payee] = await getPeople(trx, payerUserId, BigInt(payload.payeeUserId));
  if (payee.status === 2 || payee.status === 3) throw new ApiError(422, RECIPIENT_INACTIVE);
  const payerWallet = await getWallet(trx, BigInt(payload.payerWalletId));
  const payeeWallet =
    payload.payeeWalletId !== null
      ? await getWallet(trx, BigInt(payload.payeeWalletId))
      : (foundPayeeWallet ?? (await payeeWalletFor(trx, payee.id, payerWallet.currency_id)));
  assert(payerWallet.user_id === payerUserId && payeeWallet.user_id === payee.id, 'each party pays from and into their own wallet');
  assert(
    payerWallet.currency_id === payload.currencyId && payeeWallet.currency_id === payload.currencyId,
    'a transfer stays in one currency',
  );
  return { payer, payee, payerWallet, payeeWallet };
}

/**
 * The daily limit again, at confirm: quotes priced at the same time each saw the same usage, so
 * without this several confirms together could pass the limit. The payer's confirms take turns
 * on the payer's row lock (lockPeople), so each one counts the transfers committed before it.
 */
async function recheckDailyLimit(trx: Transaction<Database>, payerUserId: bigint, payload: SendMoneyPayload): Promise<void> {
  const row = await findPaymentMethod(trx, 'TRANSFER', payload.currencyId);
  if (!row || row.daily_limit_minor === 0n) return;
  const usedTodayMinor = await sumSentSinceMinor(trx, payerUserId, payload.currencyId, startOfUtcDay(new Date()));
  if (usedTodayMinor + BigInt(payload.enteredMinor) <= row.daily_limit_minor) return;
  const currency = await getWallet(trx, BigInt(payload.payerWalletId));
  throw new ApiError(
    422,
    quoteFailureMessage('DAILY_LIMIT_EXCEEDED', {
      currencyCode: currency.currency_code,
      decimals: currency.currency_decimals,
      minAmountMinor: row.min_amount_minor,
      maxAmountMinor: row.max_amount_minor,
      dailyLimitMinor: row.daily_limit_minor,
      usedTodayMinor,
    }),
  );
}

/**
 * Moves the quoted money: entries, balances, charge rows, the request, the notifications. Locks
 * are taken in one order by every confirm (quote, request, the payer's daily usage, the payee
 * when a wallet is opened, then wallets in id order), so two confirms never wait on each other
 * in a cycle.
 */
async function postTransfer(
  trx: Transaction<Database>,
  payerUserId: bigint,
  payload: SendMoneyPayload,
): Promise<{ transactionId: bigint; uuid: string }> {
  const request = payload.requestId === null ? undefined : await lockPendingRequest(trx, BigInt(payload.requestId), payerUserId);
  const payeeUserId = BigInt(payload.payeeUserId);
  // A wallet found now stays (wallets are never removed); only a missing one needs the payee's lock.
  const foundPayeeWallet = payload.payeeWalletId === null ? await findSpendingWallet(trx, payeeUserId, payload.currencyId) : undefined;
  const opensPayeeWallet = payload.payeeWalletId === null && !foundPayeeWallet;
  await lockPeople(trx, opensPayeeWallet ? [payerUserId, payeeUserId] : [payerUserId]);
  await recheckDailyLimit(trx, payerUserId, payload);
  const { payer, payee, payerWallet, payeeWallet } = await partiesOf(trx, payerUserId, payload, foundPayeeWallet);
  const charges = chargesOf(payload);
  const entries = sendMoneyEntries({
    payerWalletId: String(payerWallet.id),
    payeeWalletId: String(payeeWallet.id),
    currency: payerWallet.currency_code,
    charges,
  });
  const posted = await postEntries(
    trx,
    {
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
    },
    entries,
    [
      { name: 'Fee', type: 'fee', chargesMinor: charges.feeMinor },
      { name: 'VAT', type: 'vat', chargesMinor: charges.vatMinor },
    ],
  );
  if (request) {
    // The request row is locked since lockPendingRequest, so nothing else can have closed it.
    assert(await acceptPendingRequest(trx, request.id, posted.transactionId), 'a locked pending request is accepted');
  }
  await notifyTransfer(trx, { payer, payee, payerWallet, payload, uuid: posted.uuid, paidRequest: request !== undefined });
  return posted;
}

async function lockPendingRequest(trx: Transaction<Database>, requestId: bigint, payerUserId: bigint): Promise<MoneyRequestRow> {
  const request = await lockRequestForPayer(trx, requestId, payerUserId);
  if (!request) throw new ApiError(404, REQUEST_NOT_FOUND);
  if (request.status !== 'PENDING') throw new ApiError(422, REQUEST_NOT_PENDING);
  return request;
}

/**
 * The payee's wallet in the currency, created when they have none (their default if it is
 * their first wallet). Their user row is locked first, so parallel payments create one wallet.
 */
async function payeeWalletFor(trx: Transaction<Database>, payeeUserId: bigint, currencyId: number): Promise<WalletWithCurrency> {
  const existing = await findSpendingWallet(trx, payeeUserId, currencyId);
  if (existing) return existing;
  // The payee's row is locked (lockPeople) when a wallet may have to be opened, so this check
  // and the insert below cannot race another payment's.
  const isDefault = (await hasAnyWallet(trx, payeeUserId)) ? 0 : 1;
  return getWallet(trx, await createWallet(trx, payeeUserId, currencyId, isDefault));
}

interface TransferNotice {
  payer: PersonRow;
  payee: PersonRow;
  payerWallet: WalletWithCurrency;
  payload: SendMoneyPayload;
  uuid: string;
  paidRequest: boolean;
}

async function notifyTransfer(trx: Transaction<Database>, notice: TransferNotice): Promise<void> {
  const { payer, payee, payerWallet, payload, uuid } = notice;
  const money = (amountMinor: string) => formatMoney(BigInt(amountMinor), payerWallet.currency_code, payerWallet.currency_decimals);
  const data = { transactionId: uuid, currency: payerWallet.currency_code, requestId: payload.requestId };
  const received = notice.paidRequest
    ? `${fullName(payer)} paid your request: you received ${money(payload.amountMinor)}.`
    : `You received ${money(payload.amountMinor)} from ${fullName(payer)}.`;
  await notifyEach(trx, [
    {
      userId: payer.id,
      type: 'money-sent',
      message: `You sent ${money(payload.enteredMinor)} to ${fullName(payee)}.`,
      data: { ...data, amount: minorToWire(BigInt(payload.enteredMinor)) },
    },
    {
      userId: payee.id,
      type: notice.paidRequest ? 'money-request-paid' : 'money-received',
      message: received,
      data: { ...data, amount: minorToWire(BigInt(payload.amountMinor)) },
    },
  ]);
}
