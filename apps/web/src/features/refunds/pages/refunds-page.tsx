// Refund requests (route `refund`): the Search Filter, the list a page at a time, Excel and PDF
// of the same list; Details opens the status history; Cancel asks 'Are you sure to cancel
// refund?' and cancels a Pending request (DECISIONS 18). Add refund request opens the form.
import { useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { cancelRefundRequestCall, getAllRefundsCall, type TRefundRow } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { useFilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useListQuery } from '../../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../../hooks/use-url-filters.ts';
import { useUserProfile } from '../../../hooks/use-user-profile.ts';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { REFUNDS_QUERY_KEY, ZRefundUrlFilters } from '../api/refund-calls.ts';
import { RefundFilters } from '../components/refund-filters.tsx';
import { RefundHistoryModal } from '../components/refund-history-modal.tsx';
import { RefundsTable } from '../components/refunds-table.tsx';

export function RefundsPage() {
  const url = useUrlFilters(ZRefundUrlFilters);
  const draft = useFilterDraft(ZRefundUrlFilters, url);
  const list = useListQuery(getAllRefundsCall, url.filters, url.pager, { queryKey: REFUNDS_QUERY_KEY });
  const profile = useUserProfile();
  const queryClient = useQueryClient();
  const [history, setHistory] = useState<TRefundRow['details'] | null>(null);
  const [toCancel, setToCancel] = useState<TRefundRow | null>(null);
  const cancel = useMutation({
    mutationFn: (row: TRefundRow) => call(cancelRefundRequestCall, { refundId: row.id }),
    onSettled: async () => {
      setToCancel(null);
      await queryClient.invalidateQueries({ queryKey: REFUNDS_QUERY_KEY });
    },
  });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2">
          Refund Requests
        </Title>
        <Group gap="sm" align="flex-start">
          <Button component={Link} to={MERCHANT_PATHS.refundCreate}>
            Add Refund Request
          </Button>
          <ExportButtons reportType="refunds" filters={url.filters} />
        </Group>
      </Group>
      <RefundFilters draft={draft} activeCount={Object.keys(url.raw).length} />
      <RefundsTable
        list={list}
        viewerId={profile.data?.user.id}
        onDetails={(row) => setHistory(row.details)}
        onCancel={setToCancel}
        cancelling={cancel.isPending ? (cancel.variables?.id ?? null) : null}
      />
      <RefundHistoryModal details={history} onClose={() => setHistory(null)} />
      <ConfirmModal
        opened={toCancel !== null}
        title="Cancel Refund"
        message="Are you sure to cancel refund?"
        loading={cancel.isPending}
        onNo={() => setToCancel(null)}
        onYes={() => toCancel && cancel.mutate(toCancel)}
      />
    </Stack>
  );
}
