// The one table every list screen uses (ARCHITECTURE section 11), on mantine-datatable: typed
// columns, row actions each hidden by its per-row condition, expandable rows, a column toggle
// remembered per table, pages with the per-page choices of DECISIONS 25 or a Load more button,
// and the loading, empty ('No data available') and error (message + Retry) states.
// At phone width each row becomes a card listing every shown column, so nothing hides there.
// The screen passes a ListView (hooks/use-list-query.ts): the table never fetches by itself.
import { useMemo, useState } from 'react';
import { Button, Center, Group, Stack } from '@mantine/core';
import { DataTable as MantineDataTable, useDataTableColumns } from 'mantine-datatable';
import type { DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import './data-table.css';
import { TEXTS } from '@paywallet/contract';
import type { ListView } from '../../hooks/use-list-query.ts';
import { usePhoneWidth } from '../../hooks/use-phone-width.ts';
import { ErrorState } from '../query-states.tsx';
import { ColumnToggle } from './column-toggle.tsx';
import { actionsColumn, cardColumn, expandColumn } from './kit-columns.tsx';
import { pagingProps } from './pagination-bar.tsx';
import { visibleActions } from './row-actions.tsx';
import type { DataColumn, RowAction, RowExpansion } from './types.ts';

/** Room for the loader or the empty text while there are no rows. */
const EMPTY_HEIGHT_PX = 180;

export interface DataTableProps<Row> {
  /** Names the table for assistive technology and in messages: 'Transactions'. */
  label: string;
  /** The local storage key of this table's column choice; one per table. */
  storageKey: string;
  list: ListView<Row>;
  columns: DataColumn<Row>[];
  /** What tells rows apart: a field of the row, or a function of it. */
  idAccessor: (keyof Row & string) | ((row: Row) => string | number);
  actions?: RowAction<Row>[];
  expansion?: RowExpansion<Row>;
  /** Attributes of each row's element (data-uuid, data-request-id). */
  rowAttributes?: (row: Row) => Record<string, string | number>;
}

function idOf<Row>(idAccessor: DataTableProps<Row>['idAccessor'], row: Row): string | number {
  return typeof idAccessor === 'function' ? idAccessor(row) : (row[idAccessor] as string | number);
}

/** The screen's columns with the user's choice applied, and the choice itself for the Columns button. */
function useToggledColumns<Row>(storageKey: string, columns: DataColumn<Row>[]) {
  const toggleable = useMemo(() => columns.map((column) => ({ ...column, toggleable: column.toggleable ?? true })), [columns]);
  // Read synchronously: the app renders only in the browser, and a first render with every
  // column would flash the columns the user switched off.
  const { effectiveColumns, columnsToggle, setColumnsToggle } = useDataTableColumns<Row>({
    key: storageKey,
    columns: toggleable,
    getInitialValueInEffect: false,
  });
  // The toggle lives in the Columns button: the library's own header toggle (an icon inside each
  // header, reached by right-click) is switched off, as it nests buttons in the header cells.
  // `defaultToggle` is spent here too: left on a column, the library's table applies it again by
  // itself and hides a column that starts hidden even after the user ticked it.
  const shown = (effectiveColumns as DataColumn<Row>[]).map((column) => ({ ...column, toggleable: false, defaultToggle: true }));
  return { shown, toggles: columnsToggle, setToggles: setColumnsToggle };
}

export function DataTable<Row>({
  label,
  storageKey,
  list,
  columns,
  idAccessor,
  actions = [],
  expansion,
  rowAttributes,
}: DataTableProps<Row>) {
  const phone = usePhoneWidth();
  const [expandedIds, setExpandedIds] = useState<unknown[]>([]);
  const { shown, toggles, setToggles } = useToggledColumns(storageKey, columns);
  if (list.phase === 'error' && list.rows.length === 0) {
    return <ErrorState title={`${label} could not be loaded`} message={list.error?.message} onRetry={list.retry} />;
  }

  const expand = expansion && {
    label: expansion.label,
    canExpand: (row: Row) => expansion.expandable?.(row) ?? true,
    isExpanded: (row: Row) => expandedIds.includes(idOf(idAccessor, row)),
  };
  const hasActions = list.rows.some((row) => visibleActions(actions, row).length > 0);
  const tableColumns: DataTableColumn<Row>[] = phone
    ? [cardColumn(label, shown, actions, expand)]
    : [...(expand ? [expandColumn(expand)] : []), ...shown, ...(hasActions ? [actionsColumn(actions)] : [])];
  const paging = list.paging;
  const pagination = paging.mode === 'pages' ? pagingProps(label, paging.pager, list.total) : {};

  return (
    <Stack gap="sm">
      <Group justify="flex-end" gap="xs">
        <ColumnToggle
          tableLabel={label}
          titles={Object.fromEntries(columns.map((column) => [String(column.accessor), column.title]))}
          toggles={toggles}
          onChange={setToggles}
        />
      </Group>
      {list.phase === 'error' && (
        <ErrorState title={`${label} could not be refreshed`} message={list.error?.message} onRetry={list.retry} />
      )}
      <MantineDataTable<Row>
        aria-label={label}
        className="pw-data-table"
        withTableBorder
        borderRadius="md"
        highlightOnHover
        // The lightest grey: on the default (gray 1) the dark-green status text falls under 4.5:1.
        highlightOnHoverColor="gray.0"
        verticalSpacing="sm"
        minHeight={list.rows.length === 0 ? EMPTY_HEIGHT_PX : undefined}
        noHeader={phone}
        records={list.rows}
        columns={tableColumns}
        idAccessor={(row: Row) => idOf(idAccessor, row)}
        fetching={list.phase === 'loading' || list.phase === 'waiting' || list.fetching}
        noRecordsText={TEXTS.noData}
        pinLastColumn={!phone && hasActions}
        // A table wider than the screen scrolls sideways, from the keyboard too; the scrollbar
        // gets its own room instead of covering the last row.
        scrollAreaProps={{
          type: 'auto',
          offsetScrollbars: 'present',
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable` },
        }}
        customRowAttributes={rowAttributes}
        rowExpansion={
          expansion && expand
            ? {
                allowMultiple: true,
                expandable: ({ record }) => expand.canExpand(record),
                expanded: { recordIds: expandedIds, onRecordIdsChange: setExpandedIds },
                content: ({ record }) => expansion.content(record),
              }
            : undefined
        }
        {...pagination}
      />
      {paging.mode === 'load-more' && paging.hasMore && (
        <Center>
          <Button variant="light" onClick={paging.loadMore} loading={paging.loadingMore}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
