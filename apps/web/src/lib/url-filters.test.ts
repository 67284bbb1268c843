// Proves that a list's filters and page survive a trip through the URL: what is written is read
// back the same, invalid parameters are ignored (one by one, and by the rules across fields such as
// a to date before the from date), and applying filters goes back to the first page.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateRangeOrdered, ZTransactionFilters } from '@paywallet/contract';
import { checkFilters, readFilters, readPage, writeFilters, writePage } from './url-filters.ts';

const Schema = ZTransactionFilters.pick({ fromDate: true, toDate: true, transactionId: true, status: true, storeId: true }).superRefine(
  dateRangeOrdered,
);

const read = (query: string, namespace?: string) => readFilters(Schema, new URLSearchParams(query), namespace);

describe('readFilters', () => {
  it('reads each known filter, typed by its field of the schema', () => {
    const { raw, values } = read('fromDate=2026-01-05&toDate=2026-01-31&transactionId=ab12&status=0&storeId=7&other=x');
    expect(values).toEqual({ fromDate: '2026-01-05', toDate: '2026-01-31', transactionId: 'ab12', status: 0, storeId: 7 });
    expect(raw).toEqual({ fromDate: '2026-01-05', toDate: '2026-01-31', transactionId: 'ab12', status: '0', storeId: '7' });
  });

  it('ignores a value its field refuses and keeps the others', () => {
    expect(read('fromDate=2026-02-30&status=9&storeId=-4&transactionId=ok').values).toEqual({ transactionId: 'ok' });
  });

  it('treats an empty parameter as no filter (not status 0)', () => {
    expect(read('status=&storeId=').values).toEqual({});
  });

  it('drops what a rule across fields refuses: a to date before the from date', () => {
    const { values, raw } = read('fromDate=2026-03-10&toDate=2026-03-01&status=1');
    expect(values).toEqual({ fromDate: '2026-03-10', status: 1 });
    expect(raw).toEqual({ fromDate: '2026-03-10', status: '1' });
  });

  it('keeps two lists on one screen apart by namespace', () => {
    const params = new URLSearchParams('mine.status=1&received.status=2&status=0');
    expect(readFilters(Schema, params, 'mine').values).toEqual({ status: 1 });
    expect(readFilters(Schema, params, 'received').values).toEqual({ status: 2 });
    expect(readFilters(Schema, params).values).toEqual({ status: 0 });
  });
});

describe('writeFilters', () => {
  it('round-trips through the URL, removes blank filters, leaves other parameters and returns to page 1', () => {
    const before = new URLSearchParams('tab=user&page=4&perPage=50&status=2');
    const after = writeFilters(Schema, before, { fromDate: '2026-01-01', transactionId: ' ab ', status: '' });
    expect(after.get('tab')).toBe('user');
    expect(after.get('perPage')).toBe('50');
    expect(after.has('page')).toBe(false);
    expect(after.has('status')).toBe(false);
    expect(readFilters(Schema, after).values).toEqual({ fromDate: '2026-01-01', transactionId: 'ab' });
  });

  it('clears every filter of the schema when given none', () => {
    const after = writeFilters(Schema, new URLSearchParams('fromDate=2026-01-01&storeId=3&tab=my'), {});
    expect(after.toString()).toBe('tab=my');
  });
});

describe('checkFilters', () => {
  it("separates the valid filters from the invalid ones, with the contract's message", () => {
    const { valid, errors } = checkFilters(Schema, {
      fromDate: '2026-03-10',
      toDate: '2026-03-01',
      transactionId: 'x'.repeat(65),
      status: '1',
    });
    expect(valid).toEqual({ fromDate: '2026-03-10', status: '1' });
    expect(errors.toDate).toBe('The to date must be a date after or equal to from date');
    expect(errors.transactionId).toBeDefined();
  });

  it('finds nothing wrong in an empty draft', () => {
    expect(checkFilters(z.object({ search: z.string().min(2).optional() }), {})).toEqual({ valid: {}, errors: {} });
  });
});

describe('readPage and writePage', () => {
  it('reads page and size, falling back to page 1 and 10 for anything else', () => {
    expect(readPage(new URLSearchParams('page=3&perPage=50'))).toEqual({ page: 3, perPage: 50 });
    expect(readPage(new URLSearchParams('page=0&perPage=25'))).toEqual({ page: 1, perPage: 10 });
    expect(readPage(new URLSearchParams('page=abc&perPage=9999'))).toEqual({ page: 1, perPage: 10 });
    expect(readPage(new URLSearchParams('page=2.5'))).toEqual({ page: 1, perPage: 10 });
  });

  it('writes page 1 and the default size as no parameter, and a new size starts from page 1', () => {
    expect(writePage(new URLSearchParams('page=3'), { page: 1 }).toString()).toBe('');
    expect(writePage(new URLSearchParams(''), { page: 2 }).toString()).toBe('page=2');
    expect(writePage(new URLSearchParams('page=3'), { perPage: 20 }).toString()).toBe('perPage=20');
    expect(writePage(new URLSearchParams('perPage=20&page=2'), { perPage: 10 }).toString()).toBe('');
    expect(writePage(new URLSearchParams('mine.page=2'), { page: 5 }, 'mine').toString()).toBe('mine.page=5');
  });
});
