// Settlements (route `settlements`, spec 2): the Aggregate and Direct tabs (query `tab` 1, the
// default, and 2), each with its own store -> terminal -> channel filters kept in the URL under
// the tab's name (`aggregate.storeId`), a load-more table, and Export Excel (no PDF). A
// `propFilters` parameter (JSON, as the details' Back To Settlement sends it) presets the open
// tab's filters and is then folded into the URL's own parameters.
import { useEffect } from 'react';
import { Group, Stack, Tabs, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { TSettlementTypeName } from '@paywallet/contract';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { useFilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useUrlFilters } from '../../../hooks/use-url-filters.ts';
import { writeFilters } from '../../../lib/url-filters.ts';
import { useSettlementList } from '../api/settlement-calls.ts';
import { SettlementFilters } from '../components/settlement-filters.tsx';
import { SettlementsTable } from '../components/settlements-table.tsx';
import { readPropFilters, SETTLEMENT_TAB, settlementDetailPath, tabType, ZSettlementUrlFilters } from '../settlement-view.ts';

function SettlementsPanel({ type }: { type: TSettlementTypeName }) {
  const url = useUrlFilters(ZSettlementUrlFilters, { namespace: type });
  const draft = useFilterDraft(ZSettlementUrlFilters, url);
  const filters = { type, ...url.filters };
  const list = useSettlementList(filters);
  const navigate = useNavigate();
  return (
    <Stack gap="md" pt="md">
      <Group justify="flex-end">
        <ExportButtons reportType="settlements" filters={filters} formats={['excel']} />
      </Group>
      <SettlementFilters draft={draft} activeCount={Object.keys(url.raw).length} />
      <SettlementsTable type={type} list={list} onOpen={(row) => navigate(settlementDetailPath(type, row.id, url.raw))} />
    </Stack>
  );
}

export function SettlementsPage() {
  const [params, setParams] = useSearchParams();
  const type = tabType(params.get('tab'));
  const propFilters = params.get('propFilters');
  // propFilters presets the open tab's filters once, then leaves the URL to its own parameters.
  useEffect(() => {
    if (propFilters === null) return;
    setParams(
      (current) => {
        const next = writeFilters(ZSettlementUrlFilters, current, readPropFilters(propFilters), type);
        next.delete('propFilters');
        return next;
      },
      { replace: true },
    );
  }, [propFilters, type, setParams]);
  const setTab = (value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('tab', value === SETTLEMENT_TAB.direct ? SETTLEMENT_TAB.direct : SETTLEMENT_TAB.aggregate);
      return next;
    });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Settlements
      </Title>
      <Tabs value={SETTLEMENT_TAB[type]} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value={SETTLEMENT_TAB.aggregate}>Aggregate</Tabs.Tab>
          <Tabs.Tab value={SETTLEMENT_TAB.direct}>Direct</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={SETTLEMENT_TAB.aggregate}>
          {type === 'aggregate' && propFilters === null && <SettlementsPanel type="aggregate" />}
        </Tabs.Panel>
        <Tabs.Panel value={SETTLEMENT_TAB.direct}>
          {type === 'direct' && propFilters === null && <SettlementsPanel type="direct" />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
