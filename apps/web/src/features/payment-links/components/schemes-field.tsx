// The schemas multiselect, bound to a list of ids (as text), with its message under it.
import { Loader, MultiSelect } from '@mantine/core';
import type { MultiSelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { requiredField } from '../../../components/required.ts';
import { useBoundField, type FieldBinding } from '../../../components/form/field-binding.ts';

export interface SchemesFieldProps<T extends FieldValues, TOut>
  extends
    FieldBinding<T, TOut, string[]>,
    Omit<MultiSelectProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name' | 'required'> {
  required?: boolean;
  loading?: boolean;
}

export function SchemesField<T extends FieldValues, TOut>({
  control,
  name,
  required,
  loading = false,
  disabled,
  ...select
}: SchemesFieldProps<T, TOut>) {
  const { inputRef, ...field } = useBoundField<T, TOut, string[]>({ control, name });
  return (
    <MultiSelect
      comboboxProps={{ withinPortal: true }}
      rightSection={loading ? <Loader size="xs" /> : undefined}
      {...select}
      {...(required ? requiredField : {})}
      name={field.name}
      ref={inputRef}
      value={field.value ?? []}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      disabled={disabled || field.disabled}
      error={field.error}
    />
  );
}
