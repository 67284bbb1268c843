// Identity verifications submitted by users: what they answered (files named), and the review:
// approve (the user becomes Active) or suspend (Suspended, verification rejected).
import { useState } from 'react';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  adminGetKycSubmissionsCall,
  adminReviewKycCall,
  KYC_STATUS,
  USER_STATUS,
  USER_STATUS_LABEL,
  type TKycSubmissionRow,
} from '@paywallet/contract';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../components/data-table/types.ts';
import { GmtDate } from '../../components/gmt-date.tsx';
import { useListQuery } from '../../hooks/use-list-query.ts';
import { useUrlPager } from '../../hooks/use-url-filters.ts';
import { ConsolePage, FilterBar, PersonCell, StatusBadge } from '../components/console-page.tsx';
import { ReviewModal } from '../components/review-modal.tsx';

const SUBMISSION_LABEL: Record<number, string> = { 1: 'Awaiting review', 2: 'Approved', 3: 'Rejected' };
const SUBMISSION_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'red' };
const ALL = 'all';
const STATUS_OPTIONS = [{ value: ALL, label: 'All' }, ...Object.entries(SUBMISSION_LABEL).map(([value, label]) => ({ value, label }))];
const CHOICES = [
  { value: String(USER_STATUS.ACTIVE), label: 'Approve (account Active)' },
  { value: String(USER_STATUS.SUSPENDED), label: 'Suspend (account Suspended)' },
];

function Answers({ row }: { row: TKycSubmissionRow }) {
  return (
    <Stack gap={4} p="sm">
      {row.answers.map((answer) => (
        <Text size="sm" key={answer.inputId}>
          <Text span fw={600}>
            {answer.name}:{' '}
          </Text>
          {answer.file
            ? `${answer.file.fileName} (${answer.file.mimeType}, ${Math.ceil(answer.file.sizeBytes / 1024)} KB)`
            : answer.value || '—'}
        </Text>
      ))}
      {row.review_comment && (
        <Text size="sm" c="dimmed">
          Review comment: {row.review_comment}
        </Text>
      )}
    </Stack>
  );
}

const COLUMNS: DataColumn<TKycSubmissionRow>[] = [
  { accessor: 'user', title: 'User', render: (row) => <PersonCell person={row.user} /> },
  { accessor: 'user.type', title: 'Type', render: (row) => (row.user.type === 'merchant' ? 'Merchant' : 'Consumer') },
  {
    accessor: 'status',
    title: 'Verification',
    render: (row) => <StatusBadge label={SUBMISSION_LABEL[row.status] ?? 'Unknown'} color={SUBMISSION_COLOR[row.status] ?? 'gray'} />,
  },
  { accessor: 'user.status', title: 'Account', render: (row) => USER_STATUS_LABEL[row.user.status] ?? 'Unknown' },
  { accessor: 'created_at', title: 'Submitted At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

export function ConsoleKycPage() {
  const pager = useUrlPager({ namespace: 'kyc' });
  const [status, setStatus] = useState<string>(String(KYC_STATUS.SUBMITTED));
  const [search, setSearch] = useState('');
  const [reviewing, setReviewing] = useState<TKycSubmissionRow | null>(null);
  const queryClient = useQueryClient();
  const term = search.trim();
  const filters = { ...(status === ALL ? {} : { status: Number(status) }), ...(term.length >= 2 ? { search: term } : {}) };
  const list = useListQuery(adminGetKycSubmissionsCall, filters, pager, { queryKey: ['console', 'kyc'] });
  return (
    <ConsolePage title="KYC" help="Identity verifications users submitted: approve to make the account Active, or suspend it.">
      <FilterBar>
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          allowDeselect={false}
          onChange={(value) => {
            setStatus(value ?? ALL);
            pager.setPage(1);
          }}
          w={{ base: '100%', xs: 220 }}
        />
        <TextInput
          label="Search"
          placeholder="Name or e-mail"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            pager.setPage(1);
          }}
          w={{ base: '100%', xs: 280 }}
        />
      </FilterBar>
      <DataTable
        label="KYC submissions"
        storageKey="table.console.kyc"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        expansion={{ label: 'answers', content: (row) => <Answers row={row} /> }}
        actions={[{ label: 'Review', onClick: setReviewing, hidden: (row) => row.status !== KYC_STATUS.SUBMITTED }]}
      />
      <ReviewModal
        opened={reviewing !== null}
        title="Review identity verification"
        subject={reviewing ? `${reviewing.user.first_name} ${reviewing.user.last_name} (${reviewing.user.email})` : ''}
        call={adminReviewKycCall}
        target={{ userId: reviewing?.user.id ?? 0 }}
        choices={CHOICES}
        onClose={() => setReviewing(null)}
        onDone={() => {
          setReviewing(null);
          void queryClient.invalidateQueries({ queryKey: ['console'] });
        }}
      />
    </ConsolePage>
  );
}
