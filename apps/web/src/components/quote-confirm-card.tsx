// The confirm step of a priced money movement (spec 1 screens 14 and 17): who it is for, the
// amount, fee, VAT, total and what arrives, how long the quote still holds, Confirm and Back.
// Confirm waits while its call runs (DECISIONS 4) and is refused once the quote has expired.
import type { ReactNode } from 'react';
import { Card, Divider, Stack, Title } from '@mantine/core';
import type { TQuote } from '@paywallet/contract';
import { useSecondsUntil } from '../hooks/use-seconds-until.ts';
import { formatAmount, formatFee } from './amount.tsx';
import { FormActions } from './form/form-actions.tsx';
import { KeyValueList } from './key-value-list.tsx';
import type { KeyValueRow } from './key-value-list.tsx';
import { QuoteExpiry } from './quote-expiry.tsx';

export interface QuoteConfirmCardProps {
  title: string;
  /** Rows above the money: the recipient or requester. */
  partyRows: readonly KeyValueRow[];
  quote: TQuote;
  /** The label of what the other side gets ('Recipient receives', 'Credited to your wallet'). */
  receiveLabel?: string;
  confirmLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
  children?: ReactNode;
}

export function quoteRows(quote: TQuote, receiveLabel = 'Recipient receives'): KeyValueRow[] {
  const money = (minor: number) => formatAmount(minor, quote.currency);
  return [
    { label: 'Amount', value: money(quote.amount) },
    { label: 'Fee', value: formatFee(quote.fee, quote.currency) },
    { label: 'VAT', value: formatFee(quote.vat, quote.currency) },
    { label: 'Total', value: money(quote.totalAmount), strong: true },
    { label: receiveLabel, value: money(quote.receiveAmount) },
  ];
}

export function QuoteConfirmCard({
  title,
  partyRows,
  quote,
  receiveLabel,
  confirmLabel = 'Confirm',
  pending,
  onConfirm,
  onBack,
  children,
}: QuoteConfirmCardProps) {
  const secondsLeft = useSecondsUntil(quote.expiresAt);
  const expired = secondsLeft <= 0;
  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <Stack gap="md">
        <Title order={4}>{title}</Title>
        <KeyValueList rows={partyRows} />
        <Divider />
        <KeyValueList rows={quoteRows(quote, receiveLabel)} />
        <QuoteExpiry secondsLeft={secondsLeft} />
        {children}
        <FormActions submitLabel={confirmLabel} pending={pending} disabled={expired} onSubmit={onConfirm} back={{ onClick: onBack }} />
      </Stack>
    </Card>
  );
}
