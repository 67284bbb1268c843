// Transaction details (screen 20, spec 2 "Transaction details"): From, Details (gateway ref,
// type, real status and settlement status per DECISIONS 5, acquiring, schema, country, approval
// code, client reference, failure reason or 'N/A') and To, the customer of a card payer who was
// not a wallet; the charges and totals; how to reach support. Back returns where it was opened from.
import { Anchor, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { TTransactionDetail } from '@paywallet/contract';
import { isApiError } from '../../../api/api-error.ts';
import { href, MERCHANT_PATHS, transactionsPath } from '../../../lib/paths.ts';
import { CopyButton } from '../../../components/copy-button.tsx';
import { GmtDate } from '../../../components/gmt-date.tsx';
import type { KeyValueRow } from '../../../components/key-value-list.tsx';
import { ErrorState } from '../../../components/query-states.tsx';
import { useAccountKind } from '../../../hooks/use-account-kind.ts';
import { useTransactionDetail } from '../api/transaction-calls.ts';
import { ChargesCard } from '../components/charges-card.tsx';
import { PartyCard } from '../components/party-card.tsx';
import { TransactionStatusBadge } from '../components/transaction-status-badge.tsx';
import { openedFromApp, returnHere, returnPath } from '../return-to.ts';
import { hasPaymentAttempts, settlementStatusWord } from '../transaction-view.ts';

type Party = TTransactionDetail['sender'];

const NOT_FOUND = 404;

function fullName(party: Party, fallback: string | null): string {
  const name = party ? `${party.first_name} ${party.last_name}`.trim() : '';
  return name || fallback || '—';
}

/** A value with a button that copies it (ids and account numbers are pasted elsewhere). */
function copyable(value: string | null, label: string, monospace = false): ReactNode {
  if (!value) return '—';
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end" component="span">
      {/* A uuid may break anywhere; an account number stays on one line. */}
      <Text
        span
        size="sm"
        ff={monospace ? 'monospace' : undefined}
        style={monospace ? { wordBreak: 'break-all' } : { whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
      <CopyButton value={value} label={label} />
    </Group>
  );
}

/** 'N/A' where the spec shows it for an absent value. */
const NOT_AVAILABLE = 'N/A';

function fromRows(detail: TTransactionDetail): KeyValueRow[] {
  const rows: KeyValueRow[] = [
    { label: 'Name', value: fullName(detail.sender, detail.sender_account_title ?? detail.card_holder_name) },
    { label: 'Account Number', value: copyable(detail.sender_account_number, 'sender account number') },
    { label: 'Email', value: detail.sender?.email ?? '—' },
  ];
  if (detail.card_holder_name) rows.push({ label: 'Card Holder', value: detail.card_holder_name });
  if (detail.card_number) rows.push({ label: 'Card', value: detail.card_number });
  return rows;
}

function detailRows(detail: TTransactionDetail): KeyValueRow[] {
  const rows: KeyValueRow[] = [
    { label: 'Transaction Id', value: copyable(detail.uuid, 'transaction id', true) },
    { label: 'Gateway Ref Id', value: copyable(detail.gateway_reference_id, 'gateway reference id', true) },
    { label: 'Type', value: detail.transaction_type.name },
    { label: 'Status', value: <TransactionStatusBadge status={detail.status} /> },
    { label: 'Settlement Status', value: settlementStatusWord(detail.settlement_status) },
    { label: 'Date (GMT)', value: <GmtDate value={detail.created_at} /> },
  ];
  if (detail.settlement_date) rows.push({ label: 'Settlement Date', value: <GmtDate value={detail.settlement_date} /> });
  if (detail.refrence) rows.push({ label: 'Reference', value: detail.refrence });
  rows.push(
    { label: 'Acquiring', value: detail.aquiring ? `${detail.aquiring.name} (${detail.aquiring.code})` : NOT_AVAILABLE },
    { label: 'Schema', value: detail.schema ? `${detail.schema.name} (${detail.schema.code})` : NOT_AVAILABLE },
    { label: 'Country', value: detail.country_code ?? NOT_AVAILABLE },
    { label: 'Approval Code', value: detail.approval_code ?? NOT_AVAILABLE },
  );
  if (detail.client_reference) rows.push({ label: 'Client Reference', value: detail.client_reference });
  if (detail.payment_method) rows.push({ label: 'Payment Method', value: detail.payment_method.name });
  rows.push({ label: 'Failure Reason', value: detail.failureReason?.reason ?? NOT_AVAILABLE });
  return rows;
}

function toRows(detail: TTransactionDetail): KeyValueRow[] {
  return [
    { label: 'Name', value: fullName(detail.receiver, detail.receiver_account_title) },
    { label: 'Account Number', value: copyable(detail.receiver_account_number, 'receiver account number') },
    { label: 'Email', value: detail.receiver?.email ?? '—' },
  ];
}

/** The payer of a link, checkout, API or POS payment who paid by card, not from a wallet. */
function customerRows(customer: NonNullable<TTransactionDetail['customer']>): KeyValueRow[] {
  return [
    { label: 'Name', value: customer.name },
    { label: 'Email', value: customer.email ?? '—' },
    { label: 'Phone', value: customer.phone ?? '—' },
  ];
}

export function TransactionDetailsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const uuid = useParams()['id'] ?? '';
  const kind = useAccountKind();
  const detail = useTransactionDetail(uuid);
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Transaction Details
        </Title>
        <Group gap="xs">
          {/* A merchant's card payment was made by attempts; the merchant can read their steps. */}
          {kind === 'merchant' && detail.data && hasPaymentAttempts(detail.data.transaction_type_id) && (
            <Button
              variant="light"
              onClick={() =>
                navigate(href(MERCHANT_PATHS.transactionAttempts, { uuid: detail.data.uuid }), { state: returnHere(location) })
              }
            >
              View attempts
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => (openedFromApp(location.state) ? navigate(-1) : navigate(returnPath(location.state, transactionsPath(kind))))}
          >
            Back
          </Button>
        </Group>
      </Group>
      {detail.isPending && <Skeleton height={220} radius="md" />}
      {detail.isError && (
        <ErrorState
          title="The transaction could not be loaded"
          message={detail.error.message}
          // Asking again for a transaction that is not there would not help.
          onRetry={isApiError(detail.error) && detail.error.code === NOT_FOUND ? undefined : () => void detail.refetch()}
        />
      )}
      {detail.isSuccess && <TransactionDetail detail={detail.data} />}
    </Stack>
  );
}

function TransactionDetail({ detail }: { detail: TTransactionDetail }) {
  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PartyCard title="From" rows={fromRows(detail)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PartyCard title="Details" rows={detailRows(detail)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PartyCard title="To" rows={toRows(detail)} />
        </Grid.Col>
        {detail.customer && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <PartyCard title="Customer" rows={customerRows(detail.customer)} />
          </Grid.Col>
        )}
      </Grid>
      <ChargesCard detail={detail} />
      <Text size="sm" c="dimmed">
        For any query please contact our support team at{' '}
        <Anchor href={`mailto:${detail.supportEmail}`} size="sm" underline="always">
          {detail.supportEmail}
        </Anchor>
      </Text>
    </Stack>
  );
}
