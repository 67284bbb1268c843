// The web kit's export: Export Excel and Export PDF buttons for a list screen (ARCHITECTURE
// section 11). A click asks the server for the report with the screen's own filters, shows its
// progress (rows written of the total, polled) under the buttons, then saves the file; a
// failure is an error toast. One export runs at a time; the buttons wait while it does.
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { TEXTS, type TExportFormat, type TReportType } from '@paywallet/contract';
import { useReportExport, type ExportState, type ReportFilters } from '../hooks/use-report-export.ts';
import { exportProgressView } from '../lib/export-progress.ts';
import { showToast } from '../lib/toast.ts';

const FORMAT_LABEL: Record<TExportFormat, string> = { excel: 'Excel', pdf: 'PDF' };

export interface ExportButtonsProps<K extends TReportType> {
  reportType: K;
  /** The filters the list shows (the same object the list query sends, without page and perPage). */
  filters: ReportFilters<K>;
  /** Which buttons; both by default (some lists offer Excel only). */
  formats?: readonly TExportFormat[];
  /** A check before anything is sent: a message is shown as an error toast and nothing is asked of the server. */
  guard?: (format: TExportFormat) => string | null;
}

export function ExportProgress({ state }: { state: Exclude<ExportState, { phase: 'idle' }> }) {
  const { percent, rowsText } = exportProgressView(state.report, state.phase === 'downloading');
  const label = `${FORMAT_LABEL[state.format]} export progress`;
  return (
    <Paper withBorder p="sm" radius="md" w="100%" maw={420} aria-live="polite">
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {state.phase === 'downloading' ? `Downloading ${state.report.fileName ?? 'the file'}` : TEXTS.processing}
        </Text>
        <Progress.Root size="lg">
          <Progress.Section value={percent ?? 100} animated={percent === null} striped={percent === null} aria-label={label} />
        </Progress.Root>
        <Text size="xs" c="gray.7" data-testid="export-rows">
          {rowsText}
        </Text>
      </Stack>
    </Paper>
  );
}

export function ExportButtons<K extends TReportType>({ reportType, filters, formats = ['excel', 'pdf'], guard }: ExportButtonsProps<K>) {
  const { state, start } = useReportExport(reportType, filters);
  const busy = state.phase !== 'idle';
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs" justify="flex-end">
        {formats.map((format) => (
          <Button
            key={format}
            variant="default"
            size="sm"
            loading={busy && state.format === format}
            disabled={busy && state.format !== format}
            onClick={() => {
              const refusal = guard?.(format) ?? null;
              if (refusal) showToast('error', refusal);
              else void start(format);
            }}
          >
            {`Export ${FORMAT_LABEL[format]}`}
          </Button>
        ))}
      </Group>
      {state.phase !== 'idle' && <ExportProgress state={state} />}
    </Stack>
  );
}
