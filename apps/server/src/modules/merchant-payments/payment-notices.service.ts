// The merchant hears about money in (docs/payment-events.md): a standing payment listener
// (app.ts composes it) that, inside the payment's transaction, writes a notification for each
// recipient (the bell, the list and the live stream read these rows) and queues an e-mail for
// each recipient whose notification settings have the e-mail switch on.
//
//   payment.succeeded, payment.captured -> merchant-payment-received (the amount captured)
//   payment.refunded                    -> merchant-payment-refunded (the amount refunded)
//   payment.failed, payment.expired     -> merchant-payment-failed (the reason)
//   payment.authorized, payment.voided  -> nothing: no money moved in or out
//
// Recipients: the merchant's main account, and each of its Active staff members granted the
// door's feature (payment-link, api-payment, pos-devices) or Transactions, at most
// PAYMENT_NOTICE_RECIPIENTS_MAX in all (the main account first, then the oldest staff), written
// NOTICES_PER_CALL_MAX rows to an insert. A staff member
// reads only their own notifications (notificationOwnerOf), so one who may not see a door's
// payments never hears of them. SMS has no provider yet: the SMS switch is kept but sends nothing.
import { assert, assertNever, minorToWire } from '@paywallet/ledger';
import { NOTIFICATION_SWITCH, USER_STATUS, type TFeatureSlug } from '@paywallet/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Mailer } from '../../lib/mail.ts';
import { notice, notifyEach, NOTICES_PER_CALL_MAX, type Notice } from '../notifications/notifications.service.ts';
import { findCurrency } from './fees.service.ts';
import {
  FAILURE_REASON_MAX_CHARS,
  MERCHANT_PAYMENT_FAILED,
  MERCHANT_PAYMENT_RECEIVED,
  MERCHANT_PAYMENT_REFUNDED,
} from './merchant-payments.notifications.ts';
import type { PaymentEvent, PaymentEventListener } from './payment-events.ts';
import type { MerchantPaymentKind } from './payment-views.ts';
import { listPaymentNoticeRecipients, type NoticeRecipientRow } from './payment-notices.repository.ts';

/** The feature a staff member needs to hear of a door's payments, besides Transactions. */
const FEATURE_OF_DOOR: Readonly<Record<MerchantPaymentKind, TFeatureSlug>> = {
  link: 'payment-link',
  api: 'api-payment',
  pos: 'pos-devices',
};
const TRANSACTIONS_FEATURE: TFeatureSlug = 'transactions';
/**
 * Who may hear of one payment: the main account and its staff who may see such payments. A
 * staff list is the merchant's own and short; the bound keeps a payment's transaction short too.
 */
export const PAYMENT_NOTICE_RECIPIENTS_MAX = 100;

const MAIL_SUBJECT: Readonly<Record<string, string>> = {
  [MERCHANT_PAYMENT_RECEIVED.name]: 'Payment received',
  [MERCHANT_PAYMENT_FAILED.name]: 'Payment failed',
  [MERCHANT_PAYMENT_REFUNDED.name]: 'Payment refunded',
};

/** The listener app.ts composes: the notifications of every payment event, and their e-mails through `mailer`. */
export function merchantPaymentNotifier(mailer: Mailer): PaymentEventListener {
  return (trx, event) => notifyMerchantOfPayment(mailer, trx, event);
}

export async function notifyMerchantOfPayment(mailer: Mailer, trx: Transaction<Database>, event: PaymentEvent): Promise<void> {
  const { payment } = event;
  const currency = await findCurrency(trx, payment.currency);
  assert(currency !== undefined, `the currency ${payment.currency} of payment ${payment.transactionId} exists`);
  const noticeTo = noticeOf(event, currency.decimals);
  if (!noticeTo) return;
  const recipients = await listPaymentNoticeRecipients(
    trx,
    payment.merchantUserId,
    [FEATURE_OF_DOOR[payment.kind], TRANSACTIONS_FEATURE],
    USER_STATUS.ACTIVE,
    PAYMENT_NOTICE_RECIPIENTS_MAX,
  );
  assert(recipients.length > 0 && recipients[0]!.id === payment.merchantUserId, 'the main account hears of its own payments');
  const notices = recipients.map((recipient) => noticeTo(recipient.id));
  for (let start = 0; start < notices.length; start += NOTICES_PER_CALL_MAX) {
    await notifyEach(trx, notices.slice(start, start + NOTICES_PER_CALL_MAX));
  }
  await mailNotices(mailer, trx, recipients, notices, payment.uuid);
}

/** The notice an event raises, for any recipient; null for an event that moved no money in or out. */
function noticeOf(event: PaymentEvent, decimals: number): ((userId: bigint) => Notice) | null {
  const { payment } = event;
  const base = { transactionId: payment.uuid, door: payment.kind, currency: payment.currency, decimals };
  switch (event.type) {
    case 'payment.succeeded':
    case 'payment.captured': {
      const amount = minorToWire(event.captureAmountMinor ?? payment.amountCapturedMinor);
      return (userId) => notice(userId, MERCHANT_PAYMENT_RECEIVED, { ...base, amount });
    }
    case 'payment.refunded': {
      assert(event.refund !== undefined, 'a refund event carries its refund');
      const refund = { ...base, amount: minorToWire(event.refund.amountMinor), refundId: event.refund.uuid };
      return (userId) => notice(userId, MERCHANT_PAYMENT_REFUNDED, refund);
    }
    case 'payment.failed':
    case 'payment.expired': {
      const reason = (payment.failureReason ?? 'The payment failed.').slice(0, FAILURE_REASON_MAX_CHARS);
      return (userId) => notice(userId, MERCHANT_PAYMENT_FAILED, { ...base, amount: minorToWire(payment.amountMinor), reason });
    }
    case 'payment.authorized':
    case 'payment.voided':
      return null;
    default:
      return assertNever(event.type);
  }
}

/** An e-mail of each notice whose recipient switched e-mail on, to the settings' address or else the sign-in one. */
async function mailNotices(
  mailer: Mailer,
  trx: Transaction<Database>,
  recipients: readonly NoticeRecipientRow[],
  notices: readonly Notice[],
  transactionUuid: string,
): Promise<void> {
  for (const [index, recipient] of recipients.entries()) {
    if (recipient.settings_email_status !== NOTIFICATION_SWITCH.ON) continue;
    const sent = notices[index]!;
    await mailer.enqueue(trx, {
      to: recipient.settings_email || recipient.email,
      subject: MAIL_SUBJECT[sent.type] ?? 'Payment',
      text: `${sent.message}\n\nTransaction: ${transactionUuid}\n`,
    });
  }
}
