// A refund's status history (spec 2 'Refund status history row'): Status, Comments and
// Time/Date, or 'No Details Available' when it has none.
import { Modal, Table } from '@mantine/core';
import { TEXTS, type TRefundStatusHistoryRow } from '@paywallet/contract';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { EmptyState } from '../../../components/query-states.tsx';
import { RefundStatusBadge } from '../../../components/refund-status.tsx';

export function RefundHistoryModal({ details, onClose }: { details: readonly TRefundStatusHistoryRow[] | null; onClose: () => void }) {
  return (
    <Modal
      opened={details !== null}
      onClose={onClose}
      title="Refund Status History"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {!details || details.length === 0 ? (
        <EmptyState message={TEXTS.noDetails} />
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped aria-label="Refund status history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Th>Comments</Table.Th>
                <Table.Th>Time/Date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {details.map((row, index) => (
                <Table.Tr key={`${row.created_at}-${index}`}>
                  <Table.Td>
                    <RefundStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>{row.comment ?? '—'}</Table.Td>
                  <Table.Td>
                    <GmtDate value={row.created_at} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
