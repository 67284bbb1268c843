// The columns DataTable adds around a screen's own: the expand toggle first, the row actions
// last, and at phone width a single column holding each row as a card.
import { ActionIcon } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { RowActions } from './row-actions.tsx';
import { RowCard } from './row-card.tsx';
import type { DataColumn, RowAction } from './types.ts';

/** How the table reads a row's expansion: whether it may expand, whether it is open, what it is called. */
export interface ExpandState<Row> {
  label: string;
  canExpand: (row: Row) => boolean;
  isExpanded: (row: Row) => boolean;
}

export function expandColumn<Row>({ label, canExpand, isExpanded }: ExpandState<Row>): DataTableColumn<Row> {
  return {
    accessor: '__expand',
    title: '',
    width: 44,
    render: (row) =>
      canExpand(row) ? (
        // The click reaches the row, which toggles; the button gives keyboards and screen
        // readers the same toggle, with its state.
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-expanded={isExpanded(row)}
          aria-label={`${isExpanded(row) ? 'Hide' : 'Show'} ${label}`}
        >
          <span aria-hidden="true" style={{ display: 'inline-block', transform: isExpanded(row) ? 'rotate(90deg)' : 'none' }}>
            ›
          </span>
        </ActionIcon>
      ) : null,
  };
}

export function actionsColumn<Row>(actions: readonly RowAction<Row>[]): DataTableColumn<Row> {
  return { accessor: '__actions', title: 'Action', textAlign: 'right', render: (row) => <RowActions actions={actions} row={row} /> };
}

export function cardColumn<Row>(
  label: string,
  columns: readonly DataColumn<Row>[],
  actions: readonly RowAction<Row>[],
  expand: ExpandState<Row> | undefined,
): DataTableColumn<Row> {
  return {
    accessor: '__card',
    title: label,
    render: (row, index) => (
      <RowCard
        row={row}
        index={index}
        columns={columns}
        actions={actions}
        expand={expand?.canExpand(row) ? { label: expand.label, expanded: expand.isExpanded(row) } : undefined}
      />
    ),
  };
}
