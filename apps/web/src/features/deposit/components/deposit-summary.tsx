// What the balance-and-limits check priced: the deposit, its fee and VAT, and the total the
// card is charged; and how long the quote still holds.
import { Card, Divider, Stack, Title } from '@mantine/core';
import { formatAmount, formatFee } from '../../../components/amount.tsx';
import { KeyValueList } from '../../../components/key-value-list.tsx';
import { QuoteExpiry } from '../../../components/quote-expiry.tsx';
import type { BalanceLimitQuoteState } from '../../../lib/storage.ts';

export function DepositSummary({
  pending,
  walletLabel,
  secondsLeft,
}: {
  pending: BalanceLimitQuoteState;
  walletLabel: string;
  secondsLeft: number;
}) {
  const { quote } = pending;
  const money = (minor: number) => formatAmount(minor, quote.currency);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4}>Summary</Title>
        <KeyValueList
          rows={[
            { label: 'Account', value: walletLabel },
            { label: 'Mode of Payment', value: pending.paymentMethodName || '—' },
          ]}
        />
        <Divider />
        <KeyValueList
          rows={[
            { label: 'Amount', value: money(quote.amount) },
            { label: 'Fee', value: formatFee(quote.fee, quote.currency) },
            { label: 'VAT', value: formatFee(quote.vat, quote.currency) },
            { label: 'Total charged to your card', value: money(quote.totalAmount), strong: true },
            { label: 'Credited to your wallet', value: money(quote.receiveAmount) },
          ]}
        />
        <QuoteExpiry secondsLeft={secondsLeft} />
      </Stack>
    </Card>
  );
}
