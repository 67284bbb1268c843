// A settlement's rolling reserve, when its row is expanded (spec 2 "Settlements": a row with a
// rolling reserve expands into a reserve sub-table): uuid, amount, reserve %, status, how long it
// is held (days, hours and mins), created and updated.
import { Table, Text } from '@mantine/core';
import type { TRollingReserve } from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { ShortId } from '../../../components/short-id.tsx';
import { holdDuration, percentOfBps } from '../settlement-view.ts';
import { ReserveStatusBadge } from './settlement-badges.tsx';

export function ReserveTable({ reserve, currency }: { reserve: TRollingReserve; currency: string }) {
  return (
    // Sized by the row, never by its own content: at phone width it scrolls inside the card.
    <div style={{ contain: 'inline-size' }}>
      <Text size="sm" fw={600} px="md" pt="sm">
        Rolling Reserve
      </Text>
      <Table.ScrollContainer
        minWidth={640}
        px="md"
        pb="sm"
        scrollAreaProps={{ type: 'auto', viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Rolling reserve, scrollable' } }}
      >
        <Table verticalSpacing={4} aria-label="Rolling reserve" data-reserve={reserve.uuid}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>UUID</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Reserve (%)</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Created At</Table.Th>
              <Table.Th>Updated At</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                <ShortId value={reserve.uuid} copyLabel={`reserve ${reserve.uuid}`} />
              </Table.Td>
              <Table.Td ta="right">
                <Amount minor={reserve.amount} currency={currency} size="sm" />
              </Table.Td>
              <Table.Td ta="right">{percentOfBps(reserve.rolling_reserve)}</Table.Td>
              <Table.Td>
                <ReserveStatusBadge status={reserve.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{holdDuration(reserve.time_interval)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <GmtDate value={reserve.created_at} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <GmtDate value={reserve.updated_at} />
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
