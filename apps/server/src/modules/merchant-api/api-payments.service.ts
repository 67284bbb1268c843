// API payments (DECISIONS 31): the merchant API's payments. A card-less payment is paid by the
// customer on the hosted checkout page (PUBLIC_URL/pay/<token>, served by the checkout module),
// which reads it through getPayableApiPayment / lockApiPaymentForPayment in the shape of a
// payment link. The payment events of the core keep each API payment's state: paid when its
// charge succeeds or is authorised, failed when a card payment's charge fails, and its API
// status (requires_capture, refunded, ...) as the payment moves (applyPaymentEvent, a standing
// payment listener that app.ts composes with the others).
import type { Transaction } from 'kysely';
import { assert, minorToWire, TransactionType } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';
import type { Queryable } from '../../db/database.ts';
import { allowedSchemes } from '../merchant-payments/fees.service.ts';
import type { PaymentEvent } from '../merchant-payments/payment-events.ts';
import {
  API_PAYMENT_STATUS,
  API_PAYMENT_STATUS_LABEL,
  failureReasonWire,
  PAYMENT_LINK_TYPE,
  type TGetApiPaymentsInput,
  type TGetApiPaymentsResponse,
} from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import { defineList, listPage } from '../../db/lists.ts';
import { fail } from '../../transport/errors.ts';
import { resolveStoreScope } from '../stores/stores.service.ts';
import { findOwnWallet } from '../wallets/wallets.service.ts';
import { getPosWebhookUrl } from '../app-settings/app-settings.service.ts';
import { enqueueWebhook } from '../webhooks/webhooks.service.ts';
import {
  apiPaymentListSource,
  findPayableById,
  findPayableByToken,
  listTransactionsOfApiPayments,
  lockApiPayment,
  updateApiPayment,
  type ApiPaymentListRow,
  type PayableRow,
} from './merchant-api.repository.ts';

/** The fields of a payment link's PayableLink (payment-links module), for the one checkout page. */
export interface PayableApiPayment {
  id: bigint;
  token: string;
  merchantUserId: bigint;
  merchantName: string;
  storeName: string;
  channelId: bigint;
  currency: string;
  amountMinor: bigint;
  /** Always single use: one successful payment. */
  type: typeof PAYMENT_LINK_TYPE.SINGLE;
  /** API_PAYMENT_STATUS: Initiated, Paid, Expired (a hosted payment not paid in time) or Failed. */
  status: number;
  expiresAt: Date | null;
  /** The merchant's allowed card schemes for this currency and channel. */
  schemeIds: number[];
  schemes: { id: number; name: string }[];
  /** The API's returnUrl: where the customer goes after paying. */
  redirectUrl: string | null;
  /** API payments notify through the merchant's webhook, not a callback URL. */
  callbackUrl: null;
  email: string | null;
  phone: string | null;
  description: string | null;
  /** The client reference. */
  receiptNo: string | null;
  paidCount: number;
  kind: 'api';
  captureMethod: 'automatic' | 'manual';
  clientReference: string | null;
  customerName: string | null;
}

export type ApiPaymentUnpayable = 'LINK_INACTIVE' | 'LINK_EXPIRED' | 'LINK_ALREADY_PAID';

async function payableOf(db: Queryable, row: PayableRow): Promise<PayableApiPayment> {
  const schemes = await allowedSchemes(db, {
    merchantUserId: row.merchant_user_id,
    currencyId: row.currency_id,
    channelId: row.channel_id,
  });
  return {
    id: row.id,
    token: row.token ?? '',
    merchantUserId: row.merchant_user_id,
    merchantName: row.merchant_name,
    storeName: row.store_name,
    channelId: row.channel_id,
    currency: row.currency_code,
    amountMinor: row.amount,
    type: PAYMENT_LINK_TYPE.SINGLE,
    status: row.status === API_PAYMENT_STATUS.INITIATED && row.expired ? API_PAYMENT_STATUS.EXPIRED : row.status,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    schemeIds: schemes.map((s) => s.id),
    schemes: schemes.map((s) => ({ id: s.id, name: s.name })),
    redirectUrl: row.return_url,
    callbackUrl: null,
    email: row.customer_email,
    phone: row.customer_phone,
    description: row.description,
    receiptNo: row.client_reference,
    paidCount: row.status === API_PAYMENT_STATUS.PAID ? 1 : 0,
    kind: 'api',
    captureMethod: row.capture_method,
    clientReference: row.client_reference,
    customerName: row.customer_name,
  };
}

