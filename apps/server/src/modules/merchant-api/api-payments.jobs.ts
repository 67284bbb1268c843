// The job of API payments: storing the expiry of hosted payments whose page time ran out, as a
// batch run every minute (api-payment-expiry.service.ts). app.ts registers it with the queue
// (docs/jobs.md).
import { defineBatchJobKind, defineBatchKind } from '../../jobs/batch-runs.ts';
import type { JobRegistration } from '../../jobs/queue.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  API_PAYMENT_EXPIRY_EVERY_MS,
  API_PAYMENT_EXPIRY_ITEMS_PER_JOB_MAX,
  API_PAYMENT_EXPIRY_KIND,
  API_PAYMENT_EXPIRY_PAGE_SIZE,
  expireApiPaymentItem,
  expiryPeriodOf,
  listExpiryItems,
} from './api-payment-expiry.service.ts';

/** The batch kind: a minute's due payments, 100 a page, 2,000 a job, under 50 s. */
export const API_PAYMENT_EXPIRY_BATCH = defineBatchKind({
  name: API_PAYMENT_EXPIRY_KIND,
  periodOf: expiryPeriodOf,
  listItems: listExpiryItems,
  handleItem: expireApiPaymentItem,
  audit: recordAudit,
  pageSize: API_PAYMENT_EXPIRY_PAGE_SIZE,
  itemsPerJobMax: API_PAYMENT_EXPIRY_ITEMS_PER_JOB_MAX,
  timeoutMs: 50_000,
});

const API_PAYMENT_JOB_KINDS = {
  [API_PAYMENT_EXPIRY_KIND]: defineBatchJobKind(API_PAYMENT_EXPIRY_BATCH),
} as const;

declare module '../../jobs/queue.ts' {
  interface AppJobKinds {
    'expire-hosted-api-payments': (typeof API_PAYMENT_JOB_KINDS)['expire-hosted-api-payments'];
  }
}

export const API_PAYMENT_JOBS: JobRegistration = {
  kinds: API_PAYMENT_JOB_KINDS,
  schedules: [{ name: API_PAYMENT_EXPIRY_KIND, kind: API_PAYMENT_EXPIRY_KIND, everyMs: API_PAYMENT_EXPIRY_EVERY_MS, payload: {} }],
};
