// The merchant server API's rules: create a payment (charge a card now, or open a hosted
// checkout page), read and list the merchant's API payments, capture, void and refund them.
// Money moves only through the merchant-payments core (chargeCard, capturePayment,
// voidPayment, refundPayment); this module keeps the API payment (api_payments) and answers in
// the API's shape. Every read filters by the merchant of the credentials: another merchant's
// payment is not found (404). Changes are audited as acting_as 'api-key' on behalf of the
// merchant, each in the database transaction of its change: the creation in this module's own,
// a capture, void or refund in the core's (through the core's `audit` writer).
import crypto from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError, fail, failure } from '../../transport/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { openAttempt } from '../merchant-payments/attempts.service.ts';
import { allowedCurrencies } from '../merchant-payments/fees.service.ts';
import { chargeCard, checkPaymentCard } from '../merchant-payments/merchant-payments.service.ts';
import { capturePayment, voidPayment } from '../merchant-payments/capture.service.ts';
import { refundPayment } from '../merchant-payments/refund.service.ts';
import { getPayment, getPaymentByUuid, type MerchantPayment } from '../merchant-payments/payment-views.ts';
import type { PaymentAuditWriter, PaymentChange } from '../merchant-payments/payment-events.ts';
import { API_PAYMENT_STATUS, hostedPageUrl } from './api-payments.service.ts';
import {
  findApiPaymentById,
  findApiPaymentByUuid,
  findDefaultOnlineChannel,
  findMerchantChannel,
  insertApiPayment,
  listApiPayments,
  updateApiPayment,
  type ApiPaymentRow,
} from './merchant-api.repository.ts';
import type { TApiError, TCreatePaymentRequest, TListQuery, TPayment, TPaymentList, TRefund } from './merchant-api.schemas.ts';