/** A hosted API payment by its token, any merchant (the public checkout page). */
export async function getPayableApiPayment(db: Queryable, token: string): Promise<PayableApiPayment | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = await findPayableByToken(db, token);
  return row && payableOf(db, row);
}

/** Locks the API payment (FOR UPDATE) so that it takes one payment under concurrency. */
export async function lockApiPaymentForPayment(trx: Transaction<Database>, id: bigint): Promise<PayableApiPayment> {
  await lockApiPayment(trx, id);
  const row = await findPayableById(trx, id);
  assert(row !== undefined, `API payment ${id} is not a hosted payment`);
  return payableOf(trx, row);
}

/** Why the page may not take a payment now, or null when it may. */
export function whyApiPaymentUnpayable(payment: PayableApiPayment, now: Date): ApiPaymentUnpayable | null {
  if (payment.status === API_PAYMENT_STATUS.PAID || payment.paidCount > 0) return 'LINK_ALREADY_PAID';
  if (payment.status === API_PAYMENT_STATUS.EXPIRED || (payment.expiresAt !== null && payment.expiresAt.getTime() <= now.getTime())) {
    return 'LINK_EXPIRED';
  }
  if (payment.status !== API_PAYMENT_STATUS.INITIATED) return 'LINK_INACTIVE';
  return null;
}

/**
 * Keeps an API payment in step with its card payment, inside the core's transaction. A hosted
 * payment whose attempt failed stays Initiated (the customer may try another card until it
 * expires); a card payment's failure is final.
 */
export async function applyPaymentEvent(trx: Transaction<Database>, event: PaymentEvent): Promise<void> {
  const { payment } = event;
  if (payment.kind !== 'api' || payment.apiPaymentId === null) return;
  const row = await lockApiPayment(trx, payment.apiPaymentId);
  if (!row) return;
  // An attempt that ended without money (declined, or its 3-D Secure left unanswered).
  const attemptEnded = event.type === 'payment.failed' || event.type === 'payment.expired';
  // A later failed attempt never replaces the payment that was paid.
  if (attemptEnded && row.status === API_PAYMENT_STATUS.PAID) return;
  if (attemptEnded && row.mode === 'hosted') {
    await updateApiPayment(trx, row.id, { transaction_id: payment.transactionId, next_action_url: null });
    return;
  }
  let status = row.status;
  if (event.type === 'payment.succeeded' || event.type === 'payment.authorized') status = API_PAYMENT_STATUS.PAID;
  else if (attemptEnded) status = API_PAYMENT_STATUS.FAILED;
  await updateApiPayment(trx, row.id, {
    status,
    payment_status: payment.status,
    transaction_id: payment.transactionId,
    next_action_url: payment.status === 'requires_action' ? row.next_action_url : null,
  });
  await notifyMerchant(trx, row, event);
}

/**
 * Tells the merchant's server (its App Settings webhook URL, when set) that an API payment
 * moved: an 'api.payment' event, signed and delivered by the webhooks module's durable job.
 */
async function notifyMerchant(
  trx: Transaction<Database>,
  row: { uuid: string; merchant_user_id: bigint; client_reference: string | null },
  event: PaymentEvent,
): Promise<void> {
  const url = await getPosWebhookUrl(trx, row.merchant_user_id);
  if (!url) return;
  const { payment } = event;
  const charged = payment.amountCapturedMinor > 0n;
  // The payment event's own id: whoever builds this body from the event names it the same.
  const eventId = `evt_${event.id}`;
  await enqueueWebhook(trx, {
    merchantUserId: row.merchant_user_id,
    eventType: 'api.payment',
    url,
    eventId,
    body: {
      eventId,
      type: event.type,
      payment: {
        id: row.uuid,
        status: payment.status,
        amount: minorToWire(payment.amountMinor),
        amountCaptured: minorToWire(payment.amountCapturedMinor),
        amountRefunded: minorToWire(payment.amountRefundedMinor),
        currency: payment.currency,
        fee: charged ? minorToWire(payment.feeMinor) : 0,
        vat: charged ? minorToWire(payment.vatMinor) : 0,
        failureReason: payment.failureReason,
        clientReference: row.client_reference,
        transactionId: payment.uuid,
        createdAt: payment.createdAt.toISOString(),
      },
      ...(event.refund ? { refund: { id: event.refund.uuid, amount: minorToWire(event.refund.amountMinor) } } : {}),
      ...(event.captureAmountMinor !== undefined ? { captureAmount: minorToWire(event.captureAmountMinor) } : {}),
    },
  });
}

