// Validation errors from the server (code 400, data.errors) are shown next to their fields.
// `rename` maps a wire name to the form's field where they differ (payerAccountId -> walletId).
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error.ts';

export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  knownFields: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): void {
  if (!isApiError(error)) return;
  for (const [wireField, message] of Object.entries(error.fieldErrors)) {
    const field = rename[wireField] ?? wireField;
    if (knownFields.includes(field)) setError(field as Path<T>, { type: 'server', message });
  }
}
