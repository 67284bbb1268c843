// Expected failures travel as ApiError: a status code equal to the response code, a message
// the user can act on, and optional data (validation errors). Anything else is a programmer
// error: it answers 500 with no internals and is logged.
import type { z } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new ApiError(400, message, errors ? { errors } : null);
export const unauthorized = (message = 'Unauthenticated.') => new ApiError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, message);
export const notFound = (message = 'Not found.') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const unprocessable = (message: string, data: unknown = null) => new ApiError(422, message, data);
export const tooManyRequests = (retryAfterS: number, message = 'Too many attempts. Please try again later.') =>
  new ApiError(429, `${message}`, { retryAfter: retryAfterS }, { 'Retry-After': String(retryAfterS) });

/** The spec's validation shape: the first message, and one message per field. */
export function validationError(error: z.ZodError): ApiError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (!(field in errors)) errors[field] = issue.message;
  }
  const first = error.issues[0]?.message ?? 'The given data was invalid.';
  return new ApiError(400, first, { errors });
}

export const MALFORMED_REQUEST = 'The request could not be read.';
