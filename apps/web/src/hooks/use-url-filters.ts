// A list's filters and page kept in the URL (lib/url-filters.ts does the reading and writing):
// a reload, the back button or a shared link shows the same list. Typed by the list's zod schema;
// invalid parameters are ignored. Applying or clearing filters goes back to the first page.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { Pager } from './use-list-query.ts';
import { readFilters, readPage, writeFilters, writePage } from '../lib/url-filters.ts';
import type { ParsedFilters, RawFilters } from '../lib/url-filters.ts';

export interface UrlFilters<S extends z.ZodObject> {
  /** The filters in force, parsed: what the list call is sent. */
  filters: ParsedFilters<S>;
  /** The same filters as text, to fill the filter bar. */
  raw: RawFilters<S>;
  /** Replaces every filter (blank ones are removed) and goes back to page 1. */
  apply: (raw: RawFilters<S>) => void;
  /** Removes every filter and goes back to page 1. */
  clear: () => void;
  pager: Pager;
}

export interface UrlFiltersOptions {
  /** Two lists on one screen keep their parameters apart: `mine.page`, `received.page`. */
  namespace?: string;
}

export function useUrlFilters<S extends z.ZodObject>(schema: S, { namespace }: UrlFiltersOptions = {}): UrlFilters<S> {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Parsed once per URL, so the objects keep their identity between renders.
  const { raw, values } = useMemo(() => readFilters(schema, new URLSearchParams(search), namespace), [schema, search, namespace]);
  const apply = useCallback(
    (next: RawFilters<S>) => setParams((current) => writeFilters(schema, current, next, namespace)),
    [setParams, schema, namespace],
  );
  const clear = useCallback(() => setParams((current) => writeFilters(schema, current, {}, namespace)), [setParams, schema, namespace]);
  return { filters: values, raw, apply, clear, pager: useUrlPager({ namespace }) };
}

/** A list's page and page size in the URL, for a list without filters. */
export function useUrlPager({ namespace }: UrlFiltersOptions = {}): Pager {
  const [params, setParams] = useSearchParams();
  const { page, perPage } = readPage(params, namespace);
  const setPage = useCallback(
    (next: number) => setParams((current) => writePage(current, { page: next }, namespace)),
    [setParams, namespace],
  );
  const setPerPage = useCallback(
    (next: number) => setParams((current) => writePage(current, { perPage: next }, namespace)),
    [setParams, namespace],
  );
  return { page, perPage, setPage, setPerPage };
}
