// The Generate Report form (spec 2, Reports; section 5): transaction type and export as are
// required, channel and dates optional, limit optional and left out of the request when empty.
// The form exports the transaction list (its filters), so the file holds what the Transactions
// screen shows for the same filters.
import { z } from 'zod';
import { dateRangeOrdered, MESSAGES, REPORT_LIMITS, zDay, type TExportFormat, type TGenerateReportRequest } from '@paywallet/contract';

/** The report type the form writes: the transaction list's (spec: `transaction`). */
export const GENERATE_REPORT_TYPE = 'transaction' as const;

export const EXPORT_AS_OPTIONS = [
  { value: 'pdf', label: 'PDF' },
  { value: 'excel', label: 'Excel' },
] as const;

export const ZGenerateReportForm = z
  .object({
    transactionTypeId: z.string().min(1, MESSAGES.required('transaction type')),
    channelId: z.string(),
    fromDate: z.union([z.literal(''), zDay('from date')]),
    toDate: z.union([z.literal(''), zDay('to date')]),
    exportAs: z.string().min(1, MESSAGES.required('export as')),
    limit: z
      .string()
      .trim()
      .refine((value) => value === '' || (/^\d{1,6}$/.test(value) && Number(value) >= 1), 'The limit must be at least 1')
      .refine(
        (value) => value === '' || Number(value) <= REPORT_LIMITS.excelRowsMax,
        `The limit may not be greater than ${REPORT_LIMITS.excelRowsMax}`,
      ),
  })
  .superRefine((value, ctx) => dateRangeOrdered({ fromDate: value.fromDate || undefined, toDate: value.toDate || undefined }, ctx));
export type TGenerateReportFormIn = z.input<typeof ZGenerateReportForm>;
export type TGenerateReportFormOut = z.output<typeof ZGenerateReportForm>;

export const EMPTY_REPORT_FORM: TGenerateReportFormIn = {
  transactionTypeId: '',
  channelId: '',
  fromDate: '',
  toDate: '',
  exportAs: '',
  limit: '',
};

export type TransactionReportFilters = Omit<
  Extract<TGenerateReportRequest, { reportType: typeof GENERATE_REPORT_TYPE }>,
  'reportType' | 'exportAs'
>;

/** The request's filters from the form: empty fields left out, the limit only when given. */
export function toReportFilters(values: TGenerateReportFormOut): { format: TExportFormat; filters: TransactionReportFilters } {
  const filters: TransactionReportFilters = { transactionTypeId: Number(values.transactionTypeId) };
  if (values.channelId) filters.channelId = Number(values.channelId);
  if (values.fromDate) filters.fromDate = values.fromDate;
  if (values.toDate) filters.toDate = values.toDate;
  if (values.limit) filters.limit = Number(values.limit);
  return { format: values.exportAs === 'pdf' ? 'pdf' : 'excel', filters };
}
