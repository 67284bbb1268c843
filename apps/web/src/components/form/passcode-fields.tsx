// The 4-digit passcode (DECISIONS 12: exactly 4 digits) on its own (passcode login) and as the
// pair a new passcode needs (set passcode, reset pin): Passcode and Confirm Passcode. The rule
// and its messages are the contract's (zPasscode, the confirm refinement).
import { Stack } from '@mantine/core';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { LIMITS } from '@paywallet/contract';
import { PasswordField } from './password-field.tsx';
import type { PasswordFieldProps } from './password-field.tsx';
import type { FieldBinding } from './field-binding.ts';

export type PasscodeFieldProps<T extends FieldValues, TOut> = Omit<PasswordFieldProps<T, TOut>, 'label'> & { label?: string };

export function PasscodeField<T extends FieldValues, TOut>({ label = 'Passcode', ...props }: PasscodeFieldProps<T, TOut>) {
  return (
    <PasswordField
      label={label}
      inputMode="numeric"
      autoComplete="current-password"
      maxLength={LIMITS.passcodeLength}
      required
      {...props}
    />
  );
}

export interface PasscodePairFieldProps<T extends FieldValues, TOut> extends Pick<FieldBinding<T, TOut, string>, 'control'> {
  /** The two fields: the new passcode and its confirmation. */
  names: { passcode: FieldPathByValue<T, string>; confirm: FieldPathByValue<T, string> };
}

export function PasscodePairField<T extends FieldValues, TOut>({ control, names }: PasscodePairFieldProps<T, TOut>) {
  return (
    <Stack gap="md">
      <PasscodeField control={control} name={names.passcode} autoComplete="new-password" />
      <PasscodeField control={control} name={names.confirm} label="Confirm Passcode" autoComplete="new-password" />
    </Stack>
  );
}
