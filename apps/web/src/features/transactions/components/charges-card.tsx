// The charges of a transaction (name, type, amount) and its totals, told by its status
// (charges-view.ts): what was charged, what will be once a pending payment completes, or that
// nothing was charged because it failed or expired.
import { Card, Divider, Stack, Table, Text, Title } from '@mantine/core';
import type { TTransactionDetail } from '@paywallet/contract';
import { formatAmount, formatFee } from '../../../components/amount.tsx';
import { KeyValueList } from '../../../components/key-value-list.tsx';
import type { KeyValueRow } from '../../../components/key-value-list.tsx';
import { chargesView } from '../charges-view.ts';
import type { ChargeLine } from '../charges-view.ts';

const CHARGE_TYPE_LABEL: Record<string, string> = { fee: 'Fee', vat: 'VAT' };

function ChargeTable({ lines, currency }: { lines: readonly ChargeLine[]; currency: string }) {
  return (
    <Table verticalSpacing="xs" aria-label="Charges">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, index) => (
          <Table.Tr key={`${line.name}-${index}`}>
            <Table.Td>{line.name}</Table.Td>
            <Table.Td>{CHARGE_TYPE_LABEL[line.type] ?? line.type}</Table.Td>
            <Table.Td ta="right">{formatFee(line.charges, currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function totalRows(detail: TTransactionDetail, totalLabel: string): KeyValueRow[] {
  const currency = detail.currency.code;
  return [
    { label: 'Amount', value: formatAmount(detail.amount, currency) },
    { label: 'Fee', value: formatFee(detail.fee, currency) },
    { label: 'VAT', value: formatFee(detail.vat, currency) },
    { label: totalLabel, value: formatAmount(detail.total_amount, currency), strong: true },
  ];
}

function ChargesBody({ detail }: { detail: TTransactionDetail }) {
  const currency = detail.currency.code;
  const view = chargesView(detail);
  switch (view.kind) {
    case 'not-charged':
      return (
        <>
          <Text size="sm">Nothing was charged: this transaction {view.outcome}.</Text>
          <Divider />
          <KeyValueList
            rows={[
              { label: 'Amount attempted', value: formatAmount(detail.amount, currency) },
              { label: 'Charged', value: formatAmount(0, currency), strong: true },
            ]}
          />
        </>
      );
    case 'pending':
      return (
        <>
          <Text size="sm">Nothing has been charged yet. These charges apply when the payment completes.</Text>
          {view.lines.length > 0 && <ChargeTable lines={view.lines} currency={currency} />}
          <Divider />
          <KeyValueList rows={totalRows(detail, 'Total to be charged')} />
        </>
      );
    case 'free':
      return (
        <>
          <Text size="sm">No charges apply to this transaction.</Text>
          <Divider />
          <KeyValueList rows={totalRows(detail, 'Total')} />
        </>
      );
    case 'charged':
      return (
        <>
          <ChargeTable lines={view.lines} currency={currency} />
          <Divider />
          <KeyValueList rows={totalRows(detail, 'Total')} />
        </>
      );
  }
}

export function ChargesCard({ detail }: { detail: TTransactionDetail }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Charges
        </Title>
        <ChargesBody detail={detail} />
      </Stack>
    </Card>
  );
}