/** Who calls: the merchant whose client credentials authenticated the request. */
export interface ApiClient {
  merchantUserId: bigint;
  clientId: string;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** A hosted payment's page stops taking payment after this, unless the request says otherwise. */
export const HOSTED_EXPIRY_DEFAULT_S = 24 * 3600;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The error body of the API for a named failure. */
export function errorBody(error: AppError): TApiError {
  const fields = (error.data as { errors?: Record<string, string> } | null)?.errors;
  return { error: { code: error.reason, message: error.message, ...(fields ? { fields } : {}) } };
}

function auditEntry(client: ApiClient, ip: string, action: string, callPath: string, subjectId: string, detail: Record<string, unknown>) {
  return {
    action,
    actorUserId: client.merchantUserId,
    actingAs: 'api-key' as const,
    onBehalfOfUserId: client.merchantUserId,
    impersonatorUserId: null,
    sessionId: null,
    ip,
    callPath,
    subjectType: 'api_payment',
    subjectId,
    detail: { clientId: client.clientId, ...detail },
  };
}

/**
 * The audit row of a capture, void or refund, handed to the core so it is written inside the
 * core's transaction: the change and its row commit together, and a refusal leaves neither.
 */
function auditWriter(
  client: ApiClient,
  ip: string,
  action: string,
  callPath: string,
  row: ApiPaymentRow,
  detail: (change: PaymentChange) => Record<string, unknown>,
): PaymentAuditWriter {
  return (trx, change) => recordAudit(trx, auditEntry(client, ip, action, callPath, row.uuid, detail(change)));
}

// ---- the API's view of a payment ----------------------------------------------------------------

function apiStatusOf(row: ApiPaymentRow, payment: MerchantPayment | undefined): TPayment['status'] {
  if (row.mode === 'hosted') {
    const paid = row.status === API_PAYMENT_STATUS.PAID;
    // A failed attempt on the hosted page leaves the payment open until it expires.
    if (!paid && (!payment || payment.status === 'failed' || payment.status === 'expired')) {
      return row.expired ? 'expired' : 'requires_action';
    }
  }
  if (payment) return payment.status;
  return row.payment_status as TPayment['status'];
}

export function paymentView(deps: Pick<Deps, 'config'>, row: ApiPaymentRow, payment: MerchantPayment | undefined): TPayment {
  const status = apiStatusOf(row, payment);
  let nextAction: TPayment['nextAction'] = null;
  if (status === 'requires_action') {
    const url =
      row.mode === 'hosted' && row.token ? hostedPageUrl(deps, row.token) : (row.next_action_url ?? payment?.challengeUrl ?? null);
    if (url) nextAction = { type: 'redirect', redirectUrl: url };
  }
  const hostedOpen = row.mode === 'hosted' && status !== 'failed' && (status === 'requires_action' || status === 'expired');
  // The fee is charged with the capture: nothing is due on a payment that captured nothing.
  const charged = payment !== undefined && !hostedOpen && payment.amountCapturedMinor > 0n;
  return {
    id: row.uuid,
    object: 'payment',
    status,
    amount: Number(row.amount),
    amountCaptured: payment && !hostedOpen ? Number(payment.amountCapturedMinor) : 0,
    amountRefunded: payment && !hostedOpen ? Number(payment.amountRefundedMinor) : 0,
    currency: row.currency_code,
    fee: charged ? Number(payment.feeMinor) : 0,
    vat: charged ? Number(payment.vatMinor) : 0,
    captureMethod: row.capture_method,
    failureReason: status === 'failed' ? (payment?.failureReason ?? null) : null,
    description: row.description,
    clientReference: row.client_reference,
    customer: row.customer_name === null ? null : { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    card: payment?.card ? { brand: payment.card.brand, last4: payment.card.last4 } : null,
    nextAction,
    transactionId: payment?.uuid ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
  };
}

async function viewOf(deps: Deps, client: ApiClient, row: ApiPaymentRow): Promise<TPayment> {
  const payment = row.transaction_id === null ? undefined : await getPayment(deps.db, client.merchantUserId, row.transaction_id);
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
 * POST /payments. Refusals of the request itself (unknown channel or currency, a card that fails
 * its checks) throw before anything is written. Once the API payment exists, the outcome is an
 * answer: 201 with the payment (succeeded, requires_capture, requires_action), or 402/422 with
 * the error and the failed payment, so an idempotent retry replays it.
 */
export async function createPayment(
  deps: Deps,
  client: ApiClient,
  input: TCreatePaymentRequest,
  ip: string,
): Promise<ApiAnswer<TPayment | TApiError>> {
  const channelId = await channelFor(deps, client, input.channelId);
  const currency = (await allowedCurrencies(deps.db, client.merchantUserId)).find((c) => c.code === input.currency);
  if (!currency) fail('CURRENCY_NOT_SUPPORTED', { currency: input.currency });
  // The card is checked once, here: one that fails (Luhn, expiry, CVC) is refused before anything is written.
  const card = input.card ? checkPaymentCard(input.card) : undefined;
  const customer = input.customer ?? (card ? { name: card.holderName, email: null, phone: null } : undefined);

  const uuid = crypto.randomUUID();
  const hosted = card === undefined;
  const token = hosted ? crypto.randomBytes(32).toString('base64url') : null;
  const apiPaymentId = await deps.db.transaction().execute(async (trx) => {
    const id = await insertApiPayment(trx, {
      uuid,
      token,
      mode: hosted ? 'hosted' : 'card',
      merchant_user_id: client.merchantUserId,
      channel_id: channelId,
      currency_id: currency.id,
      amount: BigInt(input.amount),
      capture_method: input.captureMethod,
      description: input.description ?? null,
      client_reference: input.clientReference ?? null,
      customer_name: customer?.name ?? null,
      customer_email: customer?.email ?? null,
      customer_phone: customer?.phone ?? null,
      return_url: input.returnUrl ?? null,
      exipres_in: hosted ? (input.expiresIn ?? HOSTED_EXPIRY_DEFAULT_S) : null,
      added_by: client.merchantUserId,
    });
    await recordAudit(
      trx,
      auditEntry(client, ip, 'api-payment.create', 'POST /api/merchant/v1/payments', uuid, {
        amount: input.amount,
        currency: input.currency,
        mode: hosted ? 'hosted' : 'card',
      }),
    );
    return id;
  });

  if (card && customer) {
    try {
      const attempt = await openAttempt(deps.db, {
        merchantUserId: client.merchantUserId,
        apiPaymentId,
        paymentToken: uuid,
        ip,
        message: 'Payment requested through the merchant API',
        data: { amount: String(input.amount), currency: input.currency, clientId: client.clientId },
      });
      const payment = await chargeCard(deps, {
        merchantUserId: client.merchantUserId,
        channelId,
        kind: 'api',
        currency: input.currency,
        amountMinor: BigInt(input.amount),
        card,
        customer: { name: customer.name, email: customer.email ?? null, phone: customer.phone ?? null },
        capture: input.captureMethod,
        attemptId: attempt.attemptId,
        ip,
        apiPaymentId,
        clientReference: input.clientReference ?? null,
        description: input.description ?? null,
        returnUrl: input.returnUrl ?? null,
      });
      await updateApiPayment(deps.db, apiPaymentId, {
        transaction_id: payment.transactionId,
        payment_status: payment.status,
        next_action_url: payment.status === 'requires_action' ? payment.challengeUrl : null,
        ...(payment.status === 'failed' ? { status: API_PAYMENT_STATUS.FAILED } : {}),
        ...(payment.status === 'succeeded' || payment.status === 'requires_capture' ? { status: API_PAYMENT_STATUS.PAID } : {}),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Refused by the core before any money could move (a scheme the merchant does not take...):
      // the API payment is failed, and the answer is kept for retries with the same key.
      await updateApiPayment(deps.db, apiPaymentId, { status: API_PAYMENT_STATUS.FAILED, payment_status: 'failed' });
      return { status: error.status, body: errorBody(error) };
    }
  }

  const row = await findApiPaymentById(deps.db, client.merchantUserId, apiPaymentId);
  if (!row) throw new Error('the API payment just written is gone');
  const view = await viewOf(deps, client, row);
  if (view.status === 'failed') {
    // The core words the acquirer's answer ('The card has insufficient funds.'); the API names it.
    const declined = failure(/insufficient/i.test(view.failureReason ?? '') ? 'CARD_INSUFFICIENT_FUNDS' : 'CARD_DECLINED');
    return { status: 402, body: { ...errorBody(declined), payment: view } };
  }
  return { status: 201, body: view };
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

export async function listPayments(deps: Deps, client: ApiClient, query: TListQuery): Promise<TPaymentList> {
  const { rows, total } = await listApiPayments(
    deps.db,
    client.merchantUserId,
    {
      ...(query.status ? { status: query.status } : {}),
      ...(query.fromDate ? { fromDate: query.fromDate } : {}),
      ...(query.toDate ? { toDate: query.toDate } : {}),
    },
    { page: query.page, perPage: query.perPage },
  );
  const data: TPayment[] = [];
  for (const row of rows) data.push(await viewOf(deps, client, row));
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

async function answerOf<T>(work: () => Promise<ApiAnswer<T>>): Promise<ApiAnswer<T | TApiError>> {
  try {
    return await work();
  } catch (error) {
    // A business refusal after the payment was found (not capturable, over the remaining): kept.
    if (error instanceof AppError && error.status !== 404) return { status: error.status, body: errorBody(error) };
    throw error;
  }
}

export async function capture(
  deps: Deps,
  client: ApiClient,
  id: string,
  input: { amount?: number | undefined },
  ip: string,
): Promise<ApiAnswer<TPayment | TApiError>> {
  const row = await findRow(deps, client, id);
  return answerOf(async () => {
    const transactionId = chargedTransaction(row, 'PAYMENT_NOT_CAPTURABLE');
    const payment = await capturePayment(deps, {
      merchantUserId: client.merchantUserId,
      transactionId,
      ...(input.amount !== undefined ? { amountMinor: BigInt(input.amount) } : {}),
      ip,
      audit: auditWriter(client, ip, 'api-payment.capture', `POST /api/merchant/v1/payments/${row.uuid}/capture`, row, (change) => ({
        amount: Number(change.captureAmountMinor ?? change.payment.amountCapturedMinor),
      })),
    });
    const fresh = (await findApiPaymentById(deps.db, client.merchantUserId, row.id)) ?? row;
    return { status: 200, body: paymentView(deps, fresh, payment) };
  });
}

/**
 * POST /payments/{id}/void: releases an authorisation that was never captured (requires_capture);
 * nothing moves in the ledger and the payment is `voided`. A captured, failed, already voided or
 * unpaid hosted payment is refused with PAYMENT_NOT_VOIDABLE.
 */
export async function voidAuthorisation(deps: Deps, client: ApiClient, id: string, ip: string): Promise<ApiAnswer<TPayment | TApiError>> {
  const row = await findRow(deps, client, id);
  return answerOf(async () => {
    const transactionId = chargedTransaction(row, 'PAYMENT_NOT_VOIDABLE');
    const payment = await voidPayment(deps, {
      merchantUserId: client.merchantUserId,
      transactionId,
      ip,
      audit: auditWriter(client, ip, 'api-payment.void', `POST /api/merchant/v1/payments/${row.uuid}/void`, row, (change) => ({
        amount: Number(change.payment.amountMinor),
      })),
    });
    const fresh = (await findApiPaymentById(deps.db, client.merchantUserId, row.id)) ?? row;
    return { status: 200, body: paymentView(deps, fresh, payment) };
  });
}

export async function refund(
  deps: Deps,
  client: ApiClient,
  id: string,
  input: { amount?: number | undefined; description?: string | null | undefined },
  ip: string,
): Promise<ApiAnswer<TRefund | TApiError>> {
  const row = await findRow(deps, client, id);
  return answerOf(async () => {
    const transactionId = chargedTransaction(row, 'PAYMENT_NOT_REFUNDABLE');
    const result = await refundPayment(deps, {
      merchantUserId: client.merchantUserId,
      transactionId,
      ...(input.amount !== undefined ? { amountMinor: BigInt(input.amount) } : {}),
      source: 'api',
      description: input.description ?? null,
      ip,
      actorUserId: client.merchantUserId,
      audit: auditWriter(client, ip, 'api-payment.refund', `POST /api/merchant/v1/payments/${row.uuid}/refunds`, row, (change) => ({
        amount: Number(change.refund?.amountMinor ?? 0n),
        refund: change.refund?.uuid ?? null,
      })),
    });
    const fresh = (await findApiPaymentById(deps.db, client.merchantUserId, row.id)) ?? row;
    return {
      status: 201,
      body: {
        id: result.refund.uuid,
        object: 'refund',
        paymentId: row.uuid,
        amount: Number(result.refund.amountMinor),
        currency: row.currency_code,
        status: result.refund.transactionId === null ? 'pending' : 'succeeded',
        payment: paymentView(deps, fresh, result.payment),
      },
    };
  });
}
