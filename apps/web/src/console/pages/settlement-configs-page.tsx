// Settlement configurations (console): per merchant, and per channel where a channel overrides
// the merchant's; Edit (or Add) sets the type (aggregate or direct), the schedule (daily, T+N),
// the rolling reserve's percentage and how long it is held. The server checks every field and its
// messages stand under the fields (a direct settlement holding a reserve, a hold over 365 days,
// an unknown merchant or channel). Remove (a channel's row only, after a confirm) takes the
// channel's override away: its payments follow the merchant's configuration again; the
// merchant's own is edited, never removed. Every change is audited by the server.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminGetSettlementConfigsCall,
  adminRemoveSettlementConfigCall,
  adminUpdateSettlementConfigCall,
  SETTLEMENT_TYPE_LABEL,
  zOptionalId,
  type TSettlementConfigRow,
} from '@paywallet/contract';
import { call } from '../../api/client.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../components/data-table/types.ts';
import { WRAP_TITLE } from '../../components/data-table/wrapping.ts';
import { FilterBar } from '../../components/filters/filter-bar.tsx';
import { SearchFilter } from '../../components/filters/search-filter.tsx';
import { useFilterDraft } from '../../components/filters/use-filter-draft.ts';
import { FormActions } from '../../components/form/form-actions.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { GmtDate } from '../../components/gmt-date.tsx';
import { useContractForm } from '../../hooks/use-contract-form.ts';
import { useListQuery } from '../../hooks/use-list-query.ts';
import { useUrlFilters } from '../../hooks/use-url-filters.ts';
import { holdDuration, percentOfBps } from '../../lib/settlement-format.ts';
import { ConsolePage, PersonCell } from '../components/console-page.tsx';
import { ZSettlementConfigForm } from '../settlement-forms.ts';

export const SETTLEMENT_CONFIGS_QUERY_KEY = ['console', 'settlement-configs'] as const;

const ZConfigUrlFilters = z.object({ merchantId: zOptionalId('merchant') });

const COLUMNS: DataColumn<TSettlementConfigRow>[] = [
  { accessor: 'merchant', title: 'Merchant', render: (row) => <PersonCell person={row.merchant} /> },
  { accessor: 'merchant.id', title: 'Merchant Id', titleClassName: WRAP_TITLE, noWrap: true, render: (row) => row.merchant.id },
  { accessor: 'channel', title: 'Channel', render: (row) => row.channel?.name ?? 'All channels' },
  { accessor: 'type', title: 'Type', noWrap: true, render: (row) => SETTLEMENT_TYPE_LABEL[row.type] },
  { accessor: 'schedule', title: 'Schedule', noWrap: true, render: (row) => `Daily, T+${row.delay_days}` },
  { accessor: 'reserve_bps', title: 'Reserve (%)', textAlign: 'right', noWrap: true, render: (row) => percentOfBps(row.reserve_bps) },
  // One line: '7 days 0 hours 0 mins' broken over three lines made every row three times as tall at 1280 px.
  { accessor: 'reserve_hold_seconds', title: 'Hold', noWrap: true, render: (row) => holdDuration(row.reserve_hold_seconds) },
  { accessor: 'updated_at', title: 'Updated At', noWrap: true, render: (row) => <GmtDate value={row.updated_at} /> },
];

export function ConsoleSettlementConfigsPage() {
  const url = useUrlFilters(ZConfigUrlFilters, { namespace: 'configs' });
  const draft = useFilterDraft(ZConfigUrlFilters, url);
  const list = useListQuery(adminGetSettlementConfigsCall, url.filters, url.pager, { queryKey: SETTLEMENT_CONFIGS_QUERY_KEY });
  const [editing, setEditing] = useState<TSettlementConfigRow | 'new' | null>(null);
  const [toRemove, setToRemove] = useState<TSettlementConfigRow | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (row: TSettlementConfigRow) =>
      call(adminRemoveSettlementConfigCall, { merchantId: row.merchant.id, channelId: row.channel?.id }),
    onSettled: async () => {
      setToRemove(null);
      await queryClient.invalidateQueries({ queryKey: SETTLEMENT_CONFIGS_QUERY_KEY });
    },
  });
  return (
    <ConsolePage
      title="Settlement configurations"
      help="How each merchant's card payments are settled: aggregate (to the merchant's wallet, less a rolling reserve held for a while) or direct (paid out to the bank), once a day after T+N days. A channel's configuration overrides the merchant's for that channel."
    >
      <FilterBar onSearch={draft.search} onClear={draft.clear} activeCount={Object.keys(url.raw).length}>
        <SearchFilter
          label="Merchant Id"
          value={draft.values.merchantId}
          onChange={(merchantId) => draft.set({ merchantId })}
          error={draft.errors.merchantId}
        />
      </FilterBar>
      <Group justify="flex-end">
        <Button onClick={() => setEditing('new')}>Add configuration</Button>
      </Group>
      <DataTable
        label="Settlement configurations"
        storageKey="table.console.settlement-configs"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        rowAttributes={(row) => ({ 'data-config': `${row.merchant.id}-${row.channel?.id ?? 'all'}` })}
        actions={[
          // Icon buttons (named by their label, shown as a tooltip): two labelled buttons pushed
          // Updated At past 1280 px once the Hold column kept to one line.
          { label: 'Edit', icon: 'edit', onClick: setEditing },
          {
            label: 'Remove',
            icon: 'remove',
            color: 'red',
            onClick: setToRemove,
            // The merchant's own configuration is edited, never removed.
            hidden: (row) => row.channel === null,
            busy: (row) => remove.isPending && remove.variables?.id === row.id,
          },
        ]}
      />
      <ConfirmModal
        opened={toRemove !== null}
        title="Remove channel configuration"
        message={
          toRemove
            ? `Remove the configuration of ${toRemove.channel?.name ?? ''}? Its payments will be settled by the merchant's configuration.`
            : ''
        }
        loading={remove.isPending}
        onNo={() => setToRemove(null)}
        onYes={() => toRemove && remove.mutate(toRemove)}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add settlement configuration' : 'Edit settlement configuration'}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing !== null && <ConfigForm config={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </ConsolePage>
  );
}

