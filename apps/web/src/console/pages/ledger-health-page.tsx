// The ledger's health (issue 16, docs/ledger-health.md): whether the ledger's invariants hold now
// (a green "Healthy", or the open breaches in red, each naming its wallet, transaction or
// currency), the last checks with what each read, and the totals per currency as the last full
// check found them. "Check now" runs a full check on the server and shows its result.
import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  adminCheckLedgerHealthCall,
  adminGetLedgerHealthCall,
  type TLedgerBreach,
  type TLedgerBreachKind,
  type TLedgerCheck,
  type TLedgerCurrencyTotals,
  type TLedgerHealth,
} from '@paywallet/contract';
import { call } from '../../api/client.ts';
import { Amount } from '../../components/amount.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../components/data-table/types.ts';
import { Icon } from '../../components/icons.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states.tsx';
import type { ListView } from '../../hooks/use-list-query.ts';
import { formatGmt } from '../../lib/format-date.ts';
import { ConsolePage, StatusBadge } from '../components/console-page.tsx';

const HEALTH_QUERY_KEY = ['console', 'ledger-health'] as const;

const BREACH_LABEL: Record<TLedgerBreachKind, string> = {
  'unbalanced-currency': 'Currency out of balance',
  'unbalanced-transaction': 'Transaction out of balance',
  'wallet-off-entries': 'Balance differs from entries',
  'negative-wallet': 'Balance below zero',
  'missing-system-account': 'Unknown system account',
  'orphan-entries': 'Entries without owner',
};

/** Rows that come whole in one answer, as the kit's table reads a list: nothing to page. */
function wholeList<Row>(query: UseQueryResult<TLedgerHealth>, rows: Row[] | undefined): ListView<Row> {
  return {
    rows: rows ?? [],
    total: rows?.length,
    phase: query.data ? 'ready' : query.isError ? 'error' : 'loading',
    error: query.error,
    fetching: query.isFetching,
    retry: () => void query.refetch(),
    paging: { mode: 'load-more', hasMore: false, loadingMore: false, loadMore: () => undefined },
  };
}

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

const CHECK_COLUMNS: DataColumn<TLedgerCheck>[] = [
  { accessor: 'startedAt', title: 'Started', render: (check) => formatGmt(check.startedAt), noWrap: true },
  {
    accessor: 'kind',
    title: 'Kind',
    render: (check) => (check.kind === 'full' ? 'Full' : 'Incremental') + (check.requestedBy ? ` (by ${check.requestedBy})` : ''),
  },
  { accessor: 'durationMs', title: 'Took', textAlign: 'right', render: (check) => duration(check.durationMs), noWrap: true },
  { accessor: 'entriesRead', title: 'Entries read', textAlign: 'right', render: (check) => count(check.entriesRead) },
  { accessor: 'transactionsRead', title: 'Transactions', textAlign: 'right', render: (check) => count(check.transactionsRead) },
  { accessor: 'walletsRead', title: 'Wallets', textAlign: 'right', render: (check) => count(check.walletsRead) },
  {
    accessor: 'breachesFound',
    title: 'Breaches',
    render: (check) =>
      check.breachesFound === 0 ? (
        <StatusBadge label="None" color="green" />
      ) : (
        <StatusBadge label={`${check.breachesFound} (${check.newBreaches} new)`} color="red" />
      ),
  },
];

const money = (field: (row: TLedgerCurrencyTotals) => number) => (row: TLedgerCurrencyTotals) => (
  <Amount minor={field(row)} decimals={row.decimals} />
);

const TOTAL_COLUMNS: DataColumn<TLedgerCurrencyTotals>[] = [
  { accessor: 'currency', title: 'Currency' },
  { accessor: 'wallets', title: 'Wallets', textAlign: 'right', render: (row) => count(row.wallets) },
  { accessor: 'available', title: 'Available', textAlign: 'right', render: money((row) => row.available) },
  { accessor: 'onHold', title: 'On hold', textAlign: 'right', render: money((row) => row.onHold) },
  { accessor: 'gateway', title: 'Card clearing', textAlign: 'right', render: money((row) => row.system.gateway) },
  { accessor: 'fees', title: 'Fee revenue', textAlign: 'right', render: money((row) => row.system.fees) },
  { accessor: 'vat', title: 'VAT payable', textAlign: 'right', render: money((row) => row.system.vat) },
  { accessor: 'payouts', title: 'Payouts', textAlign: 'right', render: money((row) => row.system.payouts) },
  {
    accessor: 'entriesSum',
    title: 'All entries',
    textAlign: 'right',
    render: (row) =>
      row.entriesSum === 0 ? (
        <StatusBadge label="Balanced" color="green" />
      ) : (
        <Amount minor={row.entriesSum} decimals={row.decimals} c="red.9" />
      ),
  },
];

