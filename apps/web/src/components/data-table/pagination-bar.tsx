// The footer of a paged table: the page size (only the choices the total allows, DECISIONS 25),
// the rows shown and the pages. The table's own text and page buttons come in as children.
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Group, NativeSelect, Text } from '@mantine/core';
import type { DataTablePaginationRenderContext } from 'mantine-datatable';
import type { Pager } from '../../hooks/use-list-query.ts';
import { perPageChoices } from '../../lib/paging.ts';

export interface PaginationBarProps {
  label: string;
  choices: number[];
  pager: Pager;
  children: ReactNode;
}

export function PaginationBar({ label, choices, pager, children }: PaginationBarProps) {
  const id = useId();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" w="100%" role="navigation" aria-label={`${label} pages`}>
      <Group gap="xs" wrap="nowrap">
        <Text component="label" htmlFor={id} size="sm" c="dimmed">
          Rows per page
        </Text>
        <NativeSelect
          id={id}
          size="xs"
          w={76}
          data={choices.map(String)}
          value={String(pager.perPage)}
          onChange={(event) => pager.setPerPage(Number(event.currentTarget.value))}
        />
      </Group>
      {children}
    </Group>
  );
}

/** mantine-datatable's paging props for a paged list, its footer drawn by PaginationBar. */
export function pagingProps(label: string, pager: Pager, total: number | undefined) {
  return {
    page: pager.page,
    onPageChange: pager.setPage,
    totalRecords: total ?? 0,
    recordsPerPage: pager.perPage,
    loadingText: `Loading ${label}…`,
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) => `${from}–${to} of ${totalRecords}`,
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({ 'aria-label': `${control} page` }),
    getPaginationItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
    // The library's size menu is a button named by its number alone: a labelled select says
    // what it changes.
    renderPagination: ({ Controls }: DataTablePaginationRenderContext) => (
      <PaginationBar choices={perPageChoices(total, pager.perPage)} pager={pager} label={label}>
        <Controls.Text />
        <Controls.Pagination />
      </PaginationBar>
    ),
  };
}
