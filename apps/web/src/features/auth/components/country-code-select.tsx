// A searchable picker of country calling codes; reports the dial code (e.g. '+971').
import { useState } from 'react';
import { Select } from '@mantine/core';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { COUNTRY_CODES, DEFAULT_COUNTRY_ISO } from './country-codes.ts';
import { requiredField } from '../../../components/required.ts';

const OPTIONS = COUNTRY_CODES.map(({ iso, dial }) => ({ value: iso, label: `${dial} ${iso}` }));
const NAME_BY_ISO = new Map(COUNTRY_CODES.map(({ iso, name }) => [iso, name]));

// Searching by the country's name finds it too, not only by the code shown.
const filterByCodeOrName: OptionsFilter = ({ options, search }) => {
  const needle = search.trim().toLowerCase();
  return (options as ComboboxItem[]).filter((option) =>
    `${option.label} ${NAME_BY_ISO.get(option.value) ?? ''}`.toLowerCase().includes(needle),
  );
};

export interface CountryCodeSelectProps {
  onChange: (dialCode: string) => void;
  error?: string | undefined;
}

export function CountryCodeSelect({ onChange, error }: CountryCodeSelectProps) {
  const [iso, setIso] = useState<string>(DEFAULT_COUNTRY_ISO);
  return (
    <Select
      label="Code"
      aria-label="Country Code"
      data={OPTIONS}
      value={iso}
      onChange={(next) => {
        if (!next) return;
        setIso(next);
        onChange(COUNTRY_CODES.find((country) => country.iso === next)?.dial ?? '');
      }}
      searchable
      allowDeselect={false}
      filter={filterByCodeOrName}
      renderOption={({ option }) => `${option.label} · ${NAME_BY_ISO.get(option.value) ?? ''}`}
      comboboxProps={{ width: 280, position: 'bottom-start' }}
      nothingFoundMessage="No country found"
      error={error}
      w={130}
      {...requiredField}
    />
  );
}
