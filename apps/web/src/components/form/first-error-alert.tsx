// The first message of a form, shown above it (spec 1 screen 4, sign-up), in field order.
import { Alert } from '@mantine/core';
import type { FieldErrors, FieldValues } from 'react-hook-form';

export function FirstErrorAlert<T extends FieldValues>({
  errors,
  order,
}: {
  errors: FieldErrors<T>;
  order: readonly (keyof T & string)[];
}) {
  const first = order.map((field) => errors[field]?.message).find((message) => typeof message === 'string');
  if (typeof first !== 'string') return null;
  return (
    <Alert color="red" variant="light" role="alert" py="xs">
      {first}
    </Alert>
  );
}
