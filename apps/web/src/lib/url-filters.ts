// A list's filters and page, read from and written to the URL's search parameters, so a reload
// or a shared link shows the same list. Each filter is parsed by its own field of the list's zod
// schema (the contract's, so the URL accepts exactly what the server does); a value that does not
// parse is ignored, as is one the whole schema refuses (a to date before the from date). Pure
// functions over URLSearchParams: hooks/use-url-filters.ts binds them to the router.
import type { z } from 'zod';
import { PAGE_LIMITS } from '@paywallet/contract';
import { isPerPageChoice, PER_PAGE_DEFAULT } from './paging.ts';

/** The filters as the URL (and the filter bar's inputs) hold them: text, keyed by field. */
export type RawFilters<S extends z.ZodObject> = Partial<Record<keyof S['shape'] & string, string>>;
/** The filters after parsing, as the list call takes them. */
export type ParsedFilters<S extends z.ZodObject> = Partial<z.output<S>>;

const PAGE = 'page';
const PER_PAGE = 'perPage';

/** A parameter's name: `page`, or `mine.page` for a list in a namespace (two lists on one screen). */
function paramName(key: string, namespace?: string): string {
  return namespace ? `${namespace}.${key}` : key;
}

function fieldsOf<S extends z.ZodObject>(schema: S): [string, z.ZodType][] {
  return Object.entries(schema.shape as Record<string, z.ZodType>);
}

interface FieldsRead {
  raw: Record<string, string>;
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

/** Each field parsed on its own; blank text is no filter (coercion would read '' as 0, a real status). */
function readFields<S extends z.ZodObject>(schema: S, textOf: (key: string) => string | null | undefined): FieldsRead {
  const read: FieldsRead = { raw: {}, values: {}, errors: {} };
  for (const [key, field] of fieldsOf(schema)) {
    const text = textOf(key)?.trim();
    if (!text) continue;
    const parsed = field.safeParse(text);
    if (!parsed.success) {
      read.errors[key] = parsed.error.issues[0]?.message ?? 'This value is not valid';
    } else if (parsed.data !== undefined) {
      read.raw[key] = text;
      read.values[key] = parsed.data;
    }
  }
  return read;
}

/** The keys a rule across fields names (a to date before the from date), with its message. */
function crossFieldErrors<S extends z.ZodObject>(schema: S, values: Record<string, unknown>): Record<string, string> {
  const whole = schema.safeParse(values);
  if (whole.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of whole.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key in values && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export function readFilters<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
  namespace?: string,
): { raw: RawFilters<S>; values: ParsedFilters<S> } {
  const { raw, values } = readFields(schema, (key) => params.get(paramName(key, namespace)));
  // Drop what a rule across fields names, until the schema accepts the rest. Each round drops at
  // least one key or stops, so the loop ends within the number of fields.
  for (let round = 0; round < fieldsOf(schema).length; round += 1) {
    const named = Object.keys(crossFieldErrors(schema, values));
    if (named.length === 0) break;
    for (const key of named) {
      delete values[key];
      delete raw[key];
    }
  }
  return { raw: raw as RawFilters<S>, values: values as ParsedFilters<S> };
}

/**
 * Checks the filters typed into a filter bar: the valid ones, and the contract's message for each
 * that is not. Only valid values are ever written to the URL.
 */
export function checkFilters<S extends z.ZodObject>(
  schema: S,
  draft: RawFilters<S>,
): { valid: RawFilters<S>; errors: Record<string, string> } {
  const { raw, values, errors } = readFields(schema, (key) => (draft as Record<string, string | undefined>)[key]);
  for (const [key, message] of Object.entries(crossFieldErrors(schema, values))) {
    errors[key] = message;
    delete raw[key];
  }
  return { valid: raw as RawFilters<S>, errors };
}

/** The filters replaced by `raw` (empty values removed) and the list back on its first page. */
export function writeFilters<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
  raw: RawFilters<S>,
  namespace?: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key] of fieldsOf(schema)) {
    const name = paramName(key, namespace);
    const text = (raw as Record<string, string | undefined>)[key]?.trim();
    if (text) next.set(name, text);
    else next.delete(name);
  }
  next.delete(paramName(PAGE, namespace));
  return next;
}

export function readPage(params: URLSearchParams, namespace?: string): { page: number; perPage: number } {
  const page = Number(params.get(paramName(PAGE, namespace)));
  const perPage = Number(params.get(paramName(PER_PAGE, namespace)));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_LIMITS.pageMax ? page : 1,
    perPage: isPerPageChoice(perPage) ? perPage : PER_PAGE_DEFAULT,
  };
}

/** Page 1 and the default size are the absence of the parameter, so plain links stay plain. */
export function writePage(params: URLSearchParams, change: { page?: number; perPage?: number }, namespace?: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (change.perPage !== undefined) {
    if (change.perPage === PER_PAGE_DEFAULT) next.delete(paramName(PER_PAGE, namespace));
    else next.set(paramName(PER_PAGE, namespace), String(change.perPage));
    // A new size starts again from the first page.
    next.delete(paramName(PAGE, namespace));
  }
  if (change.page !== undefined) {
    if (change.page <= 1) next.delete(paramName(PAGE, namespace));
    else next.set(paramName(PAGE, namespace), String(change.page));
  }
  return next;
}
