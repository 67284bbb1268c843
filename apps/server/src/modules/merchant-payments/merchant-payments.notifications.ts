// What the merchant is told about card payments, in the registry of notification types: money
// in (a payment through a link, the merchant API or a POS device, or a capture of one), a refund,
// and a payment that failed. payment-notices.service.ts decides who hears which.
import { z } from 'zod';
import { defineNotificationType, notifiedMoneyText } from '../notifications/notification-types.ts';

/** The door a payment came through, as the rows keep it. */
export const ZPaymentDoor = z.enum(['link', 'api', 'pos']);
export type TPaymentDoor = z.infer<typeof ZPaymentDoor>;

const DOOR_TEXT: Readonly<Record<TPaymentDoor, string>> = {
  link: 'a payment link',
  api: 'the merchant API',
  pos: 'a POS device',
};

/** How long the decline reason a row keeps may be, so that the message stays within its limit. */
export const FAILURE_REASON_MAX_CHARS = 200;

const zPayment = z.object({
  transactionId: z.string(),
  door: ZPaymentDoor,
  /** Minor units: what the notice is about (the payment, the capture, the refund). */
  amount: z.number().int(),
  currency: z.string().length(3),
  decimals: z.number().int().min(0),
});

/** A payment succeeded, or an authorisation was captured: money in (on hold until it is settled). */
export const MERCHANT_PAYMENT_RECEIVED = defineNotificationType({
  name: 'merchant-payment-received',
  data: zPayment,
  message: (data) => `You received ${notifiedMoneyText(data)} through ${DOOR_TEXT[data.door]}.`,
});

/** A payment failed: the card was declined, or its 3-D Secure check was declined or not completed. */
export const MERCHANT_PAYMENT_FAILED = defineNotificationType({
  name: 'merchant-payment-failed',
  data: zPayment.extend({ reason: z.string().max(FAILURE_REASON_MAX_CHARS) }),
  message: (data) => `A payment of ${notifiedMoneyText(data)} through ${DOOR_TEXT[data.door]} failed: ${data.reason}`,
});

/** A payment was refunded, in part or in whole. */
export const MERCHANT_PAYMENT_REFUNDED = defineNotificationType({
  name: 'merchant-payment-refunded',
  data: zPayment.extend({ refundId: z.string() }),
  message: (data) => `You refunded ${notifiedMoneyText(data)} of a payment through ${DOOR_TEXT[data.door]}.`,
});
