// A select bound to a string field ('' for nothing chosen), with its message under it.
import { Loader, Select } from '@mantine/core';
import type { SelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { requiredField } from '../required.ts';
import { useBoundField } from './field-binding.ts';
import type { FieldBinding } from './field-binding.ts';

export interface SelectFieldProps<T extends FieldValues, TOut>
  extends
    FieldBinding<T, TOut, string>,
    Omit<SelectProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name' | 'required'> {
  required?: boolean;
  /** The options are still loading: a spinner, and no choice yet. */
  loading?: boolean;
}

export function SelectField<T extends FieldValues, TOut>({
  control,
  name,
  required,
  loading = false,
  disabled,
  ...select
}: SelectFieldProps<T, TOut>) {
  const { inputRef, ...field } = useBoundField<T, TOut, string>({ control, name });
  return (
    <Select
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      rightSection={loading ? <Loader size="xs" /> : undefined}
      // A search highlights its first match, so Enter picks it (the MCC catalogue, issue 15).
      selectFirstOptionOnChange={select.searchable === true}
      {...select}
      {...(required ? requiredField : {})}
      name={field.name}
      ref={inputRef}
      value={field.value || null}
      onChange={(value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      disabled={disabled || loading || field.disabled}
      error={field.error}
    />
  );
}
