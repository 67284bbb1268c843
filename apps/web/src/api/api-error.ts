// What a failed call throws. `code` is the server's code (HTTP status equals it), or 0 when
// the request never got an answer (network or transport failure).
export const NETWORK_FAILURE_CODE = 0;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkFailure(): boolean {
    return this.code === NETWORK_FAILURE_CODE;
  }

  /** Validation errors: code 400 with data.errors = { field: message }. */
  get fieldErrors(): Record<string, string> {
    if (this.code !== 400 || typeof this.data !== 'object' || this.data === null) return {};
    const errors = (this.data as { errors?: unknown }).errors;
    if (typeof errors !== 'object' || errors === null) return {};
    const result: Record<string, string> = {};
    for (const [field, message] of Object.entries(errors)) {
      if (typeof message === 'string') result[field] = message;
    }
    return result;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
