// Proves how a filter draft tells its own moves of the URL from moves made by anything else
// (use-own-url-moves.ts, used by useFilterDraft and the console's useLiveFilters): a URL the
// draft wrote keeps the draft, also when two writes were made before the first landed and when
// the router renders only the second; a URL from outside forgets every write still expected;
// filters compare trimmed, blank values dropped, in any key order.
import { describe, expect, it } from 'vitest';
import { afterUrlMove, afterWrite, expectedFilters, sameFilters } from './use-own-url-moves.ts';
import type { FilterTexts } from './use-own-url-moves.ts';

/** The writes in flight after writing each of `writes` in turn, from none. */
function written(...writes: FilterTexts[]): readonly FilterTexts[] {
  return writes.reduce<readonly FilterTexts[]>((inFlight, filters) => afterWrite(inFlight, filters), []);
}

describe('sameFilters', () => {
  it('compares values trimmed', () => {
    expect(sameFilters({ search: ' acme ' }, { search: 'acme' })).toBe(true);
    expect(sameFilters({ search: 'acme' }, { search: 'acm' })).toBe(false);
  });

  it('treats a blank or missing value as no filter', () => {
    expect(sameFilters({ search: 'a', status: '' }, { search: 'a' })).toBe(true);
    expect(sameFilters({ search: 'a', status: '   ' }, { search: 'a', toDate: undefined })).toBe(true);
    expect(sameFilters({ search: '  ' }, {})).toBe(true);
    expect(sameFilters({ search: 'a' }, {})).toBe(false);
    expect(sameFilters({}, { status: '1' })).toBe(false);
  });

  it('ignores the order of the keys', () => {
    expect(sameFilters({ status: '1', search: 'a' }, { search: 'a', status: '1' })).toBe(true);
    expect(sameFilters({ status: '1', search: 'a' }, { search: '1', status: 'a' })).toBe(false);
  });
});

describe("a draft's own writes", () => {
  it('keeps the draft when the URL of its write lands, and expects nothing more', () => {
    const inFlight = written({ search: 'acme' });
    expect(afterUrlMove(inFlight, { search: 'acme' })).toEqual({ own: true, inFlight: [] });
  });

  it('knows its write in the URL, which holds it trimmed and without blank fields', () => {
    const inFlight = written({ search: 'acme ', status: '' });
    expect(afterUrlMove(inFlight, { search: 'acme' }).own).toBe(true);
  });

  it('keeps the draft for two writes landing in order (Search, then Clear before it landed)', () => {
    const inFlight = written({ search: 'acme' }, {});
    const first = afterUrlMove(inFlight, { search: 'acme' });
    expect(first).toEqual({ own: true, inFlight: [{}] });
    expect(afterUrlMove(first.inFlight, {})).toEqual({ own: true, inFlight: [] });
  });

  it('keeps the draft when only the second write lands, and no longer expects the first', () => {
    const inFlight = written({ search: 'acme' }, {});
    const second = afterUrlMove(inFlight, {});
    expect(second).toEqual({ own: true, inFlight: [] });
    // The first URL, should it come after all, is then a move from outside.
    expect(afterUrlMove(second.inFlight, { search: 'acme' }).own).toBe(false);
  });

  it('drops the writes older than the one that landed, keeps the newer ones', () => {
    const inFlight = written({ search: 'a' }, { search: 'ab' }, { search: 'abc' });
    expect(afterUrlMove(inFlight, { search: 'ab' })).toEqual({ own: true, inFlight: [{ search: 'abc' }] });
  });

  it('records the same filters as its newest write once: their URL arrives once', () => {
    expect(written({ search: 'acme' }, { search: 'acme ' })).toEqual([{ search: 'acme' }]);
    expect(written({ search: 'acme' }, {}, { search: 'acme' })).toEqual([{ search: 'acme' }, {}, { search: 'acme' }]);
  });
});

describe('a move from outside (the back button, a link)', () => {
  it('starts the draft again and forgets every write in flight', () => {
    const inFlight = written({ search: 'a' }, { search: 'ab' });
    const moved = afterUrlMove(inFlight, { status: '2' });
    expect(moved).toEqual({ own: false, inFlight: [] });
    // A write made before it is then no longer the draft's own when its URL comes.
    expect(afterUrlMove(moved.inFlight, { search: 'ab' }).own).toBe(false);
  });

  it('answers the same empty list when nothing was in flight, so the state stays as it is', () => {
    const none = written();
    expect(afterUrlMove(none, { status: '2' }).inFlight).toBe(none);
  });
});

describe('expectedFilters', () => {
  it('is the newest write in flight, else the URL', () => {
    expect(expectedFilters([], { search: 'shown' })).toEqual({ search: 'shown' });
    expect(expectedFilters(written({ search: 'a' }, { search: 'ab' }), { search: 'shown' })).toEqual({ search: 'ab' });
  });
});
