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
// door's feature (payment-link, api-payment, pos-devices) or Transactions: the one path of every
// money event, notifications/merchant-team.service.ts (at most MERCHANT_TEAM_MAX, the main
// account first, then the oldest staff). A staff member
// reads only their own notifications (notificationOwnerOf), so one who may not see a door's
// payments never hears of them. SMS has no provider yet: the SMS switch is kept but sends nothing.
import { assert, assertNever, minorToWire } from '@paywallet/ledger';
import type { TFeatureSlug } from '@paywallet/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Mailer } from '../../lib/mail.ts';
import { notifyMerchantTeam } from '../notifications/merchant-team.service.ts';
import { notice, type Notice } from '../notifications/notifications.service.ts';
import {
  FAILURE_REASON_MAX_CHARS,
  MERCHANT_PAYMENT_FAILED,
  MERCHANT_PAYMENT_RECEIVED,
  MERCHANT_PAYMENT_REFUNDED,
} from './merchant-payments.notifications.ts';
import type { PaymentEvent, PaymentEventListener } from './payment-events.ts';
import type { MerchantPaymentKind } from './payment-views.ts';

/** The feature a staff member needs to hear of a door's payments, besides Transactions. */
const FEATURE_OF_DOOR: Readonly<Record<MerchantPaymentKind, TFeatureSlug>> = {
  link: 'payment-link',
  api: 'api-payment',
  pos: 'pos-devices',
};
const TRANSACTIONS_FEATURE: TFeatureSlug = 'transactions';

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
  const noticeTo = noticeOf(event);
  if (!noticeTo) return;
  await notifyMerchantTeam(mailer, trx, {
    merchantUserId: payment.merchantUserId,
    features: [FEATURE_OF_DOOR[payment.kind], TRANSACTIONS_FEATURE],
    noticeTo,
    mail: (sent) => ({ subject: MAIL_SUBJECT[sent.type] ?? 'Payment', reference: `Transaction: ${payment.uuid}` }),
  });
}

/** The notice an event raises, for any recipient; null for an event that moved no money in or out. */
function noticeOf(event: PaymentEvent): ((userId: bigint) => Notice) | null {
  const { payment } = event;
  const base = { transactionId: payment.uuid, door: payment.kind, currency: payment.currency, decimals: payment.currencyDecimals };
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
