// The charges of a transaction (name, type, amount) and its totals.
import { Card, Divider, Stack, Table, Text, Title } from '@mantine/core';
import type { TTransactionDetail } from '@paywallet/contract';
import { formatAmount, formatFee } from '../../../components/amount.tsx';
import { KeyValueList } from '../../../components/key-value-list.tsx';

const CHARGE_TYPE_LABEL: Record<string, string> = { fee: 'Fee', vat: 'VAT' };

export function ChargesCard({ detail }: { detail: TTransactionDetail }) {
  const currency = detail.currency.code;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4}>Charges</Title>
        {detail.charges.length === 0 ? (
          <Text size="sm" c="dimmed">
            No charges apply to this transaction.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing="xs" aria-label="Charges">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.charges.map((charge, index) => (
                  <Table.Tr key={`${charge.name}-${index}`}>
                    <Table.Td>{charge.name}</Table.Td>
                    <Table.Td>{CHARGE_TYPE_LABEL[charge.type] ?? charge.type}</Table.Td>
                    <Table.Td ta="right">
                      {formatFee(charge.charges, currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Divider />
        <KeyValueList
          rows={[
            { label: 'Amount', value: formatAmount(detail.amount, currency) },
            { label: 'Fee', value: formatFee(detail.fee, currency) },
            { label: 'VAT', value: formatFee(detail.vat, currency) },
            { label: 'Total', value: formatAmount(detail.total_amount, currency), strong: true },
          ]}
        />
      </Stack>
    </Card>
  );
}
