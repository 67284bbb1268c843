// View Comments: a store's review log, S.no, Status, Comment and Date, oldest first.
import { Modal, Table, Text } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';
import type { TStoreRow } from '@paywallet/contract';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { commentStatusLabel } from './store-status.tsx';

export function CommentsModal({ store, onClose }: { store: TStoreRow | null; onClose: () => void }) {
  const comments = store?.details ?? [];
  return (
    <Modal
      opened={store !== null}
      onClose={onClose}
      title={store ? `Comments: ${store.name}` : 'Comments'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Table.ScrollContainer minWidth={420}>
        <Table striped aria-label="Comments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>S.no</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Comment</Table.Th>
              <Table.Th>Date</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {comments.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" ta="center" py="md">
                    {TEXTS.noData}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              comments.map((comment, index) => (
                <Table.Tr key={`${comment.created_at}-${index}`}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{commentStatusLabel(comment.status)}</Table.Td>
                  <Table.Td>{comment.comments}</Table.Td>
                  <Table.Td>
                    <GmtDate value={comment.created_at} />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Modal>
  );
}
