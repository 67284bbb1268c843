// The read-only details modal of the shell (spec 1 'Shell and shared dialogs'): a title and a
// list of labels and values, or 'No Details Available' when there is nothing to show.
import { Modal } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';
import { KeyValueList } from './key-value-list.tsx';
import type { KeyValueRow } from './key-value-list.tsx';
import { EmptyState } from './query-states.tsx';

export interface DetailsModalProps {
  opened: boolean;
  title: string;
  rows: readonly KeyValueRow[];
  onClose: () => void;
}

export function DetailsModal({ opened, title, rows, onClose }: DetailsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {rows.length === 0 ? <EmptyState message={TEXTS.noDetails} /> : <KeyValueList rows={rows} />}
    </Modal>
  );
}
