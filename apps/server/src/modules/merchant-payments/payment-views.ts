// Reading a merchant payment: the shape every door and listener sees (MerchantPayment), built
// from the merchant_payments row and its transaction, always for one merchant (another
// merchant's payment is not found).
import { assert } from '@paywallet/ledger';
import type { MerchantPaymentState } from '../../db/schema.ts';
import type { Queryable } from '../../db/database.ts';
import type { MerchantPaymentColumns } from '../ledger/ledger.service.ts';
import * as repository from './merchant-payments.repository.ts';

export type MerchantPaymentKind = 'link' | 'api' | 'pos';
export type MerchantPaymentStatus =
  'requires_action' | 'requires_capture' | 'succeeded' | 'failed' | 'refunded' | 'partially_refunded' | 'voided' | 'expired';

/** A merchant card payment as every door reads it; the columns it adds to its transaction row are the ledger's. */
export interface MerchantPayment extends MerchantPaymentColumns {
  transactionId: bigint;
  uuid: string;
  kind: MerchantPaymentKind;
  status: MerchantPaymentStatus;
  merchantUserId: bigint;
  channelId: bigint;
  currency: string;
  /** The currency's minor digits (2 for AED): how its amounts are written for people. */
  currencyDecimals: number;
  amountMinor: bigint;
  amountCapturedMinor: bigint;
  amountRefundedMinor: bigint;
  feeMinor: bigint;
  vatMinor: bigint;
  failureReason: string | null;
  /** Only from chargeCard while requires_action (the page's token is stored only as a hash). */
  challengeUrl: string | null;
  card: { brand: string; last4: string; masked: string } | null;
  /** The issuer's authorisation code, once the card was authorised. */
  approvalCode: string | null;
  createdAt: Date;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A succeeded payment reads as refunded, in part or in whole, once refunds were taken from it. */
function statusOf(state: MerchantPaymentState, captured: bigint, refunded: bigint): MerchantPaymentStatus {
  if (state === 'succeeded' && refunded > 0n) return refunded >= captured ? 'refunded' : 'partially_refunded';
  return state;
}

function paymentOf(row: repository.PaymentViewRow, challenge: string | null = null): MerchantPayment {
  return {
    transactionId: row.transaction_id,
    uuid: row.uuid,
    kind: row.kind,
    status: statusOf(row.state, row.captured_amount, row.refunded_amount),
    merchantUserId: row.merchant_user_id,
    channelId: row.channel_id,
    currency: row.currency_code,
    currencyDecimals: row.currency_decimals,
    amountMinor: row.authorised_amount,
    amountCapturedMinor: row.captured_amount,
    amountRefundedMinor: row.refunded_amount,
    feeMinor: row.fee,
    vatMinor: row.vat,
    failureReason: row.failure_reason,
    challengeUrl: row.state === 'requires_action' ? challenge : null,
    card:
      row.card_brand !== null && row.card_last4 !== null && row.card_masked !== null
        ? { brand: row.card_brand, last4: row.card_last4, masked: row.card_masked }
        : null,
    customerId: row.customer_id,
    paymentLinkId: row.payment_link_id,
    apiPaymentId: row.api_payment_id,
    posDeviceId: row.pos_device_id,
    clientReference: row.client_reference,
    description: row.description,
    hostReference: row.host_reference,
    approvalCode: row.approval_code,
    createdAt: new Date(row.created_at),
  };
}

export async function getPayment(db: Queryable, merchantUserId: bigint, transactionId: bigint): Promise<MerchantPayment | undefined> {
  const row = await repository.findPaymentView(db, merchantUserId, transactionId);
  return row && paymentOf(row);
}

export async function getPaymentByUuid(db: Queryable, merchantUserId: bigint, uuid: string): Promise<MerchantPayment | undefined> {
  if (!UUID_PATTERN.test(uuid)) return undefined;
  const row = await repository.findPaymentViewByUuid(db, merchantUserId, uuid);
  return row && paymentOf(row);
}

/** The id of the merchant's transaction (any type) with this uuid; undefined for another's. */
export async function findMerchantTransactionId(db: Queryable, merchantUserId: bigint, uuid: string): Promise<bigint | undefined> {
  if (!UUID_PATTERN.test(uuid)) return undefined;
  return repository.findMerchantTransactionId(db, merchantUserId, uuid);
}

/**
 * The payment as the operation that just wrote it sees it, inside its transaction: it exists (a
 * programmer error otherwise). `challenge` is the 3-D Secure page's URL, which only the charge
 * that opened it knows.
 */
export async function paymentAfterChange(
  db: Queryable,
  merchantUserId: bigint,
  transactionId: bigint,
  challenge: string | null = null,
): Promise<MerchantPayment> {
  const row = await repository.findPaymentView(db, merchantUserId, transactionId);
  assert(row !== undefined, `merchant payment ${transactionId} exists`);
  return paymentOf(row, challenge);
}
