// What the transactions table shows for refunds (the transactions feature renders these): the
// row's Create Refund action on a successful refundable payment (types 8, 9, 10, DECISIONS 27),
// and Show Remaining Funds on the amount cell of the same types.
import { useState } from 'react';
import { Button, Popover, Text } from '@mantine/core';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import { TransactionType } from '@paywallet/ledger';
import { formatAmount } from '../../../components/amount.tsx';
import { useRefundAmounts } from '../api/refund-calls.ts';
import { CreateRefundModal } from './create-refund-modal.tsx';

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

/** Refund on a transaction row: opens the Create Refund modal; nothing for a row that cannot be refunded. */
export function RefundRowAction({ row }: { row: RefundableRow }) {
  const [opened, setOpened] = useState(false);
  if (!isRefundable(row)) return null;
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpened(true)}>
        Refund
      </Button>
      <CreateRefundModal
        target={opened ? { transactionId: row.uuid, currency: row.currency.code } : null}
        onClose={() => setOpened(false)}
      />
    </>
  );
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
