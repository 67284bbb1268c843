// Validation errors from the server (code 400, data.errors) are shown next to their fields.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error.ts';

export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  knownFields: readonly string[],
): void {
  if (!isApiError(error)) return;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (knownFields.includes(field)) setError(field as Path<T>, { type: 'server', message });
  }
}
