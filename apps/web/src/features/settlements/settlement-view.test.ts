import { describe, expect, it } from 'vitest';
import {
  holdDuration,
  percentOfBps,
  readPropFilters,
  reserveStatusLabel,
  settlementDetailPath,
  settlementsListPath,
  settlementStatusLabel,
  tabType,
  writePropFilters,
} from './settlement-view.ts';

describe('settlement view', () => {
  it('reads the tab: 2 is Direct, anything else Aggregate', () => {
    expect(tabType('2')).toBe('direct');
    expect(tabType('1')).toBe('aggregate');
    expect(tabType(null)).toBe('aggregate');
    expect(tabType('9')).toBe('aggregate');
  });

  it('reads propFilters: valid ids kept as text, the rest ignored', () => {
    expect(readPropFilters('{"storeId":3,"terminalId":"7","channelId":12}')).toEqual({ storeId: '3', terminalId: '7', channelId: '12' });
    expect(readPropFilters('{"storeId":"abc","channelId":-1,"other":5}')).toEqual({});
    expect(readPropFilters('not json')).toEqual({});
    expect(readPropFilters('[1,2]')).toEqual({});
    expect(readPropFilters(null)).toEqual({});
  });

  it('writes propFilters only when a filter is set, and round-trips', () => {
    expect(writePropFilters({})).toBeUndefined();
    expect(writePropFilters({ storeId: '', channelId: undefined })).toBeUndefined();
    const text = writePropFilters({ storeId: '3', channelId: '12' });
    expect(readPropFilters(text ?? null)).toEqual({ storeId: '3', channelId: '12' });
  });

  it('links a settlement to its details and back to its tab with the filters', () => {
    expect(settlementDetailPath('aggregate', 5, {})).toBe('/app/agregate-settlement/detail/5');
    const detail = settlementDetailPath('direct', 6, { storeId: '3' });
    expect(detail.startsWith('/app/direct-settlement/detail/6?propFilters=')).toBe(true);
    const propFilters = new URL(detail, 'http://x').searchParams.get('propFilters');
    expect(readPropFilters(propFilters)).toEqual({ storeId: '3' });
    expect(settlementsListPath('aggregate', null)).toBe('/app/settlements?tab=1');
    const back = new URL(settlementsListPath('direct', propFilters), 'http://x');
    expect(back.pathname).toBe('/app/settlements');
    expect(back.searchParams.get('tab')).toBe('2');
    expect(back.searchParams.get('propFilters')).toBe(propFilters);
  });

  it('names the statuses (DECISIONS 2; reserve: otherwise Completed)', () => {
    expect([0, 1, 2, 3].map(settlementStatusLabel)).toEqual(['Pending', 'Initiated', 'Cancelled', 'Done']);
    expect([0, 1, 2, 3, 7].map(reserveStatusLabel)).toEqual(['Pending', 'Initiated', 'Cancelled', 'Completed', 'Completed']);
  });

  it('shows a hold in days, hours and mins, and basis points as a percentage', () => {
    expect(holdDuration(7 * 86_400)).toBe('7 days 0 hours 0 mins');
    expect(holdDuration(86_400 + 3_600 + 60)).toBe('1 day 1 hour 1 min');
    expect(holdDuration(0)).toBe('0 days 0 hours 0 mins');
    expect(holdDuration(90)).toBe('0 days 0 hours 1 min');
    expect(percentOfBps(1000)).toBe('10%');
    expect(percentOfBps(1250)).toBe('12.5%');
    expect(percentOfBps(5)).toBe('0.05%');
  });
});
