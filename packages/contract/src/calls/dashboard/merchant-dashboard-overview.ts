import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { ZUser } from '../../entities.ts';
import { zId } from '../../rules.ts';
import { ACCOUNT_STATUS_BADGES, DASHBOARD_PERIOD_VALUES } from './common.ts';

const ZTypeTotal = z.object({
  transaction_type_id: z.number().int(),
  transaction_type: z.object({ name: z.string() }),
  count: z.number().int(),
  /** Minor units. */
  total: z.number().int(),
});
const ZCountryTotal = z.object({
  /** The paying customer's country; null when it is not known (a wallet payment, a deposit). */
  country_code: z.string().nullable(),
  count: z.number().int(),
  total: z.number().int(),
});

export const ZDashboardOverview = z.object({
  /** Tile label -> how many of the wallet's transactions the tile's filters select (DASHBOARD_TILES). */
  stats: z.record(z.string(), z.number().int()),
  otherData: z.object({
    user: ZUser,
    /** The welcome card's badge: Moderation while a submitted KYC awaits review; Active when impersonated. */
    accountStatus: z.enum(ACCOUNT_STATUS_BADGES),
    wallet: z.object({
      id: z.number().int(),
      currency: z.object({ id: z.number().int(), code: z.string() }),
      balance_on_hold: z.number().int(),
      available_balance: z.number().int(),
    }),
    /** This month's successful incoming money by transaction type (the donut). */
    transactionTypesMonthlyData: z.array(ZTypeTotal),
    /** Successful incoming money this month and last month, minor units (spec spelling). */
    currentMoth: z.number().int(),
    preMonthAvr: z.number().int(),
    /** Successful incoming payments by the customer's country, over `periods.countries`. */
    countiesData: z.array(ZCountryTotal),
    /** Successful incoming money by transaction type, over `periods.transactionTypes`. */
    transactionTypesData: z.array(ZTypeTotal),
    /** Year -> status label (Success, Pending) -> incoming money per month, January first. */
    graphData: z.record(z.string(), z.record(z.string(), z.array(z.number().int()).length(12))),
    periods: z.object({
      countries: z.object({ fromDate: z.string(), toDate: z.string() }),
      transactionTypes: z.object({ fromDate: z.string(), toDate: z.string() }),
    }),
  }),
});
export type TDashboardOverview = z.infer<typeof ZDashboardOverview>;

export const ZMerchantDashboardOverviewRequest = z.object({
  currencyId: zId('currency', 'int'),
  countriesPeriod: z.enum(DASHBOARD_PERIOD_VALUES, 'The selected period is invalid').optional().default('this_month'),
  transactionTypesPeriod: z.enum(DASHBOARD_PERIOD_VALUES, 'The selected period is invalid').optional().default('this_month'),
});

/** The merchant's dashboard for the wallet of one currency (spec 2 Dashboard, section 3). */
export const merchantDashboardOverviewCall = defineCall({
  path: 'merchant-dashboard-overview',
  audience: ['merchant'],
  session: 'full',
  feature: 'dashboard-overview',
  kind: 'read',
  audit: null,
  request: ZMerchantDashboardOverviewRequest,
  response: ZDashboardOverview,
});
export type TMerchantDashboardOverviewRequest = z.input<typeof ZMerchantDashboardOverviewRequest>;
export type TMerchantDashboardOverviewInput = z.output<typeof ZMerchantDashboardOverviewRequest>;
