// Identity verifications submitted by users: what they answered (each file with a View document
// button that opens it), and the review: approve (the user becomes Active) or suspend
// (Suspended, verification rejected).
import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
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
import { FilterBar } from '../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../components/filters/search-filter.tsx';
import { GmtDate } from '../../components/gmt-date.tsx';
import { useListQuery } from '../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../hooks/use-url-filters.ts';
import { ALL_STATUSES, KYC_DEFAULT_STATUS, queueFilters, ZKycUrlFilters } from '../console-filters.ts';
import { ConsolePage, PersonCell, StatusBadge } from '../components/console-page.tsx';
import { KycDocumentModal, type KycDocument } from '../components/kyc-document-modal.tsx';
import { kycAnswerText } from '../kyc-answers.ts';
import { ReviewModal } from '../components/review-modal.tsx';
import { useLiveFilters } from '../components/use-live-filters.ts';

const SUBMISSION_LABEL: Record<number, string> = { 1: 'Awaiting review', 2: 'Approved', 3: 'Rejected' };
const SUBMISSION_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'red' };
const STATUS_OPTIONS = [
  { value: ALL_STATUSES, label: 'All' },
  ...Object.entries(SUBMISSION_LABEL).map(([value, label]) => ({ value, label })),
];
const CHOICES = [
  { value: String(USER_STATUS.ACTIVE), label: 'Approve (account Active)' },
  { value: String(USER_STATUS.SUSPENDED), label: 'Suspend (account Suspended)' },
];

function Answers({ row, onView }: { row: TKycSubmissionRow; onView: (document: KycDocument) => void }) {
  return (
    <Stack gap={4} p="sm">
      {row.answers.map((answer) => {
        const file = answer.file;
        if (!file) {
          return (
            <Text size="sm" key={answer.inputId}>
              <Text span fw={600}>
                {answer.name}:{' '}
              </Text>
              {kycAnswerText(answer)}
            </Text>
          );
        }
        return (
          <Group gap="xs" key={answer.inputId} wrap="wrap">
            <Text size="sm">
              <Text span fw={600}>
                {answer.name}:{' '}
              </Text>
              {`${file.fileName} (${file.mimeType}, ${Math.ceil(file.sizeBytes / 1024)} KB)`}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              aria-label={`View document: ${answer.name}, ${file.fileName}`}
              onClick={() => onView({ fileId: file.id, fileName: file.fileName, mimeType: file.mimeType, inputName: answer.name })}
            >
              View document
            </Button>
          </Group>
        );
      })}
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
  const url = useUrlFilters(ZKycUrlFilters, { namespace: 'kyc' });
  const draft = useLiveFilters(ZKycUrlFilters, url);
  const [reviewing, setReviewing] = useState<TKycSubmissionRow | null>(null);
  const [viewing, setViewing] = useState<KycDocument | null>(null);
  const queryClient = useQueryClient();
  const filters = queueFilters(url.filters, KYC_DEFAULT_STATUS);
  const list = useListQuery(adminGetKycSubmissionsCall, filters, url.pager, { queryKey: ['console', 'kyc'] });
  return (
    <ConsolePage title="KYC" help="Identity verifications users submitted: approve to make the account Active, or suspend it.">
      <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={Object.keys(url.raw).length}>
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={draft.values.status ?? String(KYC_DEFAULT_STATUS)}
          allowDeselect={false}
          onChange={(value) => draft.set({ status: value ?? undefined })}
          error={draft.errors.status}
        />
        <SearchFilter
          label="Search"
          placeholder="Name or e-mail"
          value={draft.values.search}
          onChange={(value) => draft.set({ search: value })}
          error={draft.errors.search}
        />
      </FilterBar>
      <DataTable
        label="KYC submissions"
        storageKey="table.console.kyc"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        expansion={{ label: 'answers', content: (row) => <Answers row={row} onView={setViewing} /> }}
        actions={[{ label: 'Review', onClick: setReviewing, hidden: (row) => row.status !== KYC_STATUS.SUBMITTED }]}
      />
      <KycDocumentModal document={viewing} onClose={() => setViewing(null)} />
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
