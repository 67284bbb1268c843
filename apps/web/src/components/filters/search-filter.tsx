// A free-text filter (a transaction id, a keyword). Enter runs the filter bar's Search, as the
// field sits inside its form.
import { TextInput } from '@mantine/core';
import { PAGE_LIMITS } from '@paywallet/contract';

export interface SearchFilterProps {
  label: string;
  placeholder?: string;
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string | undefined;
}

export function SearchFilter({ label, placeholder, value, onChange, error }: SearchFilterProps) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type="search"
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={PAGE_LIMITS.searchMaxChars}
      error={error}
    />
  );
}
