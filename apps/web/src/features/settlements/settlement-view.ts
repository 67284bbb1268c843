// What the settlement screens compute (spec 2 "Settlements", "Aggregate/Direct Settlement
// Details"; DECISIONS 2 and 3), as pure functions: the tab of the `tab` parameter, the filters
// `propFilters` carries between the list and a settlement's details, the statuses' words and the
// rolling reserve's hold in days, hours and mins.
import { z } from 'zod';
import {
  ROLLING_RESERVE_STATUS,
  ROLLING_RESERVE_STATUS_LABEL,
  SETTLEMENT_STATUS_LABEL,
  zStoreScope,
  type TSettlementTypeName,
} from '@paywallet/contract';
import { href, MERCHANT_PATHS } from '../../lib/paths.ts';

/** The list's filters (the store -> terminal -> channel cascade); the tab is the type. */
export const ZSettlementUrlFilters = z.object(zStoreScope);
export type SettlementScope = { storeId?: string; terminalId?: string; channelId?: string };

/** The query parameter `tab`: 1 Aggregate (the default), 2 Direct. */
export const SETTLEMENT_TAB: Readonly<Record<TSettlementTypeName, string>> = { aggregate: '1', direct: '2' };

export function tabType(tab: string | null): TSettlementTypeName {
  return tab === SETTLEMENT_TAB.direct ? 'direct' : 'aggregate';
}

/**
 * The filters a `propFilters` parameter (JSON) presets: the store, terminal and channel ids it
 * holds that are valid ids, as text; anything else in it (or JSON that does not parse) is ignored.
 */
export function readPropFilters(text: string | null): SettlementScope {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const scope: SettlementScope = {};
  for (const key of ['storeId', 'terminalId', 'channelId'] as const) {
    const value = (parsed as Record<string, unknown>)[key];
    const checked = ZSettlementUrlFilters.shape[key].safeParse(value);
    if (checked.success && checked.data !== undefined) scope[key] = String(checked.data);
  }
  return scope;
}

/** The `propFilters` text of a scope: undefined when it holds no filter. */
export function writePropFilters(scope: SettlementScope): string | undefined {
  const kept = Object.fromEntries(Object.entries(scope).filter(([, value]) => value !== undefined && value !== ''));
  return Object.keys(kept).length === 0 ? undefined : JSON.stringify(kept);
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** A settlement's details (agregate-settlement/detail/{id} or direct-settlement/detail/{id}), carrying the list's filters. */
export function settlementDetailPath(type: TSettlementTypeName, id: number, scope: SettlementScope): string {
  const pattern = type === 'direct' ? MERCHANT_PATHS.directSettlementDetail : MERCHANT_PATHS.agregateSettlementDetail;
  return withQuery(href(pattern, { id: String(id) }), { propFilters: writePropFilters(scope) });
}

/** Back To Settlement: the settlements list on the settlement's tab, with the filters it was opened with. */
export function settlementsListPath(type: TSettlementTypeName, propFilters: string | null): string {
  return withQuery(MERCHANT_PATHS.settlements, { tab: SETTLEMENT_TAB[type], propFilters: propFilters ?? undefined });
}

/** DECISIONS 2: 0 Pending, 1 Initiated, 2 Cancelled, 3 Done (the server emits nothing else). */
export function settlementStatusLabel(status: number): string {
  return SETTLEMENT_STATUS_LABEL[status] ?? 'Unknown';
}

/** Spec 2 "Rolling reserve": 0 Pending, 1 Initiated, 2 Cancelled, otherwise Completed. */
export function reserveStatusLabel(status: number): string {
  return ROLLING_RESERVE_STATUS_LABEL[status] ?? ROLLING_RESERVE_STATUS_LABEL[ROLLING_RESERVE_STATUS.COMPLETED]!;
}

export { holdDuration, percentOfBps } from '../../lib/settlement-format.ts';
