// What every bound field of the kit takes: the form's `control` and the field's `name`, typed
// by the value the field holds (a text field only binds a string field).
import { useController } from 'react-hook-form';
import { requiredField } from '../required.ts';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';

export interface FieldBinding<T extends FieldValues, TOut, V> {
  control: Control<T, unknown, TOut>;
  name: FieldPathByValue<T, V>;
}

/** The field's value, its handlers and its first message, for a field holding a `V`. */
export function useBoundField<T extends FieldValues, TOut, V>({ control, name }: FieldBinding<T, TOut, V>) {
  const { field, fieldState } = useController({ control, name });
  // The ref travels under its own name: React's lint reads any object holding a `ref` as a ref.
  const { ref, value, onChange, ...rest } = field;
  return {
    ...rest,
    value: value as V,
    onChange: onChange as (value: V) => void,
    inputRef: ref,
    error: fieldState.error?.message,
  };
}

export interface TextInputBindingOptions {
  /** Marks the label (the rule itself is the schema's). */
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  /** Rewrites what is typed before it is kept: a card number in groups of four. */
  format?: ((typed: string) => string) | undefined;
}

/**
 * The props a Mantine text-like input (TextInput, Textarea, PasswordInput) takes from a bound
 * string field: its value, handlers, message and the required mark. One place, so the three
 * inputs cannot drift apart.
 */
export function useTextInputBinding<T extends FieldValues, TOut>(binding: FieldBinding<T, TOut, string>, options: TextInputBindingOptions) {
  const { inputRef, ...field } = useBoundField<T, TOut, string>(binding);
  return {
    ...(options.required ? requiredField : {}),
    name: field.name,
    inputRef,
    value: field.value ?? '',
    onChange: (event: { currentTarget: { value: string } }) =>
      field.onChange(options.format ? options.format(event.currentTarget.value) : event.currentTarget.value),
    onBlur: field.onBlur,
    disabled: options.disabled || field.disabled,
    error: field.error,
  };
}
