// The merchant server API's rules: create a payment (charge a card now, or open a hosted
// checkout page), read and list the merchant's API payments, capture, void and refund them.
// Money moves only through the merchant-payments core (chargeCard, capturePayment,
// voidPayment, refundPayment); this module keeps the API payment (api_payments) and answers in
// the API's shape. Every read filters by the merchant of the credentials: another merchant's
// payment is not found (404). Changes are audited through the call's audit trail (acting as the
// API key, on behalf of the merchant), each in the database transaction of its change: the
// creation in this module's own, a capture, void or refund in the core's (through the core's
// `audit` writer).
//
// A refusal before anything was written (an unknown channel or currency, a card that fails its
// checks, a payment not found) is thrown: an Idempotency-Key keeps no answer for it. Once the
// payment was reached, a refusal is the call's answer (`{ refused }`): a declined card (402 with
// the failed payment), a capture over the authorised amount; a retry with the same key replays it.
import crypto from 'node:crypto';
import { assert, minorToWire } from '@paywallet/ledger';
import {
  API_PAYMENT_STATUS,
  type TApiPaymentStatus,
  type TCapturePaymentInput,
  type TCreatePaymentInput,
  type TListPaymentsInput,
  type TPayment,
  type TPaymentList,
  type TRefund,
  type TRefundPaymentInput,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import { defineList, listPage } from '../../db/lists.ts';
import { openSecret, sealSecret } from '../../lib/sealed-secrets.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import type { HandlerResult, KeptRefusal } from '../../transport/dispatcher.ts';
import { AppError, fail, failure } from '../../transport/errors.ts';
import { openAttempt } from '../merchant-payments/attempts.service.ts';
import { allowedCurrencies } from '../merchant-payments/fees.service.ts';
import { chargeCard, checkPaymentCard } from '../merchant-payments/merchant-payments.service.ts';
import { capturePayment, voidPayment } from '../merchant-payments/capture.service.ts';
import { refundPayment } from '../merchant-payments/refund.service.ts';
import { getPayment, getPaymentByUuid, type MerchantPayment } from '../merchant-payments/payment-views.ts';
import type { PaymentAuditWriter, PaymentChange } from '../merchant-payments/payment-events.ts';
import { hostedPageUrl } from './api-payments.service.ts';
import {
  findApiPaymentById,
  findApiPaymentByUuid,
  findDefaultOnlineChannel,
  findMerchantChannel,
  insertApiPayment,
  merchantApiPaymentListSource,
  updateApiPayment,
  type ApiPaymentRow,
} from './merchant-api.repository.ts';

/** Who calls: the merchant whose client credentials authenticated the request. */
export interface ApiClient {
  merchantUserId: bigint;
  clientId: string;
}

/** A call's answer, or the refusal it keeps (see the header). */
export type ApiAnswer<T> = HandlerResult<T> | KeptRefusal;

/** A hosted payment's page stops taking payment after this, unless the request says otherwise. */
export const HOSTED_EXPIRY_DEFAULT_S = 24 * 3600;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The audit row of a capture, void or refund, handed to the core so it is written inside the
 * core's transaction: the change and its row commit together, and a refusal leaves neither.
 */
function coreAuditWriter(
  audit: AuditTrail,
  row: ApiPaymentRow,
  detail: (change: PaymentChange) => Record<string, unknown>,
): PaymentAuditWriter {
  return (trx, change) => audit.record(trx, { subject: { type: 'api_payment', id: row.uuid }, detail: detail(change) });
}

// ---- the API's view of a payment ----------------------------------------------------------------

function apiStatusOf(row: ApiPaymentRow, payment: MerchantPayment | undefined): TApiPaymentStatus {
  if (row.mode === 'hosted') {
    const paid = row.status === API_PAYMENT_STATUS.PAID;
    // A failed attempt on the hosted page leaves the payment open until it expires.
    if (!paid && (!payment || payment.status === 'failed' || payment.status === 'expired')) {
      return row.expired ? 'expired' : 'requires_action';
    }
  }
  if (payment) return payment.status;
  return row.payment_status as TApiPaymentStatus;
}

/**
 * The 3-D Secure page of a card payment is a bearer secret (whoever has its URL answers the
 * challenge): api_payments keeps it sealed under the credentials key, like a client secret.
 */
function sealedUrl(deps: Pick<Deps, 'config'>, url: string | null): string | null {
  return url === null ? null : sealSecret(deps.config.credentialsKey, url);
}

function nextActionUrl(deps: Pick<Deps, 'config'>, row: ApiPaymentRow, payment: MerchantPayment | undefined): string | null {
  if (row.mode === 'hosted' && row.token) return hostedPageUrl(deps, row.token);
  if (row.next_action_url !== null) return openSecret(deps.config.credentialsKey, row.next_action_url);
  return payment?.challengeUrl ?? null;
}

export function paymentView(deps: Pick<Deps, 'config'>, row: ApiPaymentRow, payment: MerchantPayment | undefined): TPayment {
  const status = apiStatusOf(row, payment);
  const url = status === 'requires_action' ? nextActionUrl(deps, row, payment) : null;
  const hostedOpen = row.mode === 'hosted' && status !== 'failed' && (status === 'requires_action' || status === 'expired');
  // The fee is charged with the capture: nothing is due on a payment that captured nothing.
  const charged = payment !== undefined && !hostedOpen && payment.amountCapturedMinor > 0n;
  return {
    id: row.uuid,
    object: 'payment',
    status,
    amount: minorToWire(row.amount),
    amountCaptured: payment && !hostedOpen ? minorToWire(payment.amountCapturedMinor) : 0,
    amountRefunded: payment && !hostedOpen ? minorToWire(payment.amountRefundedMinor) : 0,
    currency: row.currency_code,
    fee: charged ? minorToWire(payment.feeMinor) : 0,
    vat: charged ? minorToWire(payment.vatMinor) : 0,
    captureMethod: row.capture_method,
    failureReason: status === 'failed' ? (payment?.failureReason ?? null) : null,
    description: row.description,
    clientReference: row.client_reference,
    customer: row.customer_name === null ? null : { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    card: payment?.card ? { brand: payment.card.brand, last4: payment.card.last4 } : null,
    approvalCode: payment && !hostedOpen ? payment.approvalCode : null,
    nextAction: url ? { type: 'redirect', redirectUrl: url } : null,
    transactionId: payment?.uuid ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
  };
}

/** The API payment as the API shows it; `charged` is its payment as the charge just left it (read again otherwise). */
async function viewOf(deps: Deps, client: ApiClient, row: ApiPaymentRow, charged?: MerchantPayment): Promise<TPayment> {
  const { transaction_id: transactionId } = row;
  if (transactionId === null) return paymentView(deps, row, undefined);
  const payment = charged?.transactionId === transactionId ? charged : await getPayment(deps.db, client.merchantUserId, transactionId);
  return paymentView(deps, row, payment);
}

// ---- create -------------------------------------------------------------------------------------

async function channelFor(deps: Deps, client: ApiClient, requested: string | number | undefined): Promise<bigint> {
  if (requested === undefined) {
    const channelId = await findDefaultOnlineChannel(deps.db, client.merchantUserId);
    if (channelId === undefined) fail('API_NO_ONLINE_CHANNEL');
    return channelId;
  }
  const channel = await findMerchantChannel(deps.db, client.merchantUserId, BigInt(requested));
  if (!channel) fail('CHANNEL_NOT_FOUND');
  if (channel.type !== 'online') fail('CHANNEL_TYPE_MISMATCH');
  if (!channel.active) fail('CHANNEL_INACTIVE');
  if (!channel.store_active) fail('STORE_NOT_ACTIVE');
  return channel.id;
}

/**
 * Writes the API payment, its audit row and, for a card given in the request, the attempt its
 * charge is made under, in one transaction; the payment's id and the attempt's.
 */
async function insertPayment(
  deps: Deps,
  audit: AuditTrail,
  client: ApiClient,
  input: TCreatePaymentInput,
  row: {
    uuid: string;
    channelId: bigint;
    currencyId: number;
    customer: { name: string; email?: string | null; phone?: string | null } | undefined;
  },
  ip: string,
): Promise<{ apiPaymentId: bigint; attemptId: bigint | null }> {
  const hosted = input.card === undefined;
  return deps.db.transaction().execute(async (trx) => {
    const id = await insertApiPayment(trx, {
      uuid: row.uuid,
      token: hosted ? crypto.randomBytes(32).toString('base64url') : null,
      mode: hosted ? 'hosted' : 'card',
      merchant_user_id: client.merchantUserId,
      channel_id: row.channelId,
      currency_id: row.currencyId,
      amount: BigInt(input.amount),
      capture_method: input.captureMethod,
      description: input.description ?? null,
      client_reference: input.clientReference ?? null,
      customer_name: row.customer?.name ?? null,
      customer_email: row.customer?.email ?? null,
      customer_phone: row.customer?.phone ?? null,
      return_url: input.returnUrl ?? null,
      exipres_in: hosted ? (input.expiresIn ?? HOSTED_EXPIRY_DEFAULT_S) : null,
      added_by: client.merchantUserId,
    });
    await audit.record(trx, {
      subject: { type: 'api_payment', id: row.uuid },
      detail: { amount: input.amount, currency: input.currency, mode: hosted ? 'hosted' : 'card' },
    });
    if (hosted) return { apiPaymentId: id, attemptId: null };
    const attempt = await openAttempt(trx, {
      merchantUserId: client.merchantUserId,
      apiPaymentId: id,
      paymentToken: row.uuid,
      ip,
      message: 'Payment requested through the merchant API',
      data: { amount: String(input.amount), currency: input.currency, clientId: client.clientId },
    });
    return { apiPaymentId: id, attemptId: attempt.attemptId };
  });
}

/**
 * POST /payments. Refusals of the request itself (unknown channel or currency, a card that fails
 * its checks) throw before anything is written. Once the API payment exists, the outcome is the
 * answer: the payment (succeeded, requires_capture, requires_action), or a kept refusal (a
 * declined card with the failed payment, a refusal of the core), so an idempotent retry replays it.
 */
export async function createPayment(
  deps: Deps,
  audit: AuditTrail,
  client: ApiClient,
  input: TCreatePaymentInput,
  ip: string,
): Promise<ApiAnswer<TPayment>> {
  const channelId = await channelFor(deps, client, input.channelId);
  const currency = (await allowedCurrencies(deps.db, client.merchantUserId)).find((c) => c.code === input.currency);
  if (!currency) fail('CURRENCY_NOT_SUPPORTED', { currency: input.currency });
  // The card is checked once, here: one that fails (Luhn, expiry, CVC) is refused before anything is written.
  const card = input.card ? checkPaymentCard(input.card) : undefined;
  const customer = input.customer ?? (card ? { name: card.holderName, email: null, phone: null } : undefined);
  const uuid = crypto.randomUUID();
  const { apiPaymentId, attemptId } = await insertPayment(
    deps,
    audit,
    client,
    input,
    { uuid, channelId, currencyId: currency.id, customer },
    ip,
  );

  let charged: MerchantPayment | undefined;
  if (card && customer && attemptId !== null) {
    try {
      const payment = await chargeCard(deps, {
        merchantUserId: client.merchantUserId,
        channelId,
        kind: 'api',
        currency: input.currency,
        amountMinor: BigInt(input.amount),
        card,
        customer: { name: customer.name, email: customer.email ?? null, phone: customer.phone ?? null },
        capture: input.captureMethod,
        attemptId,
        ip,
        apiPaymentId,
        clientReference: input.clientReference ?? null,
        description: input.description ?? null,
        returnUrl: input.returnUrl ?? null,
      });
      // A payment that succeeded, was authorised or failed raised its event inside the charge's
      // transaction, and the API payment's listener (applyPaymentEvent) wrote its state there. A
      // challenge raises none: its page is kept here.
      if (payment.status === 'requires_action') {
        await updateApiPayment(deps.db, apiPaymentId, {
          transaction_id: payment.transactionId,
          payment_status: payment.status,
          next_action_url: sealedUrl(deps, payment.challengeUrl),
        });
      }
      charged = payment;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Refused by the core before any money could move (a scheme the merchant does not take...):
      // the API payment is failed, and the refusal is kept for retries with the same key.
      await updateApiPayment(deps.db, apiPaymentId, { status: API_PAYMENT_STATUS.FAILED, payment_status: 'failed' });
      return { refused: error };
    }
  }
  return createdAnswer(deps, client, apiPaymentId, charged);
}

/** The payment just created (and charged, when a card came with it), or its decline (402 with the failed payment: see MERCHANT_API_STATUS_OF). */
async function createdAnswer(deps: Deps, client: ApiClient, apiPaymentId: bigint, charged?: MerchantPayment): Promise<ApiAnswer<TPayment>> {
  const row = await findApiPaymentById(deps.db, client.merchantUserId, apiPaymentId);
  assert(row !== undefined, 'the API payment just written is gone');
  const view = await viewOf(deps, client, row, charged);
  if (view.status !== 'failed') return { data: view };
  // The core words the acquirer's answer ('The card has insufficient funds.'); the API names it.
  const declined = /insufficient/i.test(view.failureReason ?? '') ? 'CARD_INSUFFICIENT_FUNDS' : 'CARD_DECLINED';
  return { refused: failure(declined, { data: { payment: view } }) };
}

// ---- read -----------------------------------------------------------------------------------------

/** The merchant's API payment by its id, or by the uuid of one of its transactions. */
async function findRow(deps: Deps, client: ApiClient, id: string): Promise<ApiPaymentRow> {
  if (!UUID_PATTERN.test(id)) fail('PAYMENT_NOT_FOUND');
  const row = await findApiPaymentByUuid(deps.db, client.merchantUserId, id);
  if (row) return row;
  const payment = await getPaymentByUuid(deps.db, client.merchantUserId, id);
  if (payment?.kind === 'api' && payment.apiPaymentId !== null) {
    const owner = await findApiPaymentById(deps.db, client.merchantUserId, payment.apiPaymentId);
    if (owner) return owner;
  }
  fail('PAYMENT_NOT_FOUND');
}

export async function readPayment(deps: Deps, client: ApiClient, id: string): Promise<TPayment> {
  return viewOf(deps, client, await findRow(deps, client, id));
}

/** The merchant API's payment list: a list definition, so its page and its total read one filter. */
const merchantApiPaymentList = defineList({ source: merchantApiPaymentListSource, view: (row: ApiPaymentRow) => row });

export async function listPayments(deps: Deps, client: ApiClient, query: TListPaymentsInput): Promise<TPaymentList> {
  const params = { merchantUserId: client.merchantUserId, status: query.status, fromDate: query.fromDate, toDate: query.toDate };
  const page = await listPage(deps.db, merchantApiPaymentList, params, { page: query.page, perPage: query.perPage });
  const total = page.paginationData.total;
  const data: TPayment[] = [];
  for (const row of page.data) data.push(await viewOf(deps, client, row));
  return { object: 'list', data, page: query.page, perPage: query.perPage, total, lastPage: Math.max(1, Math.ceil(total / query.perPage)) };
}

// ---- capture, void and refund --------------------------------------------------------------------

/** The transaction that holds the payment's money: refused when there is none yet. */
function chargedTransaction(
  row: ApiPaymentRow,
  refusal: 'PAYMENT_NOT_CAPTURABLE' | 'PAYMENT_NOT_VOIDABLE' | 'PAYMENT_NOT_REFUNDABLE',
): bigint {
  if (row.transaction_id === null || (row.mode === 'hosted' && row.status !== API_PAYMENT_STATUS.PAID)) fail(refusal);
  return row.transaction_id;
}

/** The payment was found: from here a business refusal (not capturable, over the remaining) is the answer. */
async function keptRefusals<T>(work: () => Promise<T>): Promise<ApiAnswer<T>> {
  try {
    return { data: await work() };
  } catch (error) {
    if (error instanceof AppError && error.status !== 404) return { refused: error };
    throw error;
  }
}

/** The API payment again after the core changed it. */
async function freshRow(deps: Deps, client: ApiClient, row: ApiPaymentRow): Promise<ApiPaymentRow> {
  return (await findApiPaymentById(deps.db, client.merchantUserId, row.id)) ?? row;
}

export async function capture(
  deps: Deps,
  audit: AuditTrail,
  client: ApiClient,
  input: TCapturePaymentInput,
  ip: string,
): Promise<ApiAnswer<TPayment>> {
  const row = await findRow(deps, client, input.id);
  return keptRefusals(async () => {
    const payment = await capturePayment(deps, {
      merchantUserId: client.merchantUserId,
      transactionId: chargedTransaction(row, 'PAYMENT_NOT_CAPTURABLE'),
      ...(input.amount !== undefined ? { amountMinor: BigInt(input.amount) } : {}),
      ip,
      audit: coreAuditWriter(audit, row, (change) => ({
        amount: minorToWire(change.captureAmountMinor ?? change.payment.amountCapturedMinor),
      })),
    });
    return paymentView(deps, await freshRow(deps, client, row), payment);
  });
}

/**
 * POST /payments/{id}/void: releases an authorisation that was never captured (requires_capture);
 * nothing moves in the ledger and the payment is `voided`. A captured, failed, already voided or
 * unpaid hosted payment is refused with PAYMENT_NOT_VOIDABLE.
 */
export async function voidAuthorisation(
  deps: Deps,
  audit: AuditTrail,
  client: ApiClient,
  id: string,
  ip: string,
): Promise<ApiAnswer<TPayment>> {
  const row = await findRow(deps, client, id);
  return keptRefusals(async () => {
    const payment = await voidPayment(deps, {
      merchantUserId: client.merchantUserId,
      transactionId: chargedTransaction(row, 'PAYMENT_NOT_VOIDABLE'),
      ip,
      audit: coreAuditWriter(audit, row, (change) => ({ amount: minorToWire(change.payment.amountMinor) })),
    });
    return paymentView(deps, await freshRow(deps, client, row), payment);
  });
}

export async function refund(
  deps: Deps,
  audit: AuditTrail,
  client: ApiClient,
  input: TRefundPaymentInput,
  ip: string,
): Promise<ApiAnswer<TRefund>> {
  const row = await findRow(deps, client, input.id);
  return keptRefusals(async () => {
    const result = await refundPayment(deps, {
      merchantUserId: client.merchantUserId,
      transactionId: chargedTransaction(row, 'PAYMENT_NOT_REFUNDABLE'),
      ...(input.amount !== undefined ? { amountMinor: BigInt(input.amount) } : {}),
      source: 'api',
      description: input.description ?? null,
      ip,
      actorUserId: client.merchantUserId,
      audit: coreAuditWriter(audit, row, (change) => ({
        amount: minorToWire(change.refund?.amountMinor ?? 0n),
        refund: change.refund?.uuid ?? null,
      })),
    });
    return {
      id: result.refund.uuid,
      object: 'refund' as const,
      paymentId: row.uuid,
      amount: minorToWire(result.refund.amountMinor),
      currency: row.currency_code,
      status: result.refund.transactionId === null ? ('pending' as const) : ('succeeded' as const),
      payment: paymentView(deps, await freshRow(deps, client, row), result.payment),
    };
  });
}
