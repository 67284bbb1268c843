// The merchant's dashboard overview (spec 2 Dashboard, section 3 Dashboard overview) for the
// wallet of one currency. Every figure is `listAggregate` over the transaction list's own
// definition (transactions.service `transactionList`) with the params the transaction screen
// would build for the same filters, so a tile and the list its link opens cannot disagree:
//   stats        per tile (DASHBOARD_TILES), the rows its status/type filters select;
//   graphData    incoming money per year, status and month (Success and Pending);
//   currentMoth, preMonthAvr  successful incoming money this month and last month;
//   transactionTypesMonthlyData, transactionTypesData, countiesData  successful incoming money
//                by type (this month; the chosen period) and by the customer's country.
// Every group and sum asked for is one the list's rollup keeps (TRANSACTION_DIMENSIONS), and the
// params are the wallet's, so each aggregate reads the daily rollup, not the rows (docs/dashboard.md).
import {
  CHART_MONTHS,
  DASHBOARD_TILES,
  dashboardPeriodDays,
  KYC_STATUS,
  TRANSACTION_STATUS,
  TRANSACTION_STATUS_LABEL,
  tileCounts,
  USER_STATUS,
  type TAccountStatusBadge,
  type TDashboardOverview,
  type TMerchantDashboardOverviewInput,
} from '@paywallet/contract';
import { assert, isTransactionTypeId, minorToWire, TRANSACTION_TYPE_NAMES } from '@paywallet/ledger';
import type { Deps } from '../../deps.ts';
import { listAggregate, type AggregateRow, type DayRange } from '../../db/lists.ts';
import { fail } from '../../transport/errors.ts';
import type { Scope } from '../../transport/scope.ts';
import {
  TRANSACTION_DIMENSIONS,
  TRANSACTION_SUMS,
  transactionList,
  transactionListParams,
  type TransactionListParams,
} from '../transactions/transactions.service.ts';
import { findSpendingWallet } from '../wallets/wallets.service.ts';
import { getAccountStatus } from './dashboard.repository.ts';
import { profileFor } from './dashboard.service.ts';

/** The statuses the revenue chart draws. */
const CHART_STATUSES = [TRANSACTION_STATUS.SUCCESS, TRANSACTION_STATUS.PENDING] as const;

/** The badge: Moderation while a submitted KYC awaits review (DECISIONS 30); Active when impersonated. */
export function accountStatusBadge(account: { status: number; kyc_status: number }, impersonated: boolean): TAccountStatusBadge {
  if (impersonated) return 'Active';
  switch (account.status) {
    case USER_STATUS.PENDING:
      return account.kyc_status === KYC_STATUS.SUBMITTED ? 'Moderation' : 'Pending';
    case USER_STATUS.ACTIVE:
      return 'Active';
    case USER_STATUS.INACTIVE:
      return 'Inactive';
    case USER_STATUS.SUSPENDED:
      return 'Suspended';
    default:
      assert(false, `unknown user status ${account.status}`);
  }
}

function typeName(typeId: number): string {
  assert(isTransactionTypeId(typeId), `unknown transaction type ${typeId}`);
  return TRANSACTION_TYPE_NAMES[typeId];
}

const byTotalDescending = (a: { total: number }, b: { total: number }) => b.total - a.total;

/** Successful money into the wallet by type, within some days (`incoming` is relative to the params' wallet). */
async function incomingByType(deps: Deps, params: TransactionListParams, days: DayRange) {
  const rows = await listAggregate(
    deps.db,
    transactionList,
    { ...params, status: TRANSACTION_STATUS.SUCCESS, days },
    { groupBy: { typeId: TRANSACTION_DIMENSIONS.typeId, incoming: TRANSACTION_DIMENSIONS.incoming }, sums: TRANSACTION_SUMS },
  );
  return rows
    .filter((row) => row.group.incoming === 'true')
    .map((row) => {
      const typeId = Number(row.group.typeId);
      return {
        transaction_type_id: typeId,
        transaction_type: { name: typeName(typeId) },
        count: row.count,
        total: minorToWire(row.sums.amount),
      };
    })
    .sort(byTotalDescending);
}

async function incomingByCountry(deps: Deps, params: TransactionListParams, days: DayRange) {
  const rows = await listAggregate(
    deps.db,
    transactionList,
    { ...params, status: TRANSACTION_STATUS.SUCCESS, days },
    { groupBy: { country: TRANSACTION_DIMENSIONS.country, incoming: TRANSACTION_DIMENSIONS.incoming }, sums: TRANSACTION_SUMS },
  );
  return rows
    .filter((row) => row.group.incoming === 'true')
    .map((row) => ({ country_code: row.group.country, count: row.count, total: minorToWire(row.sums.amount) }))
    .sort(byTotalDescending);
}