function concerns(breach: TLedgerBreach): string {
  const parts: string[] = [];
  if (breach.walletId !== null) parts.push(`Wallet ${breach.accountNumber ?? `#${breach.walletId}`}`);
  if (breach.transactionId !== null) parts.push(`Transaction ${breach.transactionId}`);
  if (breach.currency !== null) parts.push(breach.currency);
  return parts.join(' · ') || '—';
}

const BREACH_COLUMNS: DataColumn<TLedgerBreach>[] = [
  { accessor: 'kind', title: 'Breach', render: (breach) => BREACH_LABEL[breach.kind] },
  { accessor: 'concerns', title: 'Concerns', render: concerns },
  { accessor: 'message', title: 'What was found' },
  { accessor: 'firstSeenAt', title: 'Since', render: (breach) => formatGmt(breach.firstSeenAt), noWrap: true },
];

/** The state now: a green "Healthy", or the open breaches in red. */
function StateCard({ health }: { health: TLedgerHealth }) {
  const lastCheck = health.checks[0];
  if (health.status === 'healthy') {
    return (
      <Paper
        withBorder
        p="md"
        bg="green.0"
        style={{ borderColor: 'var(--mantine-color-green-8)' }}
        data-ledger-state="healthy"
        role="status"
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Icon name="check" size={28} color="var(--mantine-color-green-9)" style={{ flexShrink: 0 }} />
          <Stack gap={2}>
            {/* Bold at 22 px is large text: green 9 on green 0 clears its 3:1 (and reads as green). */}
            <Title order={2} size="h3" c="green.9" fw={700}>
              Healthy
            </Title>
            <Text size="sm">
              Every invariant holds: the entries of each currency sum to zero, every wallet holds the sum of its entries, and no balance is
              below zero.
              {lastCheck ? ` Last checked ${formatGmt(lastCheck.finishedAt)} GMT.` : ' No check has run yet.'}
            </Text>
          </Stack>
        </Group>
      </Paper>
    );
  }
  const n = health.breaches.length;
  return (
    <Paper withBorder p="md" bg="red.0" style={{ borderColor: 'var(--mantine-color-red-8)' }} data-ledger-state="breached" role="alert">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Icon name="alert" size={28} color="var(--mantine-color-red-9)" style={{ flexShrink: 0 }} />
        <Stack gap={2}>
          <Title order={2} size="h3" c="red.9" fw={700}>
            {n === 1 ? '1 breach' : `${n} breaches`}
          </Title>
          <Text size="sm">
            The ledger does not hold what it should. The administrators were told when each was first found; each stays here until a check
            no longer finds it.
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

export function ConsoleLedgerHealthPage() {
  const queryClient = useQueryClient();
  const health = useQuery({
    queryKey: HEALTH_QUERY_KEY,
    queryFn: ({ signal }) => call(adminGetLedgerHealthCall, {}, { signal }),
  });
  const checkNow = useMutation({
    mutationFn: () => call(adminCheckLedgerHealthCall, {}),
    onSuccess: ({ check: _check, ...after }) => {
      queryClient.setQueryData(HEALTH_QUERY_KEY, after);
      // The menu's breach count reads the same state (its own query, under this key).
      void queryClient.invalidateQueries({ queryKey: HEALTH_QUERY_KEY, exact: false, predicate: (query) => query.queryKey.length > 2 });
    },
  });
  const data = health.data;
  return (
    <ConsolePage
      title="Ledger health"
      help="The ledger's invariants, checked every minute on what is new and every hour in full. A breach is raised once to every administrator."
    >
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {checkNow.isPending ? 'Checking the whole ledger…' : 'A full check reads every entry and every wallet.'}
        </Text>
        <Button
          onClick={() => checkNow.mutate()}
          loading={checkNow.isPending}
          disabled={!data}
          leftSection={<Icon name="history" size={16} />}
        >
          Check now
        </Button>
      </Group>
      {checkNow.isPending && <Progress value={100} striped animated aria-label="Checking the ledger" />}
      {health.isError && !data ? (
        <ErrorState message="The ledger's health could not be loaded." onRetry={() => void health.refetch()} />
      ) : !data ? (
        <LoadingState label="Loading the ledger's health…" />
      ) : (
        <>
          <StateCard health={data} />
          {data.breaches.length > 0 && (
            <DataTable
              label="Open breaches"
              storageKey="table.console.ledger-breaches"
              list={wholeList(health, data.breaches)}
              columns={BREACH_COLUMNS}
              idAccessor="id"
              rowAttributes={(breach) => ({ 'data-breach': breach.key })}
            />
          )}
          <Stack gap="xs">
            <Title order={2} size="h4">
              Last checks
            </Title>
            {data.checks.length === 0 ? (
              <EmptyState message="No check has run yet. Check now runs the first." />
            ) : (
              <DataTable
                label="Last checks"
                storageKey="table.console.ledger-checks"
                list={wholeList(health, data.checks)}
                columns={CHECK_COLUMNS}
                idAccessor="id"
                rowAttributes={(check) => ({ 'data-check-kind': check.kind, 'data-check-id': String(check.id) })}
              />
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h4">
              Totals per currency
            </Title>
            {data.totals === null ? (
              <EmptyState message="No full check has run yet. Check now reads the totals." />
            ) : (
              <>
                <Text size="sm" c="dimmed">
                  As the full check of {formatGmt(data.totals.asOf)} GMT found them. Wallets by bucket, and the system accounts.
                </Text>
                <DataTable
                  label="Totals per currency"
                  storageKey="table.console.ledger-totals"
                  list={wholeList(health, data.totals.currencies)}
                  columns={TOTAL_COLUMNS}
                  idAccessor="currency"
                  rowAttributes={(row) => ({ 'data-currency': row.currency })}
                />
              </>
            )}
          </Stack>
        </>
      )}
    </ConsolePage>
  );
}
