// A password input bound to a string field: Mantine's show/hide toggle, the message under it.
import { PasswordInput } from '@mantine/core';
import type { PasswordInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useTextInputBinding } from './field-binding.ts';
import type { FieldBinding } from './field-binding.ts';

export interface PasswordFieldProps<T extends FieldValues, TOut>
  extends
    FieldBinding<T, TOut, string>,
    Omit<PasswordInputProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name' | 'required'> {
  required?: boolean;
}

export function PasswordField<T extends FieldValues, TOut>({ control, name, required, disabled, ...input }: PasswordFieldProps<T, TOut>) {
  const { inputRef, ...bound } = useTextInputBinding({ control, name }, { required, disabled });
  return <PasswordInput {...input} {...bound} ref={inputRef} />;
}
