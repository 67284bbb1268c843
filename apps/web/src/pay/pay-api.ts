// The checkout page's client: the two public calls, sealed in the same encrypted envelope as the
// web app's calls (api/envelope.ts), without the app's session, toasts or storage. A refusal is
// thrown as a CheckoutError carrying its name and the field messages of a validation failure.
import type { TCheckout, TCheckoutPayment, TGetCheckoutRequest, TPayCheckoutRequest } from '@paywallet/contract';
import { openResponse, sealRequest } from '../api/envelope.ts';
import { forgetServerKey, getServerKey } from '../api/public-key.ts';
import { CALL_TIMEOUT_MS } from '../api/limits.ts';

export const NETWORK_MESSAGE = 'We could not reach the server. Please check your connection and try again.';

export class CheckoutError extends Error {
  constructor(
    message: string,
    /** The refusal's name (errors.ts), or 'NETWORK' when no answer came. */
    readonly reason: string,
    /** Field messages of a validation failure, by field path ('card.number'). */
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  reason?: string;
}

function fieldErrorsOf(data: unknown): Record<string, string> {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string') out[field] = text.slice(0, 300);
  }
  return out;
}

async function sendOnce<T>(path: string, payload: unknown): Promise<{ envelope: Envelope<T> | undefined; sealed: boolean }> {
  const signal = AbortSignal.timeout(CALL_TIMEOUT_MS);
  const sealed = await sealRequest(await getServerKey(), `v1/${path}`, payload);
  const response = await fetch('/api', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(sealed.body),
    signal,
  });
  const body: unknown = await response.json();
  const answer = (body as { payload?: unknown } | null)?.payload;
  if (typeof answer === 'string') return { envelope: (await openResponse(sealed.key, answer)) as Envelope<T>, sealed: true };
  return { envelope: body as Envelope<T>, sealed: false };
}

async function call<T>(path: string, payload: unknown): Promise<T> {
  let envelope: Envelope<T> | undefined;
  try {
    let sent = await sendOnce<T>(path, payload);
    // The server could not open the envelope: its key may have been replaced. Once more.
    if (!sent.sealed && sent.envelope?.code === 400) {
      forgetServerKey();
      sent = await sendOnce<T>(path, payload);
    }
    envelope = sent.envelope;
  } catch {
    throw new CheckoutError(NETWORK_MESSAGE, 'NETWORK');
  }
  if (!envelope || typeof envelope.code !== 'number') throw new CheckoutError(NETWORK_MESSAGE, 'NETWORK');
  if (envelope.code === 200) return envelope.data;
  throw new CheckoutError(
    envelope.message || 'Something went wrong. Please try again.',
    envelope.reason ?? 'UNKNOWN',
    fieldErrorsOf(envelope.data),
  );
}

export const getCheckout = (request: TGetCheckoutRequest) => call<TCheckout>('get-checkout', request);
export const payCheckout = (request: TPayCheckoutRequest) => call<TCheckoutPayment>('pay-checkout', request);
