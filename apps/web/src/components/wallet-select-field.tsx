// A wallet chooser for the money forms: options show the currency code (spec 1 screens 13, 16,
// 18), the chosen wallet's available balance shows under the field.
import type { Ref } from 'react';
import { Loader, Select } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import type { TWallet } from '@paywallet/contract';
import { walletLabel } from '../hooks/use-wallet-list.ts';
import { formatAmount } from './amount.tsx';
import { requiredField } from './required.ts';

export interface WalletSelectFieldProps {
  label: string;
  wallets: readonly TWallet[] | undefined;
  loading: boolean;
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function WalletSelectField({
  label,
  wallets,
  loading,
  value,
  onChange,
  onBlur,
  error,
  disabled = false,
  ref,
}: WalletSelectFieldProps) {
  const chosen = wallets?.find((wallet) => String(wallet.id) === value);
  const empty = !loading && wallets !== undefined && wallets.length === 0;
  return (
    <Select
      ref={ref}
      label={label}
      {...requiredField}
      placeholder={loading ? 'Loading wallets…' : empty ? 'No wallets available' : 'Choose a wallet'}
      data={(wallets ?? []).map((wallet) => ({ value: String(wallet.id), label: walletLabel(wallet) }))}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      allowDeselect={false}
      disabled={disabled || loading || empty}
      rightSection={loading ? <Loader size="xs" /> : undefined}
      description={
        chosen ? `Available balance: ${formatAmount(chosen.available_balance, chosen.currency.code, chosen.currency.decimals)}` : undefined
      }
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export interface WalletSelectControlProps<T extends FieldValues, TContext, TOut extends FieldValues> extends Omit<
  WalletSelectFieldProps,
  'value' | 'onChange' | 'onBlur' | 'ref' | 'error'
> {
  control: Control<T, TContext, TOut>;
  /** A form field holding the chosen wallet id as a string ('' for none). */
  name: FieldPathByValue<T, string>;
}

/** The wallet chooser bound to a react-hook-form field, with the field's error under it. */
export function WalletSelectControl<T extends FieldValues, TContext, TOut extends FieldValues>({
  control,
  name,
  ...fieldProps
}: WalletSelectControlProps<T, TContext, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <WalletSelectField
          {...fieldProps}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
