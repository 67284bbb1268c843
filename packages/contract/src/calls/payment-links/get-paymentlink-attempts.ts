import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zId } from '../../rules.ts';
import { zText } from '../../text.ts';

export const ZPaymentLinkAttempt = z.object({ id: z.number().int(), uuid: z.string(), ip: z.string(), created_at: z.string() });
export type TPaymentLinkAttempt = z.infer<typeof ZPaymentLinkAttempt>;

/** One step of an attempt's log (spec 3 section 3, Payment attempt log). */
export const ZAttemptLogStep = z.object({
  message: z.string(),
  ip: z.string(),
  created_at: z.string(),
  transaction_uuid: z.string().nullable(),
  payment_token: z.string().nullable(),
  data: z.record(z.string(), z.string()),
});
export const ZPaymentLinkAttemptLog = ZAttemptLogStep.extend({ uuid: z.string(), logs: z.array(ZAttemptLogStep) });
export type TAttemptLogStep = z.infer<typeof ZAttemptLogStep>;
export type TPaymentLinkAttemptLog = z.infer<typeof ZPaymentLinkAttemptLog>;

/**
 * The attempts to pay a link (each opening of its checkout page), newest first; with
 * `attemptId` (an attempt's uuid) the log of that one attempt instead (payment-link-attempt-detail).
 */
export const ZGetPaymentlinkAttemptsRequest = z.object({
  paymentLinkId: zId('payment link'),
  attemptId: zText('attempt id', 36)
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'The selected attempt id is invalid')
    .optional(),
});
export const ZGetPaymentlinkAttemptsResponse = z.object({
  attempts: z.array(ZPaymentLinkAttempt),
  log: ZPaymentLinkAttemptLog.nullable(),
});
export const getPaymentlinkAttemptsCall = defineCall({
  path: 'get-paymentlink-attempts',
  audience: ['merchant'],
  session: 'full',
  feature: 'payment-link',
  kind: 'read',
  audit: null,
  request: ZGetPaymentlinkAttemptsRequest,
  response: ZGetPaymentlinkAttemptsResponse,
});
export type TGetPaymentlinkAttemptsRequest = z.input<typeof ZGetPaymentlinkAttemptsRequest>;
export type TGetPaymentlinkAttemptsInput = z.output<typeof ZGetPaymentlinkAttemptsRequest>;
export type TGetPaymentlinkAttemptsResponse = z.output<typeof ZGetPaymentlinkAttemptsResponse>;
