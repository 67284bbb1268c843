// The batch runs of settlements (docs/settlements.md, docs/jobs.md "Batch runs"): the daily
// settlement run (`settle-payments`, one item per merchant wallet and channel with payments to
// settle) and the release of due rolling reserves every 15 seconds. app.ts registers them.
import { defineBatchJobKind, defineBatchKind } from '../../jobs/batch-runs.ts';
import type { JobRegistration } from '../../jobs/queue.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  listReleaseItems,
  listSettlementItems,
  releasePeriodOf,
  releaseReserveItem,
  RESERVE_RELEASE_EVERY_MS,
  RESERVE_RELEASE_KIND,
  settleItem,
  settlementPeriodOf,
  SETTLEMENT_RUN_EVERY_MS,
  SETTLEMENT_RUN_KIND,
} from './settlements.service.ts';

/** A settlement run: 50 items a page, 2,000 a job, under 5 minutes. */
export const SETTLEMENT_BATCH = defineBatchKind({
  name: SETTLEMENT_RUN_KIND,
  periodOf: settlementPeriodOf,
  listItems: listSettlementItems,
  handleItem: settleItem,
  audit: recordAudit,
  pageSize: 50,
  itemsPerJobMax: 2_000,
  timeoutMs: 5 * 60_000,
});

/** A release run: the reserves due at its period's instant, by id. */
export const RESERVE_RELEASE_BATCH = defineBatchKind({
  name: RESERVE_RELEASE_KIND,
  periodOf: releasePeriodOf,
  listItems: listReleaseItems,
  handleItem: releaseReserveItem,
  audit: recordAudit,
  pageSize: 100,
  itemsPerJobMax: 2_000,
  timeoutMs: 2 * 60_000,
});

const SETTLEMENT_JOB_KINDS = {
  [SETTLEMENT_RUN_KIND]: defineBatchJobKind(SETTLEMENT_BATCH),
  [RESERVE_RELEASE_KIND]: defineBatchJobKind(RESERVE_RELEASE_BATCH),
} as const;

declare module '../../jobs/queue.ts' {
  interface AppJobKinds {
    'settle-payments': (typeof SETTLEMENT_JOB_KINDS)['settle-payments'];
    'release-rolling-reserves': (typeof SETTLEMENT_JOB_KINDS)['release-rolling-reserves'];
  }
}

export const SETTLEMENT_JOBS: JobRegistration = {
  kinds: SETTLEMENT_JOB_KINDS,
  schedules: [
    { name: SETTLEMENT_RUN_KIND, kind: SETTLEMENT_RUN_KIND, everyMs: SETTLEMENT_RUN_EVERY_MS, payload: {} },
    { name: RESERVE_RELEASE_KIND, kind: RESERVE_RELEASE_KIND, everyMs: RESERVE_RELEASE_EVERY_MS, payload: {} },
  ],
};
