// User Requests rows (spec 1 screen 15): requests other people sent me, with Accept and
// Reject while the request is PENDING.
import { Button, Group, Table, Text } from '@mantine/core';
import type { TReceivedMoneyRequest } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { RequestStatusBadge } from './request-status-badge.tsx';

export interface UserRequestsTableProps {
  rows: TReceivedMoneyRequest[];
  onAccept: (row: TReceivedMoneyRequest) => void;
  onReject: (row: TReceivedMoneyRequest) => void;
}

export function UserRequestsTable({ rows, onAccept, onReject }: UserRequestsTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="User Requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Notes</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Currency</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created At</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-request-id={row.id}>
              <Table.Td>{row.user_account.user.email}</Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" lineClamp={2} title={row.notes}>
                  {row.notes || '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Amount minor={row.amount} />
              </Table.Td>
              <Table.Td>{row.user_account.currency.code}</Table.Td>
              <Table.Td>
                <RequestStatusBadge status={row.status} label={row.statusStr} />
              </Table.Td>
              <Table.Td>
                <GmtDate value={row.created_at} />
              </Table.Td>
              <Table.Td>
                {row.status === 'PENDING' && (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" onClick={() => onAccept(row)}>
                      Accept
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => onReject(row)}>
                      Reject
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