type MonthRow = AggregateRow<'year' | 'month' | 'status' | 'incoming', 'amount'>;

/** Year -> status label -> incoming money per month; the current year is always there. */
function graphOf(rows: MonthRow[], now: Date): TDashboardOverview['otherData']['graphData'] {
  const graph: TDashboardOverview['otherData']['graphData'] = {};
  const yearOf = (year: string) =>
    (graph[year] ??= Object.fromEntries(CHART_STATUSES.map((status) => [TRANSACTION_STATUS_LABEL[status]!, CHART_MONTHS.map(() => 0)])));
  yearOf(String(now.getUTCFullYear()));
  for (const row of rows) {
    const label = TRANSACTION_STATUS_LABEL[Number(row.group.status)];
    if (row.group.incoming !== 'true' || label === undefined || row.group.year === null) continue;
    const months = yearOf(row.group.year)[label];
    if (months === undefined) continue;
    months[Number(row.group.month) - 1] = minorToWire(row.sums.amount);
  }
  return graph;
}

/** Successful incoming money of one GMT month (0 when none). */
function monthTotal(rows: MonthRow[], year: number, month: number): number {
  const row = rows.find(
    (candidate) =>
      candidate.group.incoming === 'true' &&
      Number(candidate.group.status) === TRANSACTION_STATUS.SUCCESS &&
      Number(candidate.group.year) === year &&
      Number(candidate.group.month) === month,
  );
  return row ? minorToWire(row.sums.amount) : 0;
}

export async function dashboardOverview(
  deps: Deps,
  scope: Scope,
  input: TMerchantDashboardOverviewInput,
  now = new Date(),
): Promise<TDashboardOverview> {
  const holderId = scope.accountHolderId;
  const wallet = await findSpendingWallet(deps.db, holderId, input.currencyId);
  if (!wallet) fail('WALLET_NOT_FOUND');
  // The params the transaction screen builds for `?userAccountId=<this wallet>`.
  const params = await transactionListParams(deps.db, holderId, { userAccountId: Number(wallet.id) });
  const thisMonth = dashboardPeriodDays('this_month', now);
  const countriesDays = dashboardPeriodDays(input.countriesPeriod, now);
  const typesDays = dashboardPeriodDays(input.transactionTypesPeriod, now);
  const [profile, account, tiles, months, monthlyTypes, types, countries] = await Promise.all([
    profileFor(deps, scope),
    getAccountStatus(deps.db, holderId),
    listAggregate(deps.db, transactionList, params, {
      groupBy: { status: TRANSACTION_DIMENSIONS.status, typeId: TRANSACTION_DIMENSIONS.typeId },
      sums: {},
    }),
    listAggregate(deps.db, transactionList, params, {
      groupBy: {
        year: TRANSACTION_DIMENSIONS.year,
        month: TRANSACTION_DIMENSIONS.month,
        status: TRANSACTION_DIMENSIONS.status,
        incoming: TRANSACTION_DIMENSIONS.incoming,
      },
      sums: TRANSACTION_SUMS,
    }),
    incomingByType(deps, params, thisMonth),
    incomingByType(deps, params, typesDays),
    incomingByCountry(deps, params, countriesDays),
  ]);
  const stats = Object.fromEntries(
    DASHBOARD_TILES.map((tile) => [
      tile.label,
      tiles
        .filter((row) => tileCounts(tile, { status: Number(row.group.status), transactionTypeId: Number(row.group.typeId) }))
        .reduce((sum, row) => sum + row.count, 0),
    ]),
  );
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return {
    stats,
    otherData: {
      user: profile.user,
      accountStatus: accountStatusBadge(account, scope.impersonatorUserId !== null),
      wallet: {
        id: Number(wallet.id),
        currency: { id: wallet.currency_id, code: wallet.currency_code },
        balance_on_hold: minorToWire(wallet.balance_on_hold),
        available_balance: minorToWire(wallet.available_balance),
      },
      transactionTypesMonthlyData: monthlyTypes,
      currentMoth: monthTotal(months, now.getUTCFullYear(), now.getUTCMonth() + 1),
      preMonthAvr: monthTotal(months, previous.getUTCFullYear(), previous.getUTCMonth() + 1),
      countiesData: countries,
      transactionTypesData: types,
      graphData: graphOf(months, now),
      periods: { countries: countriesDays, transactionTypes: typesDays },
    },
  };
}
