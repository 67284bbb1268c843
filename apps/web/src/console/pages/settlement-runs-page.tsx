// Settlement runs (console): 'Run settlements now' (every configured merchant, or one; payments
// made before a cut-off, now by default) starts a run by hand on the job queue; the screen shows
// the run it started and follows it (polling admin/get-settlement-runs) until it is done. Below,
// every run, newest first: by hand or the daily schedule's, its state, its counts (items done,
// skipped, failed), and, expanded, the settlements it made.
import { useEffect, useState } from 'react';
import { Alert, Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGetSettlementRunsCall, adminRunSettlementsCall, SETTLEMENT_TYPE_LABEL, type TSettlementRun } from '@paywallet/contract';
import { call } from '../../api/client.ts';
import { Amount, formatAmount } from '../../components/amount.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../components/data-table/types.ts';
import { WRAP_TITLE } from '../../components/data-table/wrapping.ts';
import { FormActions } from '../../components/form/form-actions.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { GmtDate } from '../../components/gmt-date.tsx';
import { ShortId } from '../../components/short-id.tsx';
import { useContractForm } from '../../hooks/use-contract-form.ts';
import { useListQuery } from '../../hooks/use-list-query.ts';
import { useUrlPager } from '../../hooks/use-url-filters.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { ZRunSettlementsForm } from '../settlement-forms.ts';

export const SETTLEMENT_RUNS_QUERY_KEY = ['console', 'settlement-runs'] as const;
/** How often a followed run is read again until it is done. */
const FOLLOW_EVERY_MS = 1_000;

function RunStateBadge({ state }: { state: TSettlementRun['state'] }) {
  return state === 'done' ? (
    <Badge color="teal" c="teal.9" variant="outline" miw="max-content">
      Done
    </Badge>
  ) : (
    <Badge color="blue" c="blue.9" variant="outline" miw="max-content">
      Running
    </Badge>
  );
}

const runKind = (run: TSettlementRun) =>
  run.manual ? (run.merchant_id === null ? 'By hand' : `By hand, merchant ${run.merchant_id}`) : 'Daily';
const counts = (run: TSettlementRun) => `${run.items_done} done, ${run.items_skipped} skipped, ${run.items_failed} failed`;

const COLUMNS: DataColumn<TSettlementRun>[] = [
  { accessor: 'id', title: 'Run', noWrap: true },
  { accessor: 'manual', title: 'Kind', render: runKind },
  { accessor: 'cutoff', title: 'Cut-off', noWrap: true, render: (run) => <GmtDate value={run.cutoff} /> },
  { accessor: 'state', title: 'State', noWrap: true, render: (run) => <RunStateBadge state={run.state} /> },
  { accessor: 'items_done', title: 'Items', render: counts },
  { accessor: 'settlements', title: 'Settlements', textAlign: 'right', noWrap: true, render: (run) => run.settlements.length },
  {
    accessor: 'last_error',
    title: 'Last Error',
    defaultToggle: false,
    render: (run) => run.last_error ?? '—',
  },
  {
    accessor: 'started_at',
    title: 'Started At',
    noWrap: true,
    titleClassName: WRAP_TITLE,
    render: (run) => <GmtDate value={run.started_at} />,
  },
  {
    accessor: 'finished_at',
    title: 'Finished At',
    noWrap: true,
    titleClassName: WRAP_TITLE,
    render: (run) => (run.finished_at ? <GmtDate value={run.finished_at} /> : '—'),
  },
];

