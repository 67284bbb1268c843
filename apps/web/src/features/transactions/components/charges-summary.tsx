// A row's charges when it is expanded (spec 2, Transactions: rows expand to show charges): the
// amount, the fee and VAT charged on it, and the total.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { TTransactionRow } from '@paywallet/contract';
import { formatAmount, formatFee } from '../../../components/amount.tsx';

export function ChargesSummary({ row }: { row: TTransactionRow }) {
  const currency = row.currency.code;
  const items = [
    { label: 'Amount', value: formatAmount(row.amount, currency) },
    { label: 'Fee', value: formatFee(row.fee, currency) },
    { label: 'VAT', value: formatFee(row.vat, currency) },
    { label: 'Total', value: formatAmount(row.total_amount, currency) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" px="md" py="sm" bg="gray.0" aria-label="Charges">
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
