// A row's charges when it is expanded (spec 2, Transactions: rows expand to show charges): each
// of its `charges_transactions` (name, who paid it to whom, amount), then the amount, fee, VAT
// and total; a refund also shows the payment it refunded.
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { TTransactionRow } from '@paywallet/contract';
import { formatAmount, formatFee } from '../../../components/amount.tsx';
import { GmtDate } from '../../../components/gmt-date.tsx';

function Totals({ row }: { row: TTransactionRow }) {
  const currency = row.currency.code;
  const items = [
    { label: 'Amount', value: formatAmount(row.amount, currency) },
    { label: 'Fee', value: formatFee(row.fee, currency) },
    { label: 'VAT', value: formatFee(row.vat, currency) },
    { label: 'Total', value: formatAmount(row.total_amount, currency) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {items.map((item) => (
        <Stack key={item.label} gap={0}>
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text size="sm" fw={item.label === 'Total' ? 700 : 500} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function ChargesSummary({ row }: { row: TTransactionRow }) {
  const currency = row.currency.code;
  const refunded = row.refunded_transaction;
  return (
    // Sized by the row, never by its own content (inline-size containment): at phone width the
    // charges table widened the whole list past the screen and cut every card's values; contained,
    // what does not fit scrolls inside the expanded row instead.
    <Stack gap="sm" px="md" py="sm" bg="gray.0" aria-label="Charges" style={{ contain: 'inline-size' }}>
      {row.charges_transactions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No charges
        </Text>
      ) : (
        <Table.ScrollContainer
          // Narrow enough for a 390 px phone's card (its cells wrap); on a narrower screen it
          // scrolls, reached and scrolled from the keyboard too.
          minWidth={280}
          scrollAreaProps={{ type: 'auto', viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Charges, scrollable' } }}
        >
          <Table verticalSpacing={4} aria-label="Charges transactions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Charge</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {row.charges_transactions.map((charge, index) => (
                <Table.Tr key={`${charge.type}-${index}`}>
                  <Table.Td>{charge.name}</Table.Td>
                  <Table.Td>{charge.sender_account_title ?? '—'}</Table.Td>
                  <Table.Td>{charge.receiver_account_title}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatFee(charge.total_amount, currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Totals row={row} />
      {refunded && (
        <Text size="sm">
          Refund of {refunded.uuid.slice(0, 8)}… ({formatAmount(refunded.amount, currency)}, fee {formatFee(refunded.fee, currency)}, VAT{' '}
          {formatFee(refunded.vat, currency)}, <GmtDate value={refunded.created_at} />)
        </Text>
      )}
    </Stack>
  );
}
