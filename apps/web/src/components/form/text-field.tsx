// A text input bound to a string field, with its message under it.
import { Textarea, TextInput } from '@mantine/core';
import type { TextareaProps, TextInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useTextInputBinding } from './field-binding.ts';
import type { FieldBinding } from './field-binding.ts';

type Bound = 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name' | 'required';

export interface TextFieldProps<T extends FieldValues, TOut> extends FieldBinding<T, TOut, string>, Omit<TextInputProps, Bound> {
  /** Marks the label (the rule itself is the schema's). */
  required?: boolean;
  /** Rewrites what is typed before it is kept: a card number in groups of four. */
  format?: (typed: string) => string;
}

export function TextField<T extends FieldValues, TOut>({ control, name, required, format, disabled, ...input }: TextFieldProps<T, TOut>) {
  const { inputRef, ...bound } = useTextInputBinding({ control, name }, { required, disabled, format });
  return <TextInput {...input} {...bound} ref={inputRef} />;
}

export interface TextareaFieldProps<T extends FieldValues, TOut> extends FieldBinding<T, TOut, string>, Omit<TextareaProps, Bound> {
  required?: boolean;
}

export function TextareaField<T extends FieldValues, TOut>({ control, name, required, disabled, ...input }: TextareaFieldProps<T, TOut>) {
  const { inputRef, ...bound } = useTextInputBinding({ control, name }, { required, disabled });
  return <Textarea {...input} {...bound} ref={inputRef} />;
}
