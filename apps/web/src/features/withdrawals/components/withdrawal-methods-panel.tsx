// The Withdrawal Methods tab: the merchant's own methods (the IBAN masked by the server), View
// Details shows a method's details in the shell's details modal. Remove asks first, then the
// server deletes a method no request used, or disables one that past requests name (they still
// show it; it is no longer offered), and refuses one a Pending request waits on (its message
// in a toast).
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteWithdrawalMethodCall, type TUserWithdrawalMethod } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { DetailsModal } from '../../../components/details-modal.tsx';
import { GmtDate } from '../../../components/gmt-date.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';
import { useUrlPager } from '../../../hooks/use-url-filters.ts';
import { useUserWithdrawalMethods, WITHDRAWALS_QUERY_KEY } from '../api/withdrawal-calls.ts';

const COLUMNS: DataColumn<TUserWithdrawalMethod>[] = [
  { accessor: 'payment_method.name', title: 'Method', noWrap: true },
  { accessor: 'currency.code', title: 'Currency', noWrap: true, render: (row) => row.currency?.code ?? 'Any' },
  { accessor: 'details.Account Name', title: 'Account Name', render: (row) => row.details['Account Name'] ?? '—' },
  { accessor: 'details.IBAN', title: 'IBAN', noWrap: true, render: (row) => row.details.IBAN ?? '—' },
  { accessor: 'created_at', title: 'Added', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

export function WithdrawalMethodsPanel() {
  const query = useUserWithdrawalMethods();
  const pager = useUrlPager({ namespace: 'methods' });
  const [shown, setShown] = useState<TUserWithdrawalMethod | null>(null);
  const [toRemove, setToRemove] = useState<TUserWithdrawalMethod | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (row: TUserWithdrawalMethod) => call(deleteWithdrawalMethodCall, { methodId: row.id }),
    onSettled: async () => {
      setToRemove(null);
      await queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_KEY });
    },
  });
  const rows = query.data ?? [];
  const start = (pager.page - 1) * pager.perPage;
  const list: ListView<TUserWithdrawalMethod> = {
    rows: rows.slice(start, start + pager.perPage),
    total: query.data?.length,
    phase: query.data !== undefined ? 'ready' : query.isError ? 'error' : 'loading',
    error: query.error,
    fetching: query.isFetching && query.data !== undefined,
    retry: () => void query.refetch(),
    paging: { mode: 'pages', pager },
  };
  return (
    <>
      <DataTable
        label="Withdrawal methods"
        storageKey="table.withdrawal-methods"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        rowAttributes={(row) => ({ 'data-method-id': row.id })}
        actions={[
          { label: 'View Details', onClick: setShown },
          {
            label: 'Remove',
            color: 'red',
            onClick: setToRemove,
            busy: (row) => remove.isPending && remove.variables?.id === row.id,
          },
        ]}
      />
      <ConfirmModal
        opened={toRemove !== null}
        title="Remove Withdrawal Method"
        message={
          toRemove
            ? `Are you sure to remove ${toRemove.payment_method.name} ${toRemove.details.IBAN ?? ''}? New requests will not be able to use it; past requests keep showing it.`
            : ''
        }
        loading={remove.isPending}
        onNo={() => setToRemove(null)}
        onYes={() => toRemove && remove.mutate(toRemove)}
      />
      <DetailsModal
        opened={shown !== null}
        title="Withdrawal Method Details"
        rows={
          shown
            ? [
                { label: 'Method', value: shown.payment_method.name },
                { label: 'Currency', value: shown.currency?.code ?? 'Any' },
                ...Object.entries(shown.details).map(([label, value]) => ({ label, value })),
              ]
            : []
        }
        onClose={() => setShown(null)}
      />
    </>
  );
}
