// The six one-time-code boxes (components/otp-input.tsx, paste fills them all) bound to a
// string field; an incomplete code reads as 'The otp field is required' (the form schema's).
import type { FieldValues } from 'react-hook-form';
import { OtpInput } from '../otp-input.tsx';
import { useBoundField } from './field-binding.ts';
import type { FieldBinding } from './field-binding.ts';

export interface OtpFieldProps<T extends FieldValues, TOut> extends FieldBinding<T, TOut, string> {
  label?: string;
}

export function OtpField<T extends FieldValues, TOut>({ control, name, label }: OtpFieldProps<T, TOut>) {
  const { inputRef, ...field } = useBoundField<T, TOut, string>({ control, name });
  return (
    <OtpInput
      {...(label ? { label } : {})}
      ref={inputRef}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={field.disabled}
      error={field.error}
    />
  );
}
