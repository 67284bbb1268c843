// The arithmetic of paged lists, kept pure so it is tested without a browser: which per-page
// choices a list offers (DECISIONS 25) and where the last page lies.
import { PAGE_LIMITS, PER_PAGE_CHOICES } from '@paywallet/contract';

export const PER_PAGE_DEFAULT: number = PAGE_LIMITS.perPageDefault;

/**
 * DECISIONS 25: 10, 20, 30, 50, 100, 200, 300, 400, 500, each offered only when the total
 * exceeds the choice before it (a list of 25 offers 10, 20 and 30). The size in use is always
 * offered, so the selector never shows a value it does not list.
 */
export function perPageChoices(total: number | undefined, current: number = PER_PAGE_DEFAULT): number[] {
  const known = total ?? 0;
  const choices: number[] = PER_PAGE_CHOICES.filter((choice, index) => index === 0 || known > PER_PAGE_CHOICES[index - 1]!);
  if (!choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}

export function isPerPageChoice(value: number): boolean {
  return (PER_PAGE_CHOICES as readonly number[]).includes(value);
}

/** The last page of a list (1 when it is empty). */
export function lastPageOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
