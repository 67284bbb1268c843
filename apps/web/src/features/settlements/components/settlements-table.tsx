// The settlements of one type on the kit's DataTable (spec 2 "Settlements"): settlement id, from
// and to dates, reference, channel, currency, amount, fee, VAT, settlement amount (amount − fee −
// VAT, DECISIONS 3), status (DECISIONS 2) and when it was made. Every amount names its currency
// (a merchant with AED and USD accounts cannot read a bare '10.00'). A row with a rolling reserve
// expands into the reserve's sub-table (Reference, Channel, Currency, Fee and Vat start hidden
// under Columns to fit 1280 px); the row action opens the settlement's transactions
// ('Settlement Transactions', 'Settlement' in the direct list). Load more under the table.
import type { TSettlementRow, TSettlementTypeName } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn, RowAction } from '../../../components/data-table/types.ts';
import { WRAP_TITLE } from '../../../components/data-table/wrapping.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { ShortId } from '../../../components/short-id.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';
import { ReserveTable } from './reserve-table.tsx';
import { SettlementStatusBadge } from './settlement-badges.tsx';

/** The settlement's currency: its account's. */
const currencyOf = (row: TSettlementRow) => row.user_account.currency.code;

const COLUMNS: DataColumn<TSettlementRow>[] = [
  {
    accessor: 'uuid',
    title: 'Settlement Id',
    noWrap: true,
    titleClassName: WRAP_TITLE,
    render: (row) => <ShortId value={row.uuid} copyLabel={`settlement ${row.uuid}`} />,
  },
  { accessor: 'from_date', title: 'From Date', noWrap: true, titleClassName: WRAP_TITLE },
  { accessor: 'to_date', title: 'To Date', noWrap: true, titleClassName: WRAP_TITLE },
  {
    accessor: 'reference',
    title: 'Reference',
    noWrap: true,
    defaultToggle: false,
    render: (row) => (row.reference ? <ShortId value={row.reference} copyLabel={`reference ${row.reference}`} /> : '—'),
  },
  // Channel, Currency, Fee and Vat start hidden under Columns, so that the rest fits 1280 px
  // with nine-figure amounts, without scrolling sideways (the currency is the account's, named
  // with every amount, and the fee and VAT are on the details' summary).
  { accessor: 'channel.name', title: 'Channel', defaultToggle: false, render: (row) => row.channel?.name ?? '—' },
  {
    accessor: 'user_account.currency.code',
    title: 'Currency',
    noWrap: true,
    defaultToggle: false,
    render: (row) => row.user_account.currency.code,
  },
  // The currency goes under a nine-figure amount rather than push the table past 1280 px.
  {
    accessor: 'amount',
    title: 'Amount',
    textAlign: 'right',
    render: (row) => <Amount minor={row.amount} currency={currencyOf(row)} size="sm" currencyMayWrap />,
  },
  {
    accessor: 'fee',
    title: 'Fee',
    textAlign: 'right',
    defaultToggle: false,
    render: (row) => <Amount kind="fee" minor={row.fee} currency={currencyOf(row)} size="sm" currencyMayWrap />,
  },
  {
    accessor: 'vat',
    title: 'Vat',
    textAlign: 'right',
    defaultToggle: false,
    render: (row) => <Amount kind="fee" minor={row.vat} currency={currencyOf(row)} size="sm" currencyMayWrap />,
  },
  {
    accessor: 'settlement_amount',
    title: 'Settlement Amount',
    textAlign: 'right',
    titleClassName: WRAP_TITLE,
    render: (row) => <Amount minor={row.settlement_amount} currency={currencyOf(row)} size="sm" fw={600} currencyMayWrap />,
  },
  { accessor: 'status', title: 'Status', noWrap: true, render: (row) => <SettlementStatusBadge status={row.status} /> },
  {
    accessor: 'created_at',
    title: 'Created At',
    noWrap: true,
    titleClassName: WRAP_TITLE,
    render: (row) => <GmtDate value={row.created_at} />,
  },
];

/** The row action's label: 'Settlement Transactions', or 'Settlement' in the direct list (spec 2). */
export function settlementActionLabel(type: TSettlementTypeName): string {
  return type === 'direct' ? 'Settlement' : 'Settlement Transactions';
}

export function SettlementsTable({
  type,
  list,
  onOpen,
}: {
  type: TSettlementTypeName;
  list: ListView<TSettlementRow>;
  onOpen: (row: TSettlementRow) => void;
}) {
  const actions: RowAction<TSettlementRow>[] = [{ label: settlementActionLabel(type), icon: 'details', onClick: onOpen }];
  return (
    <DataTable
      label={type === 'direct' ? 'Direct settlements' : 'Aggregate settlements'}
      storageKey={`table.settlements.${type}`}
      list={list}
      columns={COLUMNS}
      idAccessor="id"
      rowAttributes={(row) => ({ 'data-settlement': row.uuid })}
      actions={actions}
      expansion={{
        label: 'rolling reserve',
        expandable: (row) => row.rolling_reserve !== null,
        content: (row) => row.rolling_reserve && <ReserveTable reserve={row.rolling_reserve} currency={row.user_account.currency.code} />,
      }}
    />
  );
}
