// The notifications of send money and request money, in the registry of notification types.
import { z } from 'zod';
import { defineNotificationType, notifiedMoneyText } from '../notifications/notification-types.ts';

const zMoney = { amount: z.number().int(), currency: z.string().length(3), decimals: z.number().int().min(0) };
const zTransfer = z.object({ ...zMoney, transactionId: z.string(), requestId: z.string().nullable() });
const zRequest = z.object({ ...zMoney, requestId: z.string() });

/** To the payer: the amount they entered. */
export const MONEY_SENT = defineNotificationType({
  name: 'money-sent',
  data: zTransfer.extend({ payeeName: z.string() }),
  message: (data) => `You sent ${notifiedMoneyText(data)} to ${data.payeeName}.`,
});

/** To the payee of a plain transfer: the amount credited. */
export const MONEY_RECEIVED = defineNotificationType({
  name: 'money-received',
  data: zTransfer.extend({ payerName: z.string() }),
  message: (data) => `You received ${notifiedMoneyText(data)} from ${data.payerName}.`,
});

/** To the requester whose request was paid: the amount credited. */
export const MONEY_REQUEST_PAID = defineNotificationType({
  name: 'money-request-paid',
  data: zTransfer.extend({ payerName: z.string() }),
  message: (data) => `${data.payerName} paid your request: you received ${notifiedMoneyText(data)}.`,
});

/** To the person asked to pay. */
export const MONEY_REQUEST_RECEIVED = defineNotificationType({
  name: 'money-request-received',
  data: zRequest.extend({ requesterName: z.string() }),
  message: (data) => `${data.requesterName} requested ${notifiedMoneyText(data)} from you.`,
});

/** To the person asked to pay, when the requester withdraws the request. */
export const MONEY_REQUEST_CANCELED = defineNotificationType({
  name: 'money-request-canceled',
  data: zRequest.extend({ requesterName: z.string() }),
  message: (data) => `${data.requesterName} canceled the request of ${notifiedMoneyText(data)}.`,
});

/** To the requester, when the person asked refuses to pay. */
export const MONEY_REQUEST_REJECTED = defineNotificationType({
  name: 'money-request-rejected',
  data: zRequest.extend({ payerName: z.string() }),
  message: (data) => `${data.payerName} rejected your request of ${notifiedMoneyText(data)}.`,
});
