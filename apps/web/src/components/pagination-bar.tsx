// Page and page size under a list (spec 1 section 3: page and perPage, default 10; the
// paginationData of the answer gives the total).
import { Group, Pagination, Select, Text } from '@mantine/core';
import { LIMITS } from '@paywallet/contract';

export const PER_PAGE_CHOICES = [10, 30, 50, 100] as const;
export const PER_PAGE_DEFAULT = LIMITS.perPageDefault;

export interface PaginationBarProps {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /** Names the list for assistive technology, e.g. 'My Requests'. */
  label: string;
}

export function PaginationBar({ page, perPage, total, onPageChange, onPerPageChange, label }: PaginationBarProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" aria-label={`${label} pages`} role="navigation">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Rows per page
        </Text>
        <Select
          aria-label="Rows per page"
          size="xs"
          w={80}
          data={PER_PAGE_CHOICES.map(String)}
          value={String(perPage)}
          onChange={(value) => value && onPerPageChange(Number(value))}
          allowDeselect={false}
        />
        <Text size="sm" c="dimmed">
          {first}–{last} of {total}
        </Text>
      </Group>
      <Pagination total={pages} value={Math.min(page, pages)} onChange={onPageChange} size="sm" withEdges={pages > 5} />
    </Group>
  );
}
