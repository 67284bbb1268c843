// The summary card of a settlement (spec 2, DECISIONS 3): Payable Amount, Fee, Vat, Settlement
// Amount (= payable − fee − vat); with a rolling reserve also Reserve (%), Reserve (Amount) and
// Settlement After Reserve (= settlement − reserve).
import { Card, Title } from '@mantine/core';
import type { TSettlementSummary } from '@paywallet/contract';
import { formatAmount, formatFee } from '../../../components/amount.tsx';
import { KeyValueList, type KeyValueRow } from '../../../components/key-value-list.tsx';
import { percentOfBps } from '../settlement-view.ts';

export function summaryRows(summary: TSettlementSummary, currency: string): KeyValueRow[] {
  const rows: KeyValueRow[] = [
    { label: 'Payable Amount', value: formatAmount(summary.payable_amount, currency) },
    { label: 'Fee', value: formatFee(summary.fee, currency) },
    { label: 'Vat', value: formatFee(summary.vat, currency) },
    { label: 'Settlement Amount', value: formatAmount(summary.settlement_amount, currency), strong: summary.reserve_amount === null },
  ];
  if (summary.reserve_percent !== null && summary.reserve_amount !== null && summary.settlement_after_reserve !== null) {
    rows.push(
      { label: 'Reserve (%)', value: percentOfBps(summary.reserve_percent) },
      { label: 'Reserve (Amount)', value: formatAmount(summary.reserve_amount, currency) },
      { label: 'Settlement After Reserve', value: formatAmount(summary.settlement_after_reserve, currency), strong: true },
    );
  }
  return rows;
}

export function SettlementSummaryCard({ summary, currency }: { summary: TSettlementSummary; currency: string }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="settlement-summary-title">
      <Title order={2} size="h4" mb="sm" id="settlement-summary-title">
        Summary
      </Title>
      <KeyValueList rows={summaryRows(summary, currency)} />
    </Card>
  );
}
