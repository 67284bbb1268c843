// Settlement runs from the console: start one by hand (every merchant's or one merchant's
// payments up to a cut-off, whatever the schedule's delay), and list the runs with their counts
// and the settlements each made. The run itself is a batch run worked on the job queue.
import {
  settlementTypeName,
  type TAdminGetSettlementRunsInput,
  type TAdminRunSettlementsInput,
  type TSettlementRun,
} from '@paywallet/contract';
import { assert, minorToWire } from '@paywallet/ledger';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { startBatchRun } from '../../jobs/batch-runs.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail } from '../../transport/errors.ts';
import * as repository from './settlements.repository.ts';
import { SETTLEMENT_BATCH } from './settlements.jobs.ts';
import { manualPeriod, parseSettlementPeriod, SETTLEMENT_RUN_KIND } from './settlements.service.ts';

/** A cut-off this far ahead of the server's clock is still "now" (the console's clock may run ahead). */
const CUTOFF_SKEW_MS = 60_000;

export async function runSettlements(deps: Deps, audit: AuditTrail, input: TAdminRunSettlementsInput): Promise<TSettlementRun> {
  const merchantUserId = input.merchantUserId === undefined ? null : BigInt(input.merchantUserId);
  const now = Date.now();
  const asked = input.cutoff === undefined || input.cutoff === '' ? now : Date.parse(input.cutoff);
  if (asked > now + CUTOFF_SKEW_MS) fail('SETTLEMENT_CUTOFF_IN_FUTURE');
  // A run is named by its cut-off: a second run of the same one is the same run.
  const cutoff = new Date(Math.min(asked, now));
  if (merchantUserId !== null && !(await repository.isMerchant(deps.db, merchantUserId))) fail('MERCHANT_NOT_FOUND');
  const period = manualPeriod(cutoff, merchantUserId);
  await startBatchRun(deps.db, SETTLEMENT_BATCH, period);
  const run = await repository.findRunById(deps.db, SETTLEMENT_RUN_KIND, period);
  assert(run !== undefined, 'the run just started exists');
  await deps.db.transaction().execute((trx) =>
    audit.record(trx, {
      subject: { type: 'batch_run', id: run.id },
      detail: { period, merchantId: merchantUserId === null ? null : String(merchantUserId), cutoff: cutoff.toISOString() },
    }),
  );
  const [view] = await runViews(deps.db, [run]);
  return view!;
}

export async function getSettlementRuns(deps: Deps, input: TAdminGetSettlementRunsInput) {
  const merchantUserId = input.merchantId === undefined ? undefined : BigInt(input.merchantId);
  const { rows, total } = await repository.listRuns(deps.db, SETTLEMENT_RUN_KIND, merchantUserId, {
    limit: input.perPage,
    offset: (input.page - 1) * input.perPage,
  });
  return {
    data: await runViews(deps.db, rows, merchantUserId),
    paginationData: { total, perPage: input.perPage, currentPage: input.page },
  };
}

async function runViews(db: Queryable, runs: readonly repository.RunRow[], merchantUserId?: bigint): Promise<TSettlementRun[]> {
  const settlements = await repository.listSettlementsOfRuns(
    db,
    runs.map((run) => run.id),
    merchantUserId,
  );
  return runs.map((run) => {
    const period = parseSettlementPeriod(run.period);
    return {
      id: Number(run.id),
      period: run.period,
      cutoff: (period.kind === 'cut' ? period.cutoff : period.dayStart).toISOString(),
      merchant_id: period.kind === 'cut' && period.merchantUserId !== null ? Number(period.merchantUserId) : null,
      manual: period.kind === 'cut',
      state: run.state,
      items_done: run.items_done,
      items_skipped: run.items_skipped,
      items_failed: run.items_failed,
      last_error: run.last_error,
      started_at: run.started_at.toISOString(),
      finished_at: run.finished_at === null ? null : run.finished_at.toISOString(),
      settlements: settlements
        .filter((settlement) => settlement.batch_run_id === run.id)
        .map((settlement) => ({
          id: Number(settlement.id),
          uuid: settlement.uuid,
          type: settlementTypeName(settlement.type),
          merchant_id: Number(settlement.merchant_user_id),
          currency: { code: settlement.currency_code.trim() },
          channel: settlement.channel_name === null ? null : { name: settlement.channel_name, code: settlement.channel_code ?? '' },
          amount: minorToWire(settlement.amount),
          fee: minorToWire(settlement.fee),
          vat: minorToWire(settlement.vat),
          settlement_amount: minorToWire(settlement.amount - settlement.fee - settlement.vat),
          reserve_amount: settlement.reserve_amount === null ? null : minorToWire(settlement.reserve_amount),
          transactions_count: settlement.transactions_count,
          created_at: settlement.created_at.toISOString(),
        })),
    };
  });
}
