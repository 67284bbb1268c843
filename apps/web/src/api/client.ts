// The typed client: call(callDef, body) sends one call through the encrypted envelope and
// applies the spec's error catalogue (spec 1 section 8) in one place:
//   200       -> 'Success' toast with the server message (reads stay quiet), data returned
//   401       -> error toast with the server message (unless suppressed), client state cleared,
//                and the app is told (session-events), which sends the user to send-otp
//   other     -> error toast with the server message ('An error occurred' when empty)
//   no answer -> '👋 An error occurred': the network is down, the server unreachable, or no
//                answer came within CALL_TIMEOUT_MS (api/limits.ts), so no button spins for long
// Every failure is thrown as an ApiError carrying the refusal's name (`reason`), so forms can
// show field errors and screens can tell refusals apart and offer a retry. No call is ever
// dropped or queued behind another (DECISIONS 4).
import { TEXTS } from '@paywallet/contract';
import type { CallDef, TCallRequest, TCallResponse, TEnvelope } from '@paywallet/contract';
import { clearClientState, localState } from '../lib/storage.ts';
import { showToast } from '../lib/toast.ts';
import { ApiError, NETWORK_FAILURE_CODE } from './api-error.ts';
import { openResponse, sealRequest } from './envelope.ts';
import { forgetServerKey, getServerKey } from './public-key.ts';
import { CALL_TIMEOUT_MS } from './limits.ts';
import { emitSessionEnded } from './session-events.ts';

export interface CallOptions {
  /** Show the 'Success' toast. Default: yes, except for reads (paths starting with get-, or of kind 'read' such as admin/get-stores or notifications). */
  successToast?: boolean;
  /** Show error toasts, the 401's included. Default: yes. The 401 sign-out happens either way. */
  errorToast?: boolean;
  /** The caller's cancellation (a screen left): the call rejects with its abort, and no toast. */
  signal?: AbortSignal;
}

const ENVELOPE_URL = '/api';
/** One retry when the server could not open the envelope: its key may have been replaced. */
const ENVELOPE_ATTEMPTS_MAX = 2;

export function authHeaders(): Record<string, string> {
  const token = localState.get('accessToken');
  return token ? { accessToken: token } : {};
}

function isEnvelope(value: unknown): value is TEnvelope {
  return typeof value === 'object' && value !== null && typeof (value as TEnvelope).code === 'number';
}

/**
 * Rejects as soon as `signal` aborts, so a wait that cannot itself be cancelled (the server key,
 * shared by every call) is bounded by the call's own time limit.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

interface Answer {
  body: unknown;
  /** False when the server answered in the clear: it could not open the envelope. */
  wasSealed: boolean;
}

async function sendOnce(path: string, payload: unknown, signal: AbortSignal): Promise<Answer> {
  const sealed = await sealRequest(await untilAborted(getServerKey(), signal), `v1/${path}`, payload);
  const response = await fetch(ENVELOPE_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders() },
    body: JSON.stringify(sealed.body),
    signal,
  });
  const body: unknown = await response.json();
  const sealedAnswer = (body as { payload?: unknown } | null)?.payload;
  if (typeof sealedAnswer === 'string') return { body: await openResponse(sealed.key, sealedAnswer), wasSealed: true };
  return { body, wasSealed: false };
}

async function send(path: string, payload: unknown, callerSignal?: AbortSignal): Promise<TEnvelope> {
  // One limit for the whole call: the server key, both envelope attempts, the answer's body.
  const deadline = AbortSignal.timeout(CALL_TIMEOUT_MS);
  const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline;
  let answer: Answer = { body: undefined, wasSealed: false };
  for (let attempt = 1; attempt <= ENVELOPE_ATTEMPTS_MAX; attempt += 1) {
    try {
      answer = await sendOnce(path, payload, signal);
    } catch (error) {
      // Cancelled by its caller: nobody waits for this answer, so there is nothing to report.
      if (callerSignal?.aborted) throw error;
      const why = deadline.aborted ? `had no answer within ${CALL_TIMEOUT_MS} ms` : 'got no readable answer';
      console.error(`Call ${path} ${why}`, error);
      throw new ApiError(NETWORK_FAILURE_CODE, TEXTS.networkError);
    }
    // A plain 400 (no sealed payload) means the envelope itself was refused.
    const refusedEnvelope = !answer.wasSealed && isEnvelope(answer.body) && answer.body.code === 400;
    if (!refusedEnvelope || attempt === ENVELOPE_ATTEMPTS_MAX) break;
    forgetServerKey();
  }
  if (!isEnvelope(answer.body)) throw new ApiError(NETWORK_FAILURE_CODE, TEXTS.networkError);
  return answer.body;
}

/** Applies the error catalogue to an answer; returns its data or throws an ApiError. */
export function settleEnvelope<C extends CallDef>(def: C, envelope: TEnvelope, options: CallOptions = {}): TCallResponse<C> {
  const { code, message, data, reason } = envelope;
  if (code === 200) {
    if (options.successToast ?? (!def.path.startsWith('get-') && def.kind !== 'read')) showToast('success', message || 'Success');
    const parsed = def.response.safeParse(data);
    if (parsed.success) return parsed.data as TCallResponse<C>;
    console.error(`The answer of ${def.path} does not match the contract`, parsed.error);
    return data as TCallResponse<C>;
  }
  if (options.errorToast ?? true) showToast('error', message || TEXTS.anError);
  if (code === 401) {
    clearClientState();
    emitSessionEnded('unauthorized');
  }
  throw new ApiError(code, message || TEXTS.anError, data, reason);
}

export function reportNetworkFailure(error: unknown, options: CallOptions): never {
  if (error instanceof ApiError && error.isNetworkFailure && (options.errorToast ?? true)) {
    showToast('error', TEXTS.networkError);
  }
  throw error;
}

export async function call<C extends CallDef>(def: C, body: TCallRequest<C>, options: CallOptions = {}): Promise<TCallResponse<C>> {
  let envelope: TEnvelope;
  try {
    envelope = await send(def.path, body, options.signal);
  } catch (error) {
    return reportNetworkFailure(error, options);
  }
  return settleEnvelope(def, envelope, options);
}
