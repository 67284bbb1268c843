// Proves the paging arithmetic of every list: the per-page choices of DECISIONS 25 appear only as
// the total grows past the choice before each, and the last page holds the last rows.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PER_PAGE_CHOICES } from '@paywallet/contract';
import { lastPageOf, perPageChoices } from './paging.ts';

describe('perPageChoices', () => {
  it('offers each choice only when the total exceeds the choice before it', () => {
    expect(perPageChoices(undefined)).toEqual([10]);
    expect(perPageChoices(0)).toEqual([10]);
    expect(perPageChoices(10)).toEqual([10]);
    expect(perPageChoices(11)).toEqual([10, 20]);
    expect(perPageChoices(25)).toEqual([10, 20, 30]);
    expect(perPageChoices(31)).toEqual([10, 20, 30, 50]);
    expect(perPageChoices(401)).toEqual([10, 20, 30, 50, 100, 200, 300, 400, 500]);
    expect(perPageChoices(100_000)).toEqual([...PER_PAGE_CHOICES]);
  });

  it('always offers the size in use, so the selector never shows a value it does not list', () => {
    expect(perPageChoices(5, 50)).toEqual([10, 50]);
    fc.assert(
      fc.property(fc.nat(2000), fc.constantFrom(...PER_PAGE_CHOICES), (total, current) => {
        const choices = perPageChoices(total, current);
        expect(choices).toContain(current);
        expect([...choices].sort((a, b) => a - b)).toEqual(choices);
      }),
    );
  });
});

describe('lastPageOf', () => {
  it('is the page holding the last row, and page 1 for an empty list', () => {
    expect(lastPageOf(25, 10)).toBe(3);
    expect(lastPageOf(30, 10)).toBe(3);
    expect(lastPageOf(31, 10)).toBe(4);
    expect(lastPageOf(0, 10)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom(...PER_PAGE_CHOICES), (total, perPage) => {
        const last = lastPageOf(total, perPage);
        // The last row is on it, and the page before it is full.
        expect((last - 1) * perPage).toBeLessThan(total);
        expect(last * perPage).toBeGreaterThanOrEqual(total);
      }),
    );
  });
});
