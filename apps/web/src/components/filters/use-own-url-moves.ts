// Tells a filter draft's own moves of the URL from moves made by anything else. A draft (the
// filter bar's fields, useFilterDraft and the console's useLiveFilters) writes its filters to the
// URL on Search, on Clear, or a moment after typing stops. The router renders a navigation as a
// transition, which typing defers, so the URL of such a write can arrive after the user typed
// more: it is the draft's own move, and must not put the fields back to what they held when it
// was written. Any other new URL (the back button, a link) is a move from outside, and the draft
// starts again from it.
//
// So the draft records each write here, and asks, when the URL changes, whether the new URL is
// one of them. The writes wait in order, oldest first. The router may render only the newest of
// several navigations made in quick succession, so a URL that matches a write also stands for
// every older write: those will not arrive, or arrive no more. A URL that matches no write is a
// move from outside, and after it nothing written before is still expected.
import { useState } from 'react';

/** A list's filters as text, keyed by field (RawFilters of lib/url-filters.ts, for any schema). */
export type FilterTexts = Readonly<Record<string, string | undefined>>;

/** The filters that matter: values trimmed, blank ones dropped (a blank value is no filter). */
function kept(filters: FilterTexts): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(filters)) {
    const text = value?.trim() ?? '';
    if (text !== '') texts.set(key, text);
  }
  return texts;
}

/**
 * Two sets of filter texts are the same filters: values compared trimmed, a blank value is no
 * filter, and the order of the keys does not count (the URL and the draft list them apart).
 */
export function sameFilters(a: FilterTexts, b: FilterTexts): boolean {
  const left = kept(a);
  const right = kept(b);
  if (left.size !== right.size) return false;
  for (const [key, value] of left) if (right.get(key) !== value) return false;
  return true;
}

/**
 * The writes in flight once `filters` is written too. The same filters as the newest write are
 * not recorded again: the URL they make is the one already on its way, and arrives once.
 */
export function afterWrite<F extends FilterTexts>(inFlight: readonly F[], filters: F): readonly F[] {
  const newest = inFlight.at(-1);
  if (newest !== undefined && sameFilters(newest, filters)) return inFlight;
  return [...inFlight, filters];
}

/**
 * What a new URL is to the draft: one of its writes (`own`), with the writes still to arrive
 * after it (the older ones dropped), or a move from outside, after which none is expected.
 */
export function afterUrlMove<F extends FilterTexts>(inFlight: readonly F[], url: FilterTexts): { own: boolean; inFlight: readonly F[] } {
  const own = inFlight.findIndex((written) => sameFilters(written, url));
  if (own >= 0) return { own: true, inFlight: inFlight.slice(own + 1) };
  // The same (empty) list when nothing was in flight, so the caller's state does not change.
  return { own: false, inFlight: inFlight.length === 0 ? inFlight : [] };
}

/** The filters the URL will hold once the writes in flight arrive: the newest write, else the URL's own. */
export function expectedFilters<F extends FilterTexts>(inFlight: readonly F[], url: F): F {
  return inFlight.at(-1) ?? url;
}

export interface OwnUrlMoves<F extends FilterTexts> {
  /** Records filters the draft writes to the URL (an apply or a clear), as it writes them. */
  wrote: (filters: F) => void;
  /**
   * Called during render when the URL changed (once per new URL): true when the URL is one of
   * the draft's writes, which keeps the draft; false for a move from outside, which the draft
   * starts again from.
   */
  arrived: (url: F) => boolean;
  /** The filters the URL will hold once the draft's writes in flight arrive. */
  expected: (url: F) => F;
}

export function useOwnUrlMoves<F extends FilterTexts>(): OwnUrlMoves<F> {
  // The draft's writes whose URL has not arrived yet, oldest first.
  const [inFlight, setInFlight] = useState<readonly F[]>([]);
  return {
    wrote: (filters) => setInFlight((current) => afterWrite(current, filters)),
    arrived: (url) => {
      const next = afterUrlMove(inFlight, url);
      if (next.inFlight !== inFlight) setInFlight(next.inFlight);
      return next.own;
    },
    expected: (url) => expectedFilters(inFlight, url),
  };
}