// ---- the back office: get-api-payments (spec 2, Api Payment) ------------------------------------

const apiPaymentList = defineList({ source: apiPaymentListSource, view: (row: ApiPaymentListRow) => row });
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The merchant's API payments, newest first, each with its transactions (its attempts). */
export async function getApiPayments(deps: Deps, merchantUserId: bigint, input: TGetApiPaymentsInput): Promise<TGetApiPaymentsResponse> {
  let currencyId: number | undefined;
  if (input.userAccountId !== undefined) {
    const wallet = await findOwnWallet(deps.db, merchantUserId, BigInt(input.userAccountId));
    if (!wallet) fail('WALLET_NOT_FOUND');
    currencyId = wallet.currency_id;
  }
  const channels = await resolveStoreScope(deps.db, merchantUserId, input);
  const search = input.transactionId?.toLowerCase();
  const page = await listPage(
    deps.db,
    apiPaymentList,
    {
      merchantUserId,
      fromDate: input.fromDate,
      toDate: input.toDate,
      channels,
      currencyId,
      transactionId: search ? (UUID_PATTERN.test(search) ? { exact: search } : { prefix: search }) : undefined,
      nothing: input.transactionTypeId !== undefined && input.transactionTypeId !== TransactionType.ApiPayment,
    },
    { page: input.page, perPage: input.perPage },
  );
  const transactions = await listTransactionsOfApiPayments(
    deps.db,
    merchantUserId,
    page.data.map((row) => row.id),
  );
  const schemesOf = new Map<string, { name: string }[]>();
  for (const row of page.data) {
    const key = `${row.currency_id}:${row.channel_id}`;
    if (!schemesOf.has(key)) {
      const schemes = await allowedSchemes(deps.db, { merchantUserId, currencyId: row.currency_id, channelId: row.channel_id });
      schemesOf.set(
        key,
        schemes.map((s) => ({ name: s.name })),
      );
    }
  }
  return {
    data: page.data.map((row) => {
      const status = row.status === API_PAYMENT_STATUS.INITIATED && row.expired ? API_PAYMENT_STATUS.EXPIRED : row.status;
      return {
        id: Number(row.id),
        uuid: row.uuid,
        token: row.token,
        mode: row.mode,
        status,
        status_str: API_PAYMENT_STATUS_LABEL[status] ?? 'Unknown',
        payment_status: status === API_PAYMENT_STATUS.EXPIRED && row.mode === 'hosted' ? 'expired' : row.payment_status,
        created_at: new Date(row.created_at).toISOString(),
        exipres_in: row.exipres_in,
        amount: minorToWire(row.amount),
        currency: { code: row.currency_code },
        schemas: schemesOf.get(`${row.currency_id}:${row.channel_id}`) ?? [],
        added_by_user:
          row.added_by_first_name === null ? null : { first_name: row.added_by_first_name, last_name: row.added_by_last_name ?? '' },
        client_reference: row.client_reference,
        description: row.description,
        channel: { name: row.channel_name },
        payment_url: row.token ? hostedPageUrl(deps, row.token) : null,
        transactions: transactions
          .filter((tx) => tx.api_payment_id === row.id)
          .map((tx) => ({
            uuid: tx.uuid,
            amount: minorToWire(tx.amount),
            status: tx.status,
            failureReason: failureReasonWire(tx.status, tx.failure_reason),
            card_number: tx.card_number,
            created_at: new Date(tx.created_at).toISOString(),
          })),
      };
    }),
    paginationData: page.paginationData,
  };
}

/** The hosted checkout page of a token. */
export function hostedPageUrl(deps: Pick<Deps, 'config'>, token: string): string {
  return `${deps.config.publicUrl.replace(/\/+$/, '')}/pay/${token}`;
}
