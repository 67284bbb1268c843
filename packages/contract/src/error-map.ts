// The last word on a validation message: every message a user reads comes from the contract's
// rules (or a screen's form schema), and zod's own English ('Too big: expected string to have
// <=500 characters') never reaches anyone. A check that carries no message of its own (a bare
// `.max(500)`) gets one here, in the spec's wording ('The device token may not be greater than
// 500 characters'). The server validates every request with it; the web form kit every form.
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

/** 'cardHolderName' -> 'card holder name', 'input_12' -> 'input 12': how the messages name a field. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const last = [...(path ?? [])].reverse().find((segment): segment is string => typeof segment === 'string');
  if (!last) return 'value';
  return last
    .replace(/_/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

function sizeMessage(field: string, issue: Issue, bound: 'min' | 'max'): string {
  const limit = Number(bound === 'max' ? (issue as { maximum?: unknown }).maximum : (issue as { minimum?: unknown }).minimum);
  const origin = (issue as { origin?: unknown }).origin;
  if (bound === 'min' && origin === 'string' && limit <= 1) return `The ${field} field is required`;
  const unit = origin === 'string' ? ' characters' : origin === 'array' || origin === 'set' ? ' items' : '';
  return bound === 'max' ? `The ${field} may not be greater than ${limit}${unit}` : `The ${field} must be at least ${limit}${unit}`;
}

/** A message for an issue its schema left without one (zod's `error` parse parameter). */
export function contractErrorMap(issue: Issue): string {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return isEmpty(issue.input) ? `The ${field} field is required` : `The ${field} is invalid`;
    case 'too_big':
      return sizeMessage(field, issue, 'max');
    case 'too_small':
      return sizeMessage(field, issue, 'min');
    case 'invalid_format':
      return `The ${field} format is invalid`;
    default:
      return isEmpty(issue.input) ? `The ${field} field is required` : `The ${field} is invalid`;
  }
}
