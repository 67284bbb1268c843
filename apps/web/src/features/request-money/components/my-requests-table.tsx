// My Requests rows (spec 1 screen 15): email, phone, amount, currency, status, created, and
// Cancel Request while the request is still PENDING (the server refuses the others).
import { Button, Table } from '@mantine/core';
import type { TMyMoneyRequest } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { RequestStatusBadge } from './request-status-badge.tsx';

export function MyRequestsTable({ rows, onCancel }: { rows: TMyMoneyRequest[]; onCancel: (row: TMyMoneyRequest) => void }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="My Requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone Number</Table.Th>
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
              <Table.Td>{row.email ?? '—'}</Table.Td>
              <Table.Td>{row.phone_number ?? '—'}</Table.Td>
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
                  <Button size="xs" variant="light" color="red" onClick={() => onCancel(row)}>
                    Cancel Request
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
