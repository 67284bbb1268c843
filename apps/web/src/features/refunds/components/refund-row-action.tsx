// What the transactions table needs for refunds (app/pages/transactions-with-refunds-page.tsx
// hands these to it with CreateRefundModal): which rows offer Refund, a successful refundable
// payment (types 8, 9, 10, DECISIONS 27), and Show Remaining Funds on the amount cell of the
// same types.
import { useState } from 'react';
import { Button, Popover, Text } from '@mantine/core';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import { TransactionType } from '@paywallet/ledger';
import { formatAmount } from '../../../components/amount.tsx';
import { useRefundAmounts } from '../api/refund-calls.ts';

const REFUNDABLE_TYPES: readonly number[] = [TransactionType.PaymentLinkPayment, TransactionType.ApiPayment, TransactionType.PosPayment];

export interface RefundableRow {
  uuid: string;
  transaction_type_id: number;
  status: number;
  currency: { code: string };
}

export function isRefundable(row: RefundableRow): boolean {
  return REFUNDABLE_TYPES.includes(row.transaction_type_id) && row.status === TRANSACTION_STATUS.SUCCESS;
}

/** Show Remaining Funds (types 8, 9, 10): the remaining refundable amount, read when opened. */
export function ShowRemainingFunds({ row }: { row: RefundableRow }) {
  const [opened, setOpened] = useState(false);
  const amounts = useRefundAmounts(opened ? row.uuid : null);
  if (!REFUNDABLE_TYPES.includes(row.transaction_type_id)) return null;
  return (
    <Popover opened={opened} onChange={setOpened} withArrow>
      <Popover.Target>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpened((open) => !open)}>
          Show Remaining Funds
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">
          {amounts.isPending
            ? 'Loading…'
            : amounts.isError
              ? 'Could not load'
              : `Remaining: ${formatAmount(amounts.data.remainingRefundAmount, row.currency.code)}`}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
