// The Account Ledger (spec 2): the entries of the wallet chosen in the top bar, filtered by
// channel and days (kept in the URL), a load-more table with the balance after each entry, and
// Export Excel, which needs both days ('Date Filters Are Required To Generate Excel').
import { Group, Stack, Text, Title } from '@mantine/core';
import { LEDGER_EXPORT_DATES_REQUIRED } from '@paywallet/contract';
import { formatAmount } from '../../../components/amount.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { useFilterDraft } from '../../../components/filters/use-filter-draft.ts';
import { useUrlFilters } from '../../../hooks/use-url-filters.ts';
import { useChosenWalletId, useWalletList, walletLabel } from '../../../hooks/use-wallet-list.ts';
import { shellWallet } from '../../../lib/wallets.ts';
import { useAccountLedger, ZLedgerUrlFilters } from '../api/account-ledger-calls.ts';
import { LedgerFilters } from '../components/ledger-filters.tsx';
import { LedgerTable } from '../components/ledger-table.tsx';

export function AccountLedgerPage() {
  const url = useUrlFilters(ZLedgerUrlFilters);
  const draft = useFilterDraft(ZLedgerUrlFilters, url);
  const wallets = useWalletList();
  const wallet = shellWallet(wallets.data ?? [], useChosenWalletId());
  const filters = { userAccountId: wallet?.id, ...url.filters };
  const ledger = useAccountLedger(filters);
  const { fromDate, toDate } = url.filters;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Account Ledger
          </Title>
          {wallet && (
            <Text size="sm" c="gray.7">
              {`Wallet ${walletLabel(wallet)}`}
              {typeof ledger.closingBalance === 'number' &&
                ` · Closing balance ${formatAmount(ledger.closingBalance, wallet.currency.code)}`}
            </Text>
          )}
        </Stack>
        {wallet && (
          <ExportButtons
            reportType="transaction_ledger"
            filters={{ ...filters, userAccountId: wallet.id }}
            formats={['excel']}
            guard={() => (fromDate && toDate ? null : LEDGER_EXPORT_DATES_REQUIRED)}
          />
        )}
      </Group>
      <LedgerFilters draft={draft} activeCount={Object.keys(url.raw).length} />
      <LedgerTable list={ledger.list} />
    </Stack>
  );
}
