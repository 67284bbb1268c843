// The cards a customer paid with (spec 3 section 2.5): holder, masked number and when it was
// first used; 'No Details Available' when there are none.
import { Modal, Stack, Table, Text } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';
import type { TCustomerRow } from '@paywallet/contract';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { EmptyState } from '../../../components/query-states.tsx';

export function CustomerCardsModal({ customer, onClose }: { customer: TCustomerRow | null; onClose: () => void }) {
  const cards = customer?.cards ?? [];
  return (
    <Modal
      opened={customer !== null}
      onClose={onClose}
      title={customer ? `Cards of ${customer.name}` : 'Cards'}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {cards.length === 0 ? (
        <EmptyState message={TEXTS.noDetails} />
      ) : (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={420}>
            <Table striped aria-label="Cards">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Card Holder</Table.Th>
                  <Table.Th>Card Number</Table.Th>
                  <Table.Th>Added</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cards.map((card) => (
                  <Table.Tr key={`${card.card_number}-${card.created_at}`}>
                    <Table.Td>{card.card_holder_name}</Table.Td>
                    <Table.Td>
                      <Text span size="sm" ff="monospace">
                        {card.card_number}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <GmtDate value={card.created_at} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Modal>
  );
}
