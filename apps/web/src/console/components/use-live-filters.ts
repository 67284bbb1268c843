// The console's lists filter as the administrator types (a review queue is narrowed a few
// letters at a time), on the filter kit all the same: the filters live in the URL
// (hooks/use-url-filters.ts), the kit's Search Filter card shows them with Search and Clear, and
// a value the contract refuses shows its message under the field and is not sent. The draft is
// applied a moment after the last change instead of only at Search (useFilterDraft).
import { useEffect, useEffectEvent, useState } from 'react';
import type { z } from 'zod';
import type { FilterDraft } from '../../components/filters/use-filter-draft.ts';
import { sameFilters, useOwnUrlMoves } from '../../components/filters/use-own-url-moves.ts';
import type { UrlFilters } from '../../hooks/use-url-filters.ts';
import { checkFilters } from '../../lib/url-filters.ts';
import type { RawFilters } from '../../lib/url-filters.ts';

/** How long typing pauses before the list follows. */
const SETTLE_MS = 400;

export function useLiveFilters<S extends z.ZodObject>(schema: S, url: UrlFilters<S>): FilterDraft<S> {
  const [draft, setDraft] = useState<RawFilters<S>>(url.raw);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [source, setSource] = useState(url.raw);
  // What this draft applied or cleared whose URL has not arrived yet. The router renders a
  // navigation as a transition, which typing defers: the URL of an apply may arrive after the
  // administrator typed on, and is the draft's own move, not one to start again from.
  const ownMoves = useOwnUrlMoves<RawFilters<S>>();
  // The URL moved without this draft (back button, a link): start again from it, unless the
  // draft, checked, already says what the URL does. The draft's own apply is left alone, so a
  // space typed at the end of a word (trimmed in the URL) stays in the field, and so does what
  // was typed after it.
  if (source !== url.raw) {
    setSource(url.raw);
    if (!ownMoves.arrived(url.raw) && !sameFilters(checkFilters(schema, draft).valid, url.raw)) {
      setDraft(url.raw);
      setErrors({});
    }
  }

  // The draft is applied only when it would move the URL: compared with where the URL is going
  // (this draft's newest write still in flight), not where it is, so going back to the filters
  // the list shows before an apply landed still sends the URL back there.
  const apply = (values: RawFilters<S>) => {
    const checked = checkFilters(schema, values);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length === 0 && !sameFilters(checked.valid, ownMoves.expected(url.raw))) {
      ownMoves.wrote(checked.valid);
      url.apply(checked.valid);
    }
  };
  // The timer applies the draft against the URL as it is when it fires.
  const applySettled = useEffectEvent(() => apply(draft));
  const [edited, setEdited] = useState(0);
  useEffect(() => {
    if (edited === 0) return;
    const timer = window.setTimeout(applySettled, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, edited]);

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
      setEdited((count) => count + 1);
    },
    search: () => apply(draft),
    clear: () => {
      setDraft({});
      setErrors({});
      setEdited(0);
      // Recorded only when it moves the filters: a URL that does not change never arrives, and
      // would be waited for until a move from outside happened to match it.
      if (!sameFilters(ownMoves.expected(url.raw), {})) ownMoves.wrote({});
      url.clear();
    },
  };
}
