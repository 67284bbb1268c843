// The wallet chooser of the money forms, a bound field of the form kit: options show the
// currency code (spec 1 screens 13, 16, 18), the chosen wallet's available balance shows
// under the field, the field's message under that.
import { useWatch } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import type { TWallet } from '@paywallet/contract';
import { walletLabel } from '../hooks/use-wallet-list.ts';
import { formatAmount } from './amount.tsx';
import { SelectField } from './form/select-field.tsx';
import type { FieldBinding } from './form/field-binding.ts';

export interface WalletSelectFieldProps<T extends FieldValues, TOut> extends FieldBinding<T, TOut, string> {
  label: string;
  wallets: readonly TWallet[] | undefined;
  loading: boolean;
  disabled?: boolean;
}

export function WalletSelectField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  wallets,
  loading,
  disabled = false,
}: WalletSelectFieldProps<T, TOut>) {
  const chosenId = useWatch({ control, name }) as string | undefined;
  const chosen = wallets?.find((wallet) => String(wallet.id) === chosenId);
  const empty = !loading && wallets !== undefined && wallets.length === 0;
  return (
    <SelectField
      control={control}
      name={name}
      label={label}
      required
      loading={loading}
      placeholder={loading ? 'Loading wallets…' : empty ? 'No wallets available' : 'Choose a wallet'}
      data={(wallets ?? []).map((wallet) => ({ value: String(wallet.id), label: walletLabel(wallet) }))}
      disabled={disabled || empty}
      description={
        chosen ? `Available balance: ${formatAmount(chosen.available_balance, chosen.currency.code, chosen.currency.decimals)}` : undefined
      }
    />
  );
}
