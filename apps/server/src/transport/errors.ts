// Expected failures are named (packages/contract/src/errors.ts): a handler fails with a name,
// `fail('WALLET_NOT_FOUND')`, and the dispatcher answers `{ code: status, reason: name,
// message, data }`. Anything else thrown is a programmer error: it answers INTERNAL_ERROR
// with no internals, and is logged.
import type { z } from 'zod';
import { ERRORS, errorStatus, type TErrorName, type TErrorParams } from '@paywallet/contract';

export interface FailureExtras {
  /** `data` of the answer, e.g. the id of a transaction a refused payment recorded. */
  data?: unknown;
  /** Field messages, sent as `data.errors` (forms show them next to their fields). */
  fieldErrors?: Record<string, string>;
  /** Headers of the HTTP answer (Retry-After). */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly headers: Record<string, string>;

  constructor(
    readonly reason: TErrorName,
    message: string,
    extras: FailureExtras = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus(reason);
    this.data = extras.fieldErrors ? { ...(extras.data as object | undefined), errors: extras.fieldErrors } : (extras.data ?? null);
    this.headers = extras.headers ?? {};
  }
}

type FailArgs<N extends TErrorName> = [TErrorParams<N>] extends [never]
  ? [extras?: FailureExtras]
  : [params: TErrorParams<N>, extras?: FailureExtras];

/** The error of a name, with the message's parameters when it takes any. */
export function failure<N extends TErrorName>(name: N, ...args: FailArgs<N>): AppError {
  const message: unknown = ERRORS[name].message;
  if (typeof message === 'function') {
    const [params, extras] = args as [unknown, FailureExtras | undefined];
    return new AppError(name, (message as (params: unknown) => string)(params), extras);
  }
  const [extras] = args as [FailureExtras | undefined];
  return new AppError(name, message as string, extras);
}

/** Fails the call with a named error: `if (!wallet) fail('WALLET_NOT_FOUND')`. */
export function fail<N extends TErrorName>(name: N, ...args: FailArgs<N>): never {
  throw failure(name, ...args);
}

/** A field that fails a rule the schema cannot see (a file, a KYC answer): the validation shape. */
export function fieldFailure(fieldErrors: Record<string, string>): AppError {
  const first = Object.values(fieldErrors)[0] ?? 'The given data was invalid.';
  return new AppError('VALIDATION_FAILED', first, { fieldErrors });
}

/** The spec's validation shape: the first message, and one message per field. */
export function validationFailure(error: z.ZodError): AppError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (!(field in errors)) errors[field] = issue.message;
  }
  return fieldFailure(errors);
}

/** The answer of a refusal, as every transport sends it. */
export function refusalEnvelope(error: AppError) {
  return { code: error.status, reason: error.reason, message: error.message, data: error.data };
}
