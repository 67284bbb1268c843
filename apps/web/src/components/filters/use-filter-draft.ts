// What the filter bar's fields hold before Search: a draft of the URL's filters. It starts from
// the URL and follows it when the URL changes (back button, a link); Search checks it against the
// list's schema and applies the valid filters, or shows the contract's message under a field.
//
// The router renders a new URL in a transition, a moment after the address bar changed: what is
// typed in that moment (just after Clear or Search) must survive it. So the URL this draft wrote
// itself does not reset the draft when it lands; any other URL does.
import { useState } from 'react';
import type { z } from 'zod';
import type { UrlFilters } from '../../hooks/use-url-filters.ts';
import { checkFilters } from '../../lib/url-filters.ts';
import type { RawFilters } from '../../lib/url-filters.ts';

export interface FilterDraft<S extends z.ZodObject> {
  values: RawFilters<S>;
  errors: Partial<Record<keyof RawFilters<S>, string>>;
  /** Changes some fields of the draft (several at once for a cascade). */
  set: (change: RawFilters<S>) => void;
  search: () => void;
  clear: () => void;
}

/** The filters as one comparable text: blank fields dropped, values trimmed, keys in order. */
function filtersKey(raw: Record<string, string | undefined>): string {
  const kept = Object.entries(raw)
    .map(([key, value]) => [key, value?.trim() ?? ''] as const)
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(kept);
}

export function useFilterDraft<S extends z.ZodObject>(schema: S, url: UrlFilters<S>): FilterDraft<S> {
  const [draft, setDraft] = useState<RawFilters<S>>(url.raw);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [source, setSource] = useState(url.raw);
  // The filters this draft last wrote to the URL, until that URL lands.
  const [written, setWritten] = useState<string | null>(null);
  // The URL moved (url.raw keeps its identity while the URL stays): start again from it, unless
  // it is the URL this draft wrote, whose fields the draft already holds (and may have moved on from).
  if (source !== url.raw) {
    setSource(url.raw);
    setWritten(null);
    if (written === null || filtersKey(url.raw) !== written) {
      setDraft(url.raw);
      setErrors({});
    }
  }
  return {
    values: draft,
    errors: errors as FilterDraft<S>['errors'],
    set: (change) => {
      setDraft((current) => ({ ...current, ...change }));
      setErrors((current) => {
        const next = { ...current };
        for (const key of Object.keys(change)) delete next[key];
        return next;
      });
    },
    search: () => {
      const checked = checkFilters(schema, draft);
      setErrors(checked.errors);
      if (Object.keys(checked.errors).length > 0) return;
      setWritten(filtersKey(checked.valid));
      url.apply(checked.valid);
    },
    clear: () => {
      setDraft({});
      setErrors({});
      setWritten(filtersKey({}));
      url.clear();
    },
  };
}
