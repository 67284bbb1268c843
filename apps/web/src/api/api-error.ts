// What a failed call throws. `code` is the server's code (HTTP status equals it), or 0 when
// the request never got an answer (network or transport failure). `reason` is the refusal's
// name from the contract's error table (packages/contract/src/errors.ts), so screens tell
// refusals apart by name, never by their words or by a status number.
import type { TErrorName } from '@paywallet/contract';

/**
 * How a refusal's name is spelt. The client checks the shape only, not membership of the
 * contract's error table: looking a name up there would put the whole table, every message of
 * every area, into the first script every page loads (the sign-in page's weight budget). The
 * server names only the table's errors, and screens compare reasons with names the type checks.
 */
const ERROR_NAME_SHAPE = /^[A-Z][A-Z0-9_]{0,63}$/;

export const NETWORK_FAILURE_CODE = 0;

/** A field message longer than this is not shown as sent (a misbehaving server, not a user). */
const FIELD_MESSAGE_CHARS_MAX = 500;

export class ApiError extends Error {
  /** The refusal's name; undefined for a network failure or an answer that named none. */
  readonly reason: TErrorName | undefined;

  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    reason?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.reason = typeof reason === 'string' && ERROR_NAME_SHAPE.test(reason) ? (reason as TErrorName) : undefined;
  }

  get isNetworkFailure(): boolean {
    return this.code === NETWORK_FAILURE_CODE;
  }

  /**
   * The field messages of the refusal, `data.errors` = { field: message }, as the server sends
   * them: on a 400 VALIDATION_FAILED, and on other refusals that name a field (EMAIL_TAKEN).
   */
  get fieldErrors(): Record<string, string> {
    if (typeof this.data !== 'object' || this.data === null) return {};
    const errors = (this.data as { errors?: unknown }).errors;
    if (typeof errors !== 'object' || errors === null) return {};
    const result: Record<string, string> = {};
    for (const [field, message] of Object.entries(errors)) {
      if (typeof message === 'string' && message.length > 0) result[field] = message.slice(0, FIELD_MESSAGE_CHARS_MAX);
    }
    return result;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
