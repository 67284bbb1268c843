// A row at phone width: every shown column as a label and its value, then the row's actions and
// its expand toggle. Nothing hides at 390 px; the columns the user switched off stay off here too.
import { Button, Stack } from '@mantine/core';
import { getValueAtPath } from 'mantine-datatable';
import { KeyValueList } from '../key-value-list.tsx';
import { RowActions } from './row-actions.tsx';
import type { DataColumn, RowAction } from './types.ts';

export interface RowCardProps<Row> {
  row: Row;
  index: number;
  columns: readonly DataColumn<Row>[];
  actions: readonly RowAction<Row>[];
  /** The expand toggle's text and state, when the row expands. */
  expand?: { label: string; expanded: boolean } | undefined;
}

function cellOf<Row>(column: DataColumn<Row>, row: Row, index: number) {
  if (column.render) return column.render(row, index);
  const value = getValueAtPath(row, column.accessor);
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

export function RowCard<Row>({ row, index, columns, actions, expand }: RowCardProps<Row>) {
  return (
    <Stack gap="sm" py={4}>
      <KeyValueList
        rows={columns.filter((column) => !column.hidden).map((column) => ({ label: column.title, value: cellOf(column, row, index) }))}
      />
      <RowActions actions={actions} row={row} grow />
      {expand && (
        // The click reaches the row, which expands: the same path as a click anywhere on it.
        <Button size="xs" variant="subtle" aria-expanded={expand.expanded}>
          {expand.expanded ? `Hide ${expand.label}` : `Show ${expand.label}`}
        </Button>
      )}
    </Stack>
  );
}
