// The examples of the merchant API's reference: what the server answers and what the webhooks
// carry, written as a merchant's server sees them. merchant-api.test.ts compares each with a
// real answer or delivery of the same kind (the same fields, types and closed values: the card
// brand is `visa`, as the server says it), so an example cannot drift from the server.
import type { TApiPaymentWebhook, TPayment, TPaymentLinkWebhook, TPosWebhookBody, TRefund, TWebhookEventType } from '@paywallet/contract';

const payment: TPayment = {
  id: '0f6e6a1c-3f5d-4a57-9f8e-6b3e7a1c2d4e',
  object: 'payment',
  status: 'succeeded',
  amount: 1050,
  amountCaptured: 1050,
  amountRefunded: 0,
  currency: 'AED',
  fee: 126,
  vat: 6,
  captureMethod: 'automatic',
  failureReason: null,
  description: 'Order 1001',
  clientReference: 'order-1001',
  customer: { name: 'Jane Doe', email: 'jane@example.com', phone: null },
  card: { brand: 'visa', last4: '4242' },
  approvalCode: 'A1B2C3',
  nextAction: null,
  transactionId: '8c1d0d0e-2b8a-4d7f-9d44-0b1c7a9e5f10',
  createdAt: '2026-11-24T10:00:00.000Z',
  expiresAt: null,
};

const manual: TPayment = { ...payment, captureMethod: 'manual' };

const declinedPayment: TPayment = {
  ...payment,
  status: 'failed',
  approvalCode: null,
  amountCaptured: 0,
  fee: 0,
  vat: 0,
  card: { brand: 'visa', last4: '0002' },
  failureReason: 'Your card was declined.',
};

const refund: TRefund = {
  id: '5d2f7c1e-9a4b-4c3d-8e6f-1a2b3c4d5e6f',
  object: 'refund',
  paymentId: payment.id,
  amount: 300,
  currency: 'AED',
  status: 'succeeded',
  payment: { ...payment, status: 'partially_refunded', amountRefunded: 300 },
};

export const MERCHANT_API_EXAMPLES = {
  /** The success answer of each operation (by operationId). */
  answers: {
    createPayment: payment,
    getPayment: payment,
    listPayments: { object: 'list', data: [payment], page: 1, perPage: 20, total: 1, lastPage: 1 },
    capturePayment: { ...manual, amount: 1050, amountCaptured: 500, fee: 101, vat: 5 },
    voidPayment: { ...manual, status: 'voided', amountCaptured: 0, fee: 0, vat: 0 },
    refundPayment: refund,
  } as Record<string, unknown>,
  /** Named examples of request bodies (by operationId). */
  requests: {
    createPayment: {
      card: {
        summary: 'Charge a card',
        value: {
          amount: 1050,
          currency: 'AED',
          card: { holderName: 'Jane Doe', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
          description: 'Order 1001',
          clientReference: 'order-1001',
          customer: { name: 'Jane Doe', email: 'jane@example.com' },
        },
      },
      hosted: {
        summary: 'Hosted checkout (no card)',
        value: { amount: 1050, currency: 'AED', clientReference: 'order-1002', returnUrl: 'https://shop.example/return' },
      },
    },
  } as Record<string, Record<string, { summary: string; value: unknown }>>,
  /** The failed payment a declined card answers with (402). */
  declinedPayment,
};

const apiPaymentEvent: TApiPaymentWebhook = {
  eventId: 'evt_6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c',
  type: 'payment.captured',
  payment: {
    id: payment.id,
    status: 'succeeded',
    amount: 1050,
    amountCaptured: 500,
    amountRefunded: 0,
    currency: 'AED',
    fee: 101,
    vat: 5,
    failureReason: null,
    clientReference: 'order-1001',
    transactionId: payment.transactionId!,
    createdAt: payment.createdAt,
  },
  captureAmount: 500,
};

const paymentLinkEvent: TPaymentLinkWebhook = {
  type: 'payment_link.payment',
  data: {
    token: 'k3Jd9sLq0aZ8xWv2Yt6uRb1Nc5Me7Pg4Hf',
    transactionId: '2b7e4c1a-8d3f-4a6b-9c0e-5f1d2a3b4c5d',
    status: 'succeeded',
    failureReason: null,
    amount: 2500,
    currency: 'AED',
    fee: 163,
    vat: 8,
    createdAt: '2026-11-24T10:05:00.000Z',
  },
};

const posEvent: TPosWebhookBody = {
  storeId: 12,
  terminalId: 31,
  channelId: 57,
  posId: 'POS-0001',
  transactionType: 'SALE',
  transactionStatus: 'CAPTURED',
  transactionId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  feesAmount: { value: 126, currency: 'AED' },
  vatAmount: { value: 6, currency: 'AED' },
  transactionAmount: { value: 1050, currency: 'AED' },
  card: { brand: 'visa', last4: '4242' },
  channelName: 'Front till',
  hostReferenceNumber: 'sbx_7f3a9c2e1b4d',
  approvalCode: 'A1B2C3',
  storeName: 'Main Street',
  transactionTime: '2026-11-24T10:10:00.000Z',
  eventId: 'evt_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f',
};

export const WEBHOOK_EXAMPLES: Record<TWebhookEventType, unknown> = {
  'api.payment': apiPaymentEvent,
  'payment_link.payment': paymentLinkEvent,
  'pos.transaction': posEvent,
};
