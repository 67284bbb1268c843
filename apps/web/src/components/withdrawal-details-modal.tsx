// View Details of a withdrawal request (spec 2 'Withdrawals'): the request in a few lines, then
// its detail rows: S.NO, Comments, Reference Id ('N/A' when empty), Created and Updated.
import { Modal, Stack, Table, Text } from '@mantine/core';
import { TEXTS, type TWithdrawalRow } from '@paywallet/contract';
import { formatAmount } from './amount.tsx';
import { GmtDate } from './gmt-date.tsx';
import { KeyValueList } from './key-value-list.tsx';
import { EmptyState } from './query-states.tsx';
import { WithdrawalStatusBadge } from './withdrawal-status.tsx';

export function WithdrawalDetailsModal({ request, onClose }: { request: TWithdrawalRow | null; onClose: () => void }) {
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title="Withdrawal Request Details"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {request && (
        <Stack gap="md">
          <KeyValueList
            rows={[
              { label: 'Amount', value: formatAmount(request.amount, request.currency.code), strong: true },
              { label: 'Method', value: request.with_drawal_method.payment_method.name },
              ...Object.entries(request.with_drawal_method.details).map(([label, value]) => ({ label, value })),
              { label: 'Status', value: <WithdrawalStatusBadge status={request.status} /> },
              { label: 'Created', value: <GmtDate value={request.created_at} /> },
            ]}
          />
          {request.with_drawal_request_details.length === 0 ? (
            <EmptyState message={TEXTS.noDetails} />
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table striped aria-label="Withdrawal request details">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>S.NO</Table.Th>
                    <Table.Th>Comments</Table.Th>
                    <Table.Th>Reference Id</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Updated</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {request.with_drawal_request_details.map((row, index) => (
                    <Table.Tr key={`${row.created_at}-${index}`} data-detail-status={row.status_str}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.comments || row.status_str}</Text>
                      </Table.Td>
                      <Table.Td>{row.source_reference_id || 'N/A'}</Table.Td>
                      <Table.Td>
                        <GmtDate value={row.created_at} />
                      </Table.Td>
                      <Table.Td>
                        <GmtDate value={row.updated_at} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Modal>
  );
}
