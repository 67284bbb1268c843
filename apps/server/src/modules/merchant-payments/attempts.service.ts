// The attempts of a merchant payment (spec 2, Transaction attempt): every try to pay opens an
// attempt (its first step: the page opened or the details submitted) and each later step is a
// log under it: card checked, 3-D Secure shown, approved or declined, the acquirer's answer,
// posted. The timeline answers the spec's shape: the first step, then logs[] for the rest.
import crypto from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import * as repository from './attempts.repository.ts';

/** One step, as the spec shows it. */
export interface AttemptLogEntry {
  message: string;
  ip: string;
  created_at: string;
  transaction_uuid: string | null;
  payment_token: string;
  data: Record<string, string>;
}
/** An attempt: its first step, and the later steps in `logs`. */
export interface AttemptLog extends AttemptLogEntry {
  logs: AttemptLogEntry[];
}

/** Longest message and data value kept; anything longer is cut (a log, not a store). */
const MESSAGE_MAX = 500;
const DATA_VALUE_MAX = 500;
const DATA_KEYS_MAX = 30;

function cleanData(data: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data ?? {}).slice(0, DATA_KEYS_MAX)) {
    out[key.slice(0, 100)] = String(value).slice(0, DATA_VALUE_MAX);
  }
  return out;
}

export async function openAttempt(
  db: Queryable,
  input: {
    merchantUserId: bigint;
    paymentLinkId?: bigint | null;
    apiPaymentId?: bigint | null;
    paymentToken: string;
    ip: string;
    message: string;
    data?: Record<string, string>;
  },
): Promise<{ attemptId: bigint; uuid: string }> {
  const uuid = crypto.randomUUID();
  const attemptId = await repository.insertAttempt(db, {
    uuid,
    merchantUserId: input.merchantUserId,
    paymentLinkId: input.paymentLinkId ?? null,
    apiPaymentId: input.apiPaymentId ?? null,
    paymentToken: input.paymentToken,
    ip: input.ip,
    message: input.message.slice(0, MESSAGE_MAX),
    data: cleanData(input.data),
  });
  return { attemptId, uuid };
}

/** A step of an attempt, as logAttemptSteps writes it. */
export interface AttemptStep {
  message: string;
  data?: Record<string, string>;
}

export async function logAttemptStep(
  db: Queryable,
  input: { attemptId: bigint; message: string; ip: string; data?: Record<string, string> },
): Promise<void> {
  await logAttemptSteps(db, input.attemptId, input.ip, [input]);
}

/** Several steps of one attempt, in the order given, by one insert. */
export async function logAttemptSteps(db: Queryable, attemptId: bigint, ip: string, steps: readonly AttemptStep[]): Promise<void> {
  await repository.insertAttemptLogs(
    db,
    steps.map((step) => ({ attemptId, message: step.message.slice(0, MESSAGE_MAX), ip, data: cleanData(step.data) })),
  );
}

/** The attempt's merchant (and transaction once charged); undefined for an unknown id. */
export async function attemptOwner(
  db: Queryable,
  attemptId: bigint,
): Promise<{ merchantUserId: bigint; transactionId: bigint | null } | undefined> {
  const row = await repository.findAttemptOwner(db, attemptId);
  return row && { merchantUserId: row.merchant_user_id, transactionId: row.transaction_id };
}

/** Ties the attempt to the transaction its charge created. */
export async function linkAttemptToTransaction(db: Queryable, attemptId: bigint, transactionId: bigint): Promise<void> {
  await repository.setAttemptTransaction(db, attemptId, transactionId);
}

export async function listLinkAttempts(
  db: Queryable,
  merchantUserId: bigint,
  paymentLinkId: bigint,
): Promise<{ id: bigint; uuid: string; ip: string; created_at: Date }[]> {
  return repository.listAttemptsOfLink(db, merchantUserId, paymentLinkId);
}

async function timelineOf(db: Queryable, attempt: repository.AttemptRow): Promise<AttemptLog> {
  const logs = await repository.listAttemptLogs(db, attempt.id);
  const entry = (row: { message: string; ip: string; data: Record<string, string>; created_at: Date }): AttemptLogEntry => ({
    message: row.message,
    ip: row.ip,
    created_at: new Date(row.created_at).toISOString(),
    transaction_uuid: attempt.transaction_uuid,
    payment_token: attempt.payment_token,
    data: row.data,
  });
  return { ...entry(attempt), logs: logs.map(entry) };
}

/**
 * The timeline of one attempt of the merchant, by the attempt's uuid or by the transaction it
 * made (the latest attempt that made it). Undefined for another merchant's or an unknown one.
 */
export async function getAttemptTimeline(
  db: Queryable,
  merchantUserId: bigint,
  attempt: { attemptUuid?: string; transactionId?: bigint },
): Promise<AttemptLog | undefined> {
  let row: repository.AttemptRow | undefined;
  if (attempt.attemptUuid !== undefined) row = await repository.findAttemptByUuid(db, merchantUserId, attempt.attemptUuid);
  else if (attempt.transactionId !== undefined) {
    row = (await repository.listAttemptsOfTransaction(db, merchantUserId, attempt.transactionId)).at(-1);
  }
  return row && timelineOf(db, row);
}

/** Every attempt that made the transaction, oldest first, each as a timeline. */
export async function listTransactionAttempts(db: Queryable, merchantUserId: bigint, transactionId: bigint): Promise<AttemptLog[]> {
  const rows = await repository.listAttemptsOfTransaction(db, merchantUserId, transactionId);
  const out: AttemptLog[] = [];
  for (const row of rows) out.push(await timelineOf(db, row));
  return out;
}
