// The transactions of an API payment (its attempts): id, amount, status, card and time, each
// linked to its attempt timeline; 'No Details Available' when there are none yet.
import { Anchor, Modal, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { TEXTS, TRANSACTION_STATUS } from '@paywallet/contract';
import type { TApiPaymentRow } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { EmptyState } from '../../../components/query-states.tsx';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';

/** An attempt is a transaction; this screen words a failed one as the spec does ('Failure'). */
const STATUS: Readonly<Record<number, string>> = {
  [TRANSACTION_STATUS.PENDING]: 'Pending',
  [TRANSACTION_STATUS.SUCCESS]: 'Success',
  [TRANSACTION_STATUS.FAILED]: 'Failure',
};

export function ApiPaymentAttemptsModal({ payment, onClose }: { payment: TApiPaymentRow | null; onClose: () => void }) {
  const rows = payment?.transactions ?? [];
  return (
    <Modal opened={payment !== null} onClose={onClose} title="Attempts" centered size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {rows.length === 0 ? (
        <EmptyState message={TEXTS.noDetails} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Attempts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Transaction</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Card</Table.Th>
                <Table.Th>Time</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((tx) => (
                <Table.Tr key={tx.uuid}>
                  <Table.Td>
                    <Anchor component={Link} to={MERCHANT_PATHS.transactionAttempts.replace(':uuid', tx.uuid)} size="sm" ff="monospace">
                      {tx.uuid.slice(0, 8)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Amount minor={tx.amount} currency={payment?.currency.code} />
                  </Table.Td>
                  <Table.Td>
                    {STATUS[tx.status] ?? String(tx.status)}
                    {tx.failureReason ? (
                      <Text span size="xs" c="dimmed" display="block">
                        {tx.failureReason.reason}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text span size="sm" ff="monospace">
                      {tx.card_number ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <GmtDate value={tx.created_at} />
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
