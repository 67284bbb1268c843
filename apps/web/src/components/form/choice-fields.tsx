// A checkbox bound to a boolean field, and a radio group bound to a string field.
import type { ReactNode } from 'react';
import { Checkbox, Group, Radio } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { requiredLabelProps } from '../required.ts';
import { useBoundField } from './field-binding.ts';
import type { FieldBinding } from './field-binding.ts';

export interface CheckboxFieldProps<T extends FieldValues, TOut> extends FieldBinding<T, TOut, boolean> {
  label: ReactNode;
  disabled?: boolean;
}

export function CheckboxField<T extends FieldValues, TOut>({ control, name, label, disabled }: CheckboxFieldProps<T, TOut>) {
  const { inputRef, ...field } = useBoundField<T, TOut, boolean>({ control, name });
  return (
    <Checkbox
      label={label}
      name={field.name}
      ref={inputRef}
      checked={field.value === true}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      disabled={disabled || field.disabled}
      error={field.error}
    />
  );
}

export interface RadioGroupFieldProps<T extends FieldValues, TOut> extends FieldBinding<T, TOut, string> {
  label: ReactNode;
  options: readonly { value: string; label: string }[];
  required?: boolean;
}

export function RadioGroupField<T extends FieldValues, TOut>({ control, name, label, options, required }: RadioGroupFieldProps<T, TOut>) {
  const { inputRef, ...field } = useBoundField<T, TOut, string>({ control, name });
  return (
    <Radio.Group
      label={label}
      name={field.name}
      labelProps={required ? requiredLabelProps : {}}
      value={field.value ?? ''}
      onChange={field.onChange}
      error={field.error}
    >
      <Group mt={6} gap="lg">
        {options.map((option, index) => (
          <Radio
            key={option.value}
            ref={index === 0 ? inputRef : undefined}
            value={option.value}
            label={option.label}
            onBlur={field.onBlur}
            disabled={field.disabled}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
