// Proves the console lists' URL filters: the review queues open on the rows awaiting review, `all`
// shows every status, a value the server would refuse is ignored in a URL and named with the
// contract's message in the filter bar, and the audit log refuses a to date before the from date.
import { describe, expect, it } from 'vitest';
import { KYC_STATUS, STORE_STATUS } from '@paywallet/contract';
import { checkFilters, readFilters } from '../lib/url-filters.ts';
import {
  KYC_DEFAULT_STATUS,
  queueFilters,
  STORES_DEFAULT_STATUS,
  ZAuditUrlFilters,
  ZKycUrlFilters,
  ZStoreUrlFilters,
} from './console-filters.ts';

describe('the review queues (Stores, KYC)', () => {
  it('show the rows awaiting review when the URL names no status', () => {
    const { values } = readFilters(ZStoreUrlFilters, new URLSearchParams('stores.search=acme'), 'stores');
    expect(queueFilters(values, STORES_DEFAULT_STATUS)).toEqual({ status: STORE_STATUS.PENDING_APPROVAL, search: 'acme' });
    expect(queueFilters({}, KYC_DEFAULT_STATUS)).toEqual({ status: KYC_STATUS.SUBMITTED });
  });

  it('show every status for `all`, and the one status the URL names', () => {
    const all = readFilters(ZStoreUrlFilters, new URLSearchParams('status=all')).values;
    expect(queueFilters(all, STORES_DEFAULT_STATUS)).toEqual({});
    const active = readFilters(ZStoreUrlFilters, new URLSearchParams(`status=${STORE_STATUS.ACTIVE}`)).values;
    expect(queueFilters(active, STORES_DEFAULT_STATUS)).toEqual({ status: STORE_STATUS.ACTIVE });
  });

  it('ignore a status the server does not know, in the URL and in the filter bar', () => {
    expect(readFilters(ZKycUrlFilters, new URLSearchParams('status=9')).values).toEqual({});
    expect(checkFilters(ZKycUrlFilters, { status: '9' }).errors).toEqual({ status: 'The selected status is invalid' });
  });
});

describe('the audit log filters', () => {
  it('take ids, an action beginning, how the actor acted and a day range', () => {
    const { values } = readFilters(
      ZAuditUrlFilters,
      new URLSearchParams('merchantUserId=12&actorUserId=3&action=store.&actingAs=impersonation&fromDate=2026-01-01&toDate=2026-01-31'),
    );
    expect(values).toEqual({
      merchantUserId: 12,
      actorUserId: 3,
      action: 'store.',
      actingAs: 'impersonation',
      fromDate: '2026-01-01',
      toDate: '2026-01-31',
    });
  });

  it('name what the server would refuse: a bad id, an unknown actor kind, a to date before the from date', () => {
    const checked = checkFilters(ZAuditUrlFilters, {
      merchantUserId: 'abc',
      actingAs: 'robot',
      fromDate: '2026-02-01',
      toDate: '2026-01-01',
    });
    expect(Object.keys(checked.errors).sort()).toEqual(['actingAs', 'merchantUserId', 'toDate']);
    expect(checked.errors.actingAs).toBe('The selected acting as is invalid');
    expect(checked.valid).toEqual({ fromDate: '2026-02-01' });
  });
});
