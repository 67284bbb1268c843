// The transactions list on the kit's DataTable: date (GMT), id, type, counterparty, the payable
// amount by the spec's display rules (transaction-view.ts: Refunded, Adjusted, a reserve's
// reference badge) and status; a row expands to its charges. Row actions: Details and Attempts
// History on every tab (attempts exist for merchant card payments); the Transaction tab also
// offers the refund action (refunds feature). To fit 1280 px with a nine-figure amount (issue
// 15) the actions are icon buttons named by their label, the id is a ShortId, and Show Remaining
// Funds sits under the amount instead of beside it.
import { useContext, useState } from 'react';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { TTransactionRow } from '@paywallet/contract';
import { href, MERCHANT_PATHS, PATHS } from '../../../lib/paths.ts';
import { Amount } from '../../../components/amount.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn, RowAction } from '../../../components/data-table/types.ts';
import { WRAP_TITLE } from '../../../components/data-table/wrapping.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { ShortId, SHORT_ID_CHARS } from '../../../components/short-id.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';
import { useAccountKind } from '../../../hooks/use-account-kind.ts';
import { returnHere } from '../return-to.ts';
import { counterpartyOf, hasPaymentAttempts, payableOf } from '../transaction-view.ts';
import { RefundSlotContext, type RefundTarget } from '../refund-slot.ts';
import { ChargesSummary } from './charges-summary.tsx';
import { TransactionStatusBadge } from './transaction-status-badge.tsx';

function PayableCell({ row }: { row: TTransactionRow }) {
  const refund = useContext(RefundSlotContext);
  if (row.status === TRANSACTION_STATUS.FAILED || row.status === TRANSACTION_STATUS.EXPIRED) {
    // Nothing moved: the amount is shown struck through, without a sign.
    return <Amount minor={row.amount} currency={row.currency.code} c="dimmed" td="line-through" />;
  }
  const payable = payableOf(row);
  const remaining = refund && <refund.RemainingFunds row={row} />;
  return (
    // The amount on its own line and what qualifies it under it: beside it, 'Refunded' and Show
    // Remaining Funds made the column 60 and 140 px wider and pushed the status off 1280 px.
    <Stack gap={2} align="flex-end">
      {/* Unsigned (no direction) for a move between the holder's own wallets. */}
      <Amount minor={payable.minor} currency={row.currency.code} direction={payable.sign === 0 ? undefined : payable.sign} fw={600} />
      {(payable.badge || payable.label || remaining) && (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {/* The reference is a uuid: its beginning, as ids read in every table, the whole in the title
              (the whole uuid made the Amount column 70 px wider and pushed the status off 1280 px). */}
          {payable.badge && (
            <Badge variant="light" color="gray" size="sm" ff="monospace" title={`Reference ${payable.badge}`}>
              {payable.badge.slice(0, SHORT_ID_CHARS)}
            </Badge>
          )}
          {payable.label && (
            <Text span size="xs" c="dimmed">
              {payable.label}
            </Text>
          )}
          {/* Show Remaining Funds (types 8, 9, 10): its clicks, the popover's too, must not toggle the row. */}
          {remaining && <Box onClick={(event) => event.stopPropagation()}>{remaining}</Box>}
        </Group>
      )}
    </Stack>
  );
}

const COLUMNS: DataColumn<TTransactionRow>[] = [
  { accessor: 'created_at', title: 'Date (GMT)', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
  {
    accessor: 'uuid',
    title: 'Transaction Id',
    titleClassName: WRAP_TITLE,
    noWrap: true,
    render: (row) => <ShortId value={row.uuid} copyLabel={`transaction ${row.uuid}`} />,
  },
  { accessor: 'transaction_type.name', title: 'Type' },
  { accessor: 'counterparty', title: 'Counterparty', render: (row) => counterpartyOf(row) },
  { accessor: 'amount', title: 'Amount', textAlign: 'right', noWrap: true, render: (row) => <PayableCell row={row} /> },
  { accessor: 'status', title: 'Status', render: (row) => <TransactionStatusBadge status={row.status} /> },
];

export interface TransactionsTableProps {
  list: ListView<TTransactionRow>;
  /** The Transaction tab: where the refund action goes. */
  refundSlot: boolean;
  storageKey?: string;
}

export function TransactionsTable({ list, refundSlot, storageKey = 'table.transactions' }: TransactionsTableProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const merchant = useAccountKind() === 'merchant';
  // One Create Refund modal for the table, opened by a row's Refund action.
  const refund = useContext(RefundSlotContext);
  const [refundTarget, setRefundTarget] = useState<RefundTarget | null>(null);
  const actions: RowAction<TTransactionRow>[] = [
    {
      label: 'Details',
      icon: 'details',
      onClick: (row) => navigate(href(PATHS.transactionDetails, { id: row.uuid }), { state: returnHere(location) }),
    },
  ];
  if (merchant) {
    actions.push({
      label: 'Attempts History',
      icon: 'history',
      onClick: (row) => navigate(href(MERCHANT_PATHS.transactionAttempts, { uuid: row.uuid }), { state: returnHere(location) }),
      // Only a merchant's card payment was made by attempts.
      hidden: (row) => !hasPaymentAttempts(row.transaction_type_id),
    });
  }
  if (refundSlot && refund) {
    // refunds: row action (Create Refund on a successful payment of types 8, 9, 10)
    actions.push({
      label: 'Refund',
      icon: 'refund',
      onClick: (row) => setRefundTarget({ transactionId: row.uuid, currency: row.currency.code }),
      hidden: (row) => !refund.canRefund(row),
    });
  }
  return (
    <>
      <DataTable
        label="Transactions"
        storageKey={storageKey}
        list={list}
        columns={COLUMNS}
        idAccessor="uuid"
        rowAttributes={(row) => ({ 'data-uuid': row.uuid })}
        expansion={{ label: 'charges', content: (row) => <ChargesSummary row={row} /> }}
        actions={actions}
      />
      {refund && refundSlot && <refund.RefundModal target={refundTarget} onClose={() => setRefundTarget(null)} />}
    </>
  );
}
