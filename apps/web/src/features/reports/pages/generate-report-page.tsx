// Generate Report (spec 2, Reports): transaction type, channel, start and end date, export as
// and limit; Generate asks the server for the report, shows its progress while the job writes
// it, and saves the file when it is ready (DECISIONS 38).
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { ExportProgress } from '../../../components/export-buttons.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { formErrorMap } from '../../../components/form/form-error-map.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useMerchantChannels } from '../../../hooks/use-merchant-channels.ts';
import { useReportExport } from '../../../hooks/use-report-export.ts';
import { transactionTypeOptions, useTransactionTypes } from '../../../hooks/use-transaction-types.ts';
import { ReportDayField } from '../components/report-day-field.tsx';
import {
  EMPTY_REPORT_FORM,
  EXPORT_AS_OPTIONS,
  GENERATE_REPORT_TYPE,
  toReportFilters,
  ZGenerateReportForm,
  type TGenerateReportFormIn,
  type TGenerateReportFormOut,
} from '../report-form.ts';

export function GenerateReportPage() {
  const form = useForm<TGenerateReportFormIn, unknown, TGenerateReportFormOut>({
    resolver: zodResolver(ZGenerateReportForm, { error: formErrorMap }),
    mode: 'onChange',
    defaultValues: EMPTY_REPORT_FORM,
  });
  const { control } = form;
  const [fromDate, toDate] = useWatch({ control, name: ['fromDate', 'toDate'] });
  const channels = useMerchantChannels();
  const types = useTransactionTypes();
  const { state, start } = useReportExport(GENERATE_REPORT_TYPE, {});
  const busy = state.phase !== 'idle';
  const onSubmit = form.handleSubmit(async (values) => {
    const { format, filters } = toReportFilters(values);
    await start(format, filters);
  });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Generate Report
      </Title>
      <Card withBorder radius="md" padding="lg" maw={820}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Generate Report">
          <Stack gap="md">
            <Text size="sm" c="gray.7">
              The report lists your transactions of the chosen type, newest first, with the filters below.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <SelectField
                control={control}
                name="transactionTypeId"
                label="Transaction Type"
                placeholder="Select type"
                data={transactionTypeOptions(types.data)}
                required
                searchable
                loading={types.isPending}
                description={types.isError ? 'The transaction types could not be loaded; reload the page to try again' : undefined}
              />
              <SelectField
                control={control}
                name="channelId"
                label="Channel"
                placeholder="All channels"
                data={channels.data ?? []}
                searchable
                clearable
                allowDeselect
                loading={channels.isPending}
              />
              <ReportDayField control={control} name="fromDate" label="Start Date" maxDate={toDate} />
              <ReportDayField control={control} name="toDate" label="End Date" minDate={fromDate} />
              <SelectField
                control={control}
                name="exportAs"
                label="Export As"
                placeholder="Select format"
                data={EXPORT_AS_OPTIONS}
                required
              />
              <TextField
                control={control}
                name="limit"
                label="Limit"
                placeholder="All rows"
                inputMode="numeric"
                description="The newest rows only; leave empty for all"
              />
            </SimpleGrid>
            <FormActions submitLabel="Generate" pending={busy} />
            {state.phase !== 'idle' && <ExportProgress state={state} />}
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
