// What the filter bar's fields hold before Search: a draft of the URL's filters. It starts from
// the URL and follows it when the URL changes (back button, a link); Search checks it against the
// list's schema and applies the valid filters, or shows the contract's message under a field.
//
// The router renders a new URL in a transition, a moment after the address bar changed: what is
// typed in that moment (just after Clear or Search) must survive it. So a URL this draft wrote
// itself does not reset the draft when it lands, even after a second Search or Clear made before
// it landed; any other URL does (use-own-url-moves.ts tells the two apart).
import { useState } from 'react';
import type { z } from 'zod';
import type { UrlFilters } from '../../hooks/use-url-filters.ts';
import { checkFilters } from '../../lib/url-filters.ts';
import type { RawFilters } from '../../lib/url-filters.ts';
import { useOwnUrlMoves } from './use-own-url-moves.ts';

export interface FilterDraft<S extends z.ZodObject> {
  values: RawFilters<S>;
  errors: Partial<Record<keyof RawFilters<S>, string>>;
  /** Changes some fields of the draft (several at once for a cascade). */
  set: (change: RawFilters<S>) => void;
  search: () => void;
  clear: () => void;
}

export function useFilterDraft<S extends z.ZodObject>(schema: S, url: UrlFilters<S>): FilterDraft<S> {
  const [draft, setDraft] = useState<RawFilters<S>>(url.raw);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [source, setSource] = useState(url.raw);
  // The filters this draft wrote to the URL (each Search and each Clear) until their URL lands.
  const ownMoves = useOwnUrlMoves<RawFilters<S>>();
  // The URL moved (url.raw keeps its identity while the URL stays): start again from it, unless
  // it is a URL this draft wrote, whose fields the draft already holds (and may have moved on from).
  if (source !== url.raw) {
    setSource(url.raw);
    if (!ownMoves.arrived(url.raw)) {
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
      ownMoves.wrote(checked.valid);
      url.apply(checked.valid);
    },
    clear: () => {
      setDraft({});
      setErrors({});
      ownMoves.wrote({});
      url.clear();
    },
  };
}
