// What the charges card of a transaction says, by its status, so it never contradicts itself
// (a failed deposit used to read 'No charges apply' above a fee and VAT):
//   - success: the charge rows that were taken (or the fee and VAT when no rows were kept), or
//     'No charges apply' when there were none; the totals;
//   - pending: nothing taken yet; the charges that apply when the payment completes;
//   - failed or expired: nothing was charged; the amount that was attempted.
import { TRANSACTION_STATUS } from '@paywallet/contract';
import type { TTransactionRow } from '@paywallet/contract';

export interface ChargeLine {
  name: string;
  type: string;
  /** Minor units. */
  charges: number;
}

export type ChargesView =
  | { kind: 'charged'; lines: ChargeLine[] }
  | { kind: 'free' }
  | { kind: 'pending'; lines: ChargeLine[] }
  | { kind: 'not-charged'; outcome: 'failed' | 'expired' };

/** The charge rows, or the fee and VAT of the totals when the transaction kept no rows. */
function chargeLines(detail: TTransactionRow): ChargeLine[] {
  if (detail.charges_transactions.length > 0) {
    return detail.charges_transactions.map((charge) => ({ name: charge.name, type: charge.type, charges: charge.charges }));
  }
  const lines: ChargeLine[] = [];
  if (detail.fee !== 0) lines.push({ name: 'Fee', type: 'fee', charges: detail.fee });
  if (detail.vat !== 0) lines.push({ name: 'VAT', type: 'vat', charges: detail.vat });
  return lines;
}

export function chargesView(detail: TTransactionRow): ChargesView {
  switch (detail.status) {
    case TRANSACTION_STATUS.FAILED:
      return { kind: 'not-charged', outcome: 'failed' };
    case TRANSACTION_STATUS.EXPIRED:
      return { kind: 'not-charged', outcome: 'expired' };
    case TRANSACTION_STATUS.PENDING:
      return { kind: 'pending', lines: chargeLines(detail) };
    default: {
      // Success, and any status this build does not know: what the server says was charged.
      const lines = chargeLines(detail);
      return lines.length === 0 ? { kind: 'free' } : { kind: 'charged', lines };
    }
  }
}
