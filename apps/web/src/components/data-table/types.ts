// The parts a list screen gives DataTable: its columns, its row actions and its expanded rows.
import type { ReactNode } from 'react';
import type { MantineColor } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { IconName } from '../icons.tsx';

/**
 * A column: mantine-datatable's own column (accessor, render, textAlign, width, noWrap ...) with
 * a plain-text title, which the column toggle and the phone cards show as the field's label.
 */
export type DataColumn<Row> = DataTableColumn<Row> & { title: string };

export interface RowAction<Row> {
  label: string;
  onClick: (row: Row) => void;
  /** Hides the action on the rows it returns true for (spec 1 section 6). */
  hidden?: (row: Row) => boolean;
  color?: MantineColor;
  variant?: 'filled' | 'light' | 'default' | 'subtle';
  /** Shows a loader on the button of this row (its action is running). */
  busy?: (row: Row) => boolean;
  /**
   * Drawn in the table as an icon button named and tooltipped by `label` rather than a labelled
   * button, for a table whose labelled actions would push its columns past 1280 px. The phone
   * cards keep the labelled button.
   */
  icon?: IconName;
}

export interface RowExpansion<Row> {
  /** What expanding shows, for the toggle's name: 'charges' -> 'Show charges'. */
  label: string;
  content: (row: Row) => ReactNode;
  /** Only these rows expand; default: every row. */
  expandable?: (row: Row) => boolean;
}
