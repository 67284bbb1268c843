// The user's transactions, newest first, a page at a time.
import { Card, Stack, Title } from '@mantine/core';
import { PagedList } from '../../../components/paged-list.tsx';
import { usePagination } from '../../../hooks/use-pagination.ts';
import { useTransactions } from '../api/transaction-calls.ts';
import { TransactionsTable } from '../components/transactions-table.tsx';

export function TransactionsPage() {
  const pagination = usePagination();
  const transactions = useTransactions({ page: pagination.page, perPage: pagination.perPage });
  return (
    <Stack gap="lg">
      <Title order={2}>Transactions</Title>
      <Card withBorder radius="md" padding="md">
        <PagedList label="Transactions" query={transactions} pagination={pagination}>
          {(rows) => <TransactionsTable rows={rows} />}
        </PagedList>
      </Card>
    </Stack>
  );
}
