// The one searchable select of the kit (DECISIONS 37), used by every searchable filter (stores,
// channels, MCC, customers): type at least 2 characters and press Enter to ask the server; the
// options are read from the answer's `data`; an answer with code 205 counts as 200; no match shows
// 'No data available'. Arrow keys and Enter pick an option once the list is open; the x clears.
import { useState } from 'react';
import { CloseButton, Combobox, InputBase, Loader, Text, useCombobox } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PAGE_LIMITS, TEXTS } from '@paywallet/contract';
import type { CallDef, TCallRequest, TCallResponse } from '@paywallet/contract';
import { isApiError } from '../../api/api-error.ts';
import { call } from '../../api/client.ts';
import { showToast } from '../../lib/toast.ts';

/** The code the original server answered a search with; our server answers 200 (DECISIONS 37). */
const SEARCH_DONE_NO_CONTENT = 205;

export interface SearchSelectOption<Item> {
  value: string;
  label: string;
  item: Item;
}

export interface SearchSelectProps<C extends CallDef, Item> {
  label: string;
  placeholder?: string;
  call: C;
  /** The body of one search. */
  request: (search: string) => TCallRequest<C>;
  /** The options in an answer's data. */
  options: (data: TCallResponse<C>) => SearchSelectOption<Item>[];
  /** The options offered before any search (say, the first page of the list). */
  initialOptions?: SearchSelectOption<Item>[];
  value: string | null;
  /** What the field shows for `value` (a value restored from the URL is not among any options yet). */
  valueLabel?: string | undefined;
  onChange: (option: SearchSelectOption<Item> | null) => void;
  disabled?: boolean;
}

/** One search: answers with code 205 are read like 200; other failures toast as any call does. */
async function search<C extends CallDef>(def: C, body: TCallRequest<C>, signal: AbortSignal): Promise<TCallResponse<C>> {
  try {
    return await call(def, body, { signal, errorToast: false });
  } catch (error) {
    if (isApiError(error) && error.code === SEARCH_DONE_NO_CONTENT) {
      const parsed = def.response.safeParse(error.data);
      if (parsed.success) return parsed.data as TCallResponse<C>;
    }
    if (error instanceof Error && error.name !== 'AbortError') showToast('error', error.message || TEXTS.anError);
    throw error;
  }
}

export function SearchSelect<C extends CallDef, Item>(props: SearchSelectProps<C, Item>) {
  const { label, placeholder = 'Type and press Enter', value, valueLabel, onChange, disabled = false } = props;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  /** What the user is typing; null while the field shows the chosen option. */
  const [typed, setTyped] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const results = useQuery({
    queryKey: [props.call.path, 'search-select', submitted],
    queryFn: ({ signal }) => search(props.call, props.request(submitted), signal),
    enabled: submitted.length >= PAGE_LIMITS.searchMinChars,
  });

  const options = submitted && results.data ? props.options(results.data) : (props.initialOptions ?? []);
  const chosenLabel = options.find((option) => option.value === value)?.label ?? valueLabel ?? '';

  const runSearch = () => {
    const text = (typed ?? '').trim();
    setTooShort(text.length < PAGE_LIMITS.searchMinChars);
    if (text.length >= PAGE_LIMITS.searchMinChars) setSubmitted(text);
    combobox.openDropdown();
  };

  const choose = (optionValue: string) => {
    const option = options.find((item) => item.value === optionValue) ?? null;
    onChange(option);
    setTyped(null);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
      <Combobox.Target withExpandedAttribute>
        <InputBase
          label={label}
          placeholder={placeholder}
          disabled={disabled}
          value={typed ?? chosenLabel}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setTooShort(false);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setTyped(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // Enter on a highlighted option picks it (the combobox does that); otherwise it searches.
            if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
            // Never submit the form around the field.
            event.preventDefault();
            runSearch();
          }}
          rightSection={
            results.isFetching ? (
              <Loader size={16} />
            ) : value ? (
              <CloseButton
                size="sm"
                aria-label={`Clear ${label}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  onChange(null);
                  setTyped(null);
                }}
              />
            ) : (
              <Combobox.Chevron />
            )
          }
          rightSectionPointerEvents={value ? 'all' : 'none'}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {tooShort || (!submitted && options.length === 0) ? (
            <Combobox.Empty>Type at least {PAGE_LIMITS.searchMinChars} characters and press Enter</Combobox.Empty>
          ) : results.isError && submitted ? (
            <Combobox.Empty>
              <Text size="sm" c="red">
                {results.error.message}
              </Text>
            </Combobox.Empty>
          ) : options.length === 0 ? (
            <Combobox.Empty>{results.isFetching ? 'Searching…' : TEXTS.noData}</Combobox.Empty>
          ) : (
            options.map((option) => (
              <Combobox.Option value={option.value} key={option.value} active={option.value === value}>
                {option.label}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
