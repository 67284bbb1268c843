// The amount of a money form: the user types major units as text ('25.50'); the form schema's
// zAmountInput (lib/amount-input.ts) checks it with the decAmount rule and outputs minor units
// (x100). Letters are not swallowed: typing one shows 'Only numeric characters are allowed'.
import type { FieldValues } from 'react-hook-form';
import { TextField } from './text-field.tsx';
import type { TextFieldProps } from './text-field.tsx';

export type AmountFieldProps<T extends FieldValues, TOut> = Omit<TextFieldProps<T, TOut>, 'label' | 'format'> & { label?: string };

export function AmountField<T extends FieldValues, TOut>({ label = 'Amount', ...props }: AmountFieldProps<T, TOut>) {
  return <TextField label={label} inputMode="decimal" placeholder="0.00" autoComplete="off" required {...props} />;
}