/** What a run settled: one row per settlement, by merchant and channel. */
function RunSettlements({ run }: { run: TSettlementRun }) {
  if (run.settlements.length === 0)
    return (
      <Text size="sm" c="gray.7" px="md" py="sm">
        Nothing was settled by this run.
      </Text>
    );
  return (
    <div style={{ contain: 'inline-size' }}>
      <Table.ScrollContainer
        minWidth={720}
        px="md"
        py="sm"
        scrollAreaProps={{
          type: 'auto',
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `Settlements of run ${run.id}, scrollable` },
        }}
      >
        <Table verticalSpacing={4} aria-label={`Settlements of run ${run.id}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Settlement</Table.Th>
              <Table.Th>Merchant</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Channel</Table.Th>
              <Table.Th ta="right">Payments</Table.Th>
              <Table.Th ta="right">Settlement Amount</Table.Th>
              <Table.Th ta="right">Reserve</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.settlements.map((settlement) => (
              <Table.Tr key={settlement.id} data-settlement={settlement.uuid}>
                <Table.Td>
                  <ShortId value={settlement.uuid} copyLabel={`settlement ${settlement.uuid}`} />
                </Table.Td>
                <Table.Td>{settlement.merchant_id}</Table.Td>
                <Table.Td>{SETTLEMENT_TYPE_LABEL[settlement.type]}</Table.Td>
                <Table.Td>{settlement.channel?.name ?? '—'}</Table.Td>
                <Table.Td ta="right">{settlement.transactions_count}</Table.Td>
                <Table.Td ta="right">
                  <Amount minor={settlement.settlement_amount} currency={settlement.currency.code} size="sm" />
                </Table.Td>
                <Table.Td ta="right">
                  {settlement.reserve_amount === null ? (
                    '—'
                  ) : (
                    <Amount minor={settlement.reserve_amount} currency={settlement.currency.code} size="sm" />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

/** A run read again every second until it is done (it is among the newest runs, narrowed to its merchant's). */
function useFollowedRun(started: TSettlementRun | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...SETTLEMENT_RUNS_QUERY_KEY, 'follow', started?.id],
    enabled: started !== null,
    queryFn: async ({ signal }) => {
      const page = await call(
        adminGetSettlementRunsCall,
        { merchantId: started!.merchant_id ?? undefined, page: 1, perPage: 50 },
        { signal, errorToast: false },
      );
      return page.data.find((run) => run.id === started!.id) ?? started!;
    },
    refetchInterval: (current) => (current.state.data?.state === 'done' ? false : FOLLOW_EVERY_MS),
  });
  const run = query.data ?? started;
  const done = run?.state === 'done';
  // Once done, the list below shows the run's final counts and settlements too.
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: [...SETTLEMENT_RUNS_QUERY_KEY, 'list'] });
  }, [done, queryClient]);
  return run;
}

function FollowedRun({ run }: { run: TSettlementRun }) {
  const total = run.settlements.reduce((sum, settlement) => sum + settlement.settlement_amount, 0);
  const currencies = [...new Set(run.settlements.map((settlement) => settlement.currency.code))];
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Started run" data-run={run.id} data-state={run.state}>
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} size="h4">
            {`Run ${run.id}`}
          </Title>
          <RunStateBadge state={run.state} />
          {run.state !== 'done' && <Loader size="xs" aria-label="Following the run" />}
        </Group>
        <Text size="sm">
          {runKind(run)} · payments made before <GmtDate value={run.cutoff} />
        </Text>
        <Text size="sm">{`Items: ${counts(run)}`}</Text>
        <Text size="sm" data-testid="run-settled">
          {run.settlements.length === 0
            ? run.state === 'done'
              ? 'Nothing was settled.'
              : 'Settling…'
            : `${run.settlements.length} settlement${run.settlements.length === 1 ? '' : 's'}` +
              (currencies.length === 1 ? `, settlement amount ${formatAmount(total, currencies[0])}` : '')}
        </Text>
        {run.last_error && (
          <Alert color="red" variant="light" title="Last error">
            {run.last_error}
          </Alert>
        )}
        {run.settlements.length > 0 && <RunSettlements run={run} />}
      </Stack>
    </Card>
  );
}

function RunForm({ onStarted }: { onStarted: (run: TSettlementRun) => void }) {
  const queryClient = useQueryClient();
  const { control, formProps, pending } = useContractForm({
    call: adminRunSettlementsCall,
    schema: ZRunSettlementsForm,
    toRequest: (values) => ({ merchantUserId: values.merchantUserId, cutoff: values.cutoff === '' ? undefined : values.cutoff }),
    defaultValues: { merchantUserId: '', cutoff: '' },
    refusalFields: { MERCHANT_NOT_FOUND: 'merchantUserId', SETTLEMENT_CUTOFF_IN_FUTURE: 'cutoff' },
    onSuccess: async (run) => {
      onStarted(run);
      await queryClient.invalidateQueries({ queryKey: [...SETTLEMENT_RUNS_QUERY_KEY, 'list'] });
    },
  });
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="run-now-title">
      <form {...formProps}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="run-now-title">
            Run settlements now
          </Title>
          <Group grow align="flex-start">
            <TextField
              control={control}
              name="merchantUserId"
              label="Merchant Id"
              inputMode="numeric"
              description="Empty: every configured merchant"
            />
            <TextField control={control} name="cutoff" label="Cut-off" placeholder="2026-11-26T00:00:00Z" description="Empty: now" />
          </Group>
          <FormActions submitLabel="Run settlements now" pending={pending} />
        </Stack>
      </form>
    </Card>
  );
}

export function ConsoleSettlementRunsPage() {
  const pager = useUrlPager({ namespace: 'runs' });
  const list = useListQuery(adminGetSettlementRunsCall, {}, pager, { queryKey: SETTLEMENT_RUNS_QUERY_KEY });
  const [started, setStarted] = useState<TSettlementRun | null>(null);
  const followed = useFollowedRun(started);
  return (
    <ConsolePage
      title="Settlement runs"
      help="Settle the merchants' card payments now, rather than waiting for the daily run: every configured merchant's (or one merchant's) payments made before the cut-off. A payment is never settled twice."
    >
      <RunForm onStarted={setStarted} />
      {followed && <FollowedRun run={followed} />}
      <DataTable
        label="Settlement runs"
        storageKey="table.console.settlement-runs"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        rowAttributes={(run) => ({ 'data-run': run.id, 'data-state': run.state })}
        expansion={{ label: 'settlements', content: (run) => <RunSettlements run={run} /> }}
      />
    </ConsolePage>
  );
}
