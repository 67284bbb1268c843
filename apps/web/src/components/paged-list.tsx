// One paginated list: loading, error with Retry, 'No data available', or the table and its
// pages. `waiting` holds the loader before the list may load (the spec's delayed lists).
import type { ReactNode } from 'react';
import { Box, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { PaginationBar } from './pagination-bar.tsx';
import { EmptyState, ErrorState, LoadingState } from './query-states.tsx';

export interface PageOf<Row> {
  data: Row[];
  paginationData: { total: number; perPage: number; currentPage: number };
}

export interface PagedListProps<Row> {
  label: string;
  query: UseQueryResult<PageOf<Row>>;
  waiting?: boolean;
  pagination: { page: number; perPage: number; setPage: (page: number) => void; setPerPage: (perPage: number) => void };
  children: (rows: Row[]) => ReactNode;
}

export function PagedList<Row>({ label, query, waiting = false, pagination, children }: PagedListProps<Row>) {
  if (waiting || query.isPending) return <LoadingState rows={4} label={`Loading ${label}…`} />;
  if (query.isError) {
    return <ErrorState title={`${label} could not be loaded`} message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const { data: rows, paginationData } = query.data;
  if (rows.length === 0 && paginationData.total === 0) return <EmptyState />;
  return (
    <Stack gap="md">
      <Box aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
        {rows.length === 0 ? <EmptyState /> : children(rows)}
      </Box>
      <PaginationBar
        label={label}
        page={pagination.page}
        perPage={pagination.perPage}
        total={paginationData.total}
        onPageChange={pagination.setPage}
        onPerPageChange={pagination.setPerPage}
      />
    </Stack>
  );
}