function ConfigForm({ config, onDone }: { config: TSettlementConfigRow | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const hold = config?.reserve_hold_seconds ?? 7 * 86_400;
  const { control, formProps, pending } = useContractForm({
    call: adminUpdateSettlementConfigCall,
    schema: ZSettlementConfigForm,
    toRequest: (values) => ({
      merchantId: values.merchantId,
      channelId: values.channelId,
      type: values.type,
      schedule: values.schedule,
      delayDays: values.delayDays,
      reserveBps: values.reservePercent,
      reserveHoldSeconds: values.holdDays * 86_400 + values.holdHours * 3_600 + values.holdMins * 60,
    }),
    defaultValues: {
      merchantId: config ? String(config.merchant.id) : '',
      channelId: config?.channel ? String(config.channel.id) : '',
      type: config?.type ?? 'aggregate',
      schedule: config?.schedule ?? 'daily',
      delayDays: String(config?.delay_days ?? 1),
      reservePercent: String((config?.reserve_bps ?? 0) / 100),
      holdDays: String(Math.floor(hold / 86_400)),
      holdHours: String(Math.floor((hold % 86_400) / 3_600)),
      holdMins: String(Math.floor((hold % 3_600) / 60)),
    },
    wireNames: { reserveBps: 'reservePercent', reserveHoldSeconds: 'holdDays' },
    refusalFields: { MERCHANT_NOT_FOUND: 'merchantId', CHANNEL_NOT_FOUND: 'channelId' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SETTLEMENT_CONFIGS_QUERY_KEY });
      onDone();
    },
  });
  return (
    <form {...formProps}>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextField control={control} name="merchantId" label="Merchant Id" inputMode="numeric" disabled={config !== null} required />
          <TextField
            control={control}
            name="channelId"
            label="Channel Id"
            inputMode="numeric"
            disabled={config !== null}
            description={config === null ? 'Empty: every channel' : undefined}
          />
        </Group>
        <Group grow align="flex-start">
          <SelectField
            control={control}
            name="type"
            label="Type"
            data={[
              { value: 'aggregate', label: 'Aggregate' },
              { value: 'direct', label: 'Direct' },
            ]}
            required
          />
          <SelectField control={control} name="schedule" label="Schedule" data={[{ value: 'daily', label: 'Daily' }]} required />
        </Group>
        <Group grow align="flex-start">
          <TextField control={control} name="delayDays" label="Delay (T+N)" inputMode="numeric" required />
          <TextField control={control} name="reservePercent" label="Rolling reserve (%)" inputMode="decimal" required />
        </Group>
        <Text size="sm" fw={500}>
          Reserve hold
        </Text>
        <Group grow align="flex-start">
          <TextField control={control} name="holdDays" label="Hold days" inputMode="numeric" required />
          <TextField control={control} name="holdHours" label="Hold hours" inputMode="numeric" required />
          <TextField control={control} name="holdMins" label="Hold mins" inputMode="numeric" required />
        </Group>
        <Text size="xs" c="gray.7">
          A direct settlement holds no reserve. The reserve is released to the merchant&apos;s available balance when its hold ends.
        </Text>
        <FormActions submitLabel="Save" pending={pending} back={{ label: 'Cancel', onClick: onDone, placement: 'end' }} />
      </Stack>
    </form>
  );
}
