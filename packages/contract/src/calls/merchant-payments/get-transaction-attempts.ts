import { z } from 'zod';
import { defineCall } from '../../call.ts';

/** One step of a payment attempt (spec 2, Transaction attempt). */
export const ZAttemptLogEntry = z.object({
  message: z.string(),
  ip: z.string(),
  created_at: z.string(),
  transaction_uuid: z.string().nullable(),
  payment_token: z.string(),
  data: z.record(z.string(), z.string()),
});
/** An attempt: its first step, then the later steps in `logs`. */
export const ZTransactionAttempt = ZAttemptLogEntry.extend({ logs: z.array(ZAttemptLogEntry) });
export type TTransactionAttempt = z.infer<typeof ZTransactionAttempt>;

export const ZGetTransactionAttemptsRequest = z.object({
  /** The transaction's uuid. */
  transactionId: z
    .string({ error: 'The transaction id field is required' })
    .max(64, { message: 'The selected transaction id is invalid', abort: true })
    .trim()
    .regex(/^[0-9a-fA-F-]{36}$/, 'The selected transaction id is invalid'),
});
/** The attempts that made one of the merchant's transactions, oldest first. */
export const getTransactionAttemptsCall = defineCall({
  path: 'get-transaction-attempts',
  audience: ['merchant'],
  session: 'full',
  feature: 'transactions',
  kind: 'read',
  audit: null,
  request: ZGetTransactionAttemptsRequest,
  response: z.object({ attempts: z.array(ZTransactionAttempt) }),
});
export type TGetTransactionAttemptsRequest = z.input<typeof ZGetTransactionAttemptsRequest>;
