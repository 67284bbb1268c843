import type { RawBuilder } from 'kysely';
// The shapes a posting is described in: shared by the posting function (ledger.service.ts),
// its queries (ledger.repository.ts) and the modules that post.
import type { TRANSACTION_STATUS } from '@paywallet/contract';
import type { TransactionTypeId } from '@paywallet/ledger';

/** The business row of a movement, as the screens show it. */
export interface PostingTransaction {
  typeId: TransactionTypeId;
  status: number;
  currencyId: number;
  amountMinor: bigint;
  feeMinor: bigint;
  vatMinor: bigint;
  totalAmountMinor: bigint;
  sender?: PartyRef;
  receiver?: PartyRef;
  paymentMethodId?: number | null;
  referenceId?: string | null;
  gatewayReferenceId?: string | null;
  /** A card payment the acquirer approved at once: its approval code (migration 0028). */
  approvalCode?: string | null;
  card?: { holderName: string; maskedNumber: string; brand: string } | null;
  notes?: string | null;
  moneyRequestId?: bigint | null;
  /** Only on a row that moved no money: why it failed (shown on the transaction detail). */
  failureReason?: string | null;
  /** The merchant's channel the payment came through (lists filter store -> terminal -> channel). */
  channelId?: bigint | null;
  /** A merchant card payment's own columns (migration 0012); absent on every other movement. */
  merchantPayment?: MerchantPaymentColumns | null;
  /**
   * What this posting settles, unique in the ledger (docs/posting-keys.md), e.g.
   * `postingKey('send-money-quote', quoteId)`: posting again with the key and the same movement
   * answers the first transaction and writes nothing; with another movement it is refused
   * (POSTING_KEY_REUSED). Absent: no guard, as before keys existed.
   */
  postingKey?: string | null;
}

/** What a card payment to a merchant adds to its transactions row. */
export interface MerchantPaymentColumns {
  customerId: bigint | null;
  paymentLinkId: bigint | null;
  apiPaymentId: bigint | null;
  posDeviceId: bigint | null;
  clientReference: string | null;
  description: string | null;
  hostReference: string | null;
}

export interface PartyRef {
  userId: bigint;
  walletId: bigint;
  title: string;
  accountNumber: string;
}

export interface ChargeRow {
  name: string;
  type: 'fee' | 'vat';
  chargesMinor: bigint;
}

/** How one posting moves one wallet's two buckets. */
export interface WalletDelta {
  walletId: bigint;
  availableMinor: bigint;
  onHoldMinor: bigint;
}

/** What the database wrote for a movement's entries: checked against what was asked. */
export interface WrittenEntries {
  transactionId: bigint;
  entriesSum: bigint;
  entriesCount: bigint;
}

/** How a pending business row ends when nothing is posted: failed (2) or expired (3). */
export type ClosedStatus = typeof TRANSACTION_STATUS.FAILED | typeof TRANSACTION_STATUS.EXPIRED;

/** The amounts a pending row takes when it is posted for less than it was opened for (a partial capture). */
export interface PostedAmounts {
  amountMinor: bigint;
  feeMinor: bigint;
  vatMinor: bigint;
  totalAmountMinor: bigint;
}

/** A posting key with the digest (sha256 of the canonical form) of the movement asked for under it. */
export interface KeyedPosting {
  key: string;
  digest: string;
}

/** The first posting of a key, as the ledger stored it. */
export interface StoredKeyedPosting {
  transactionId: bigint;
  uuid: string;
  digest: string;
  entriesCount: bigint;
}

/**
 * A write of another module made by the posting's own statement (one round trip less), given
 * the posting as a relation `written` with one row (id, uuid) when the business row was written
 * and none when it was not (a taken key): an UPDATE ... FROM written, say, changes nothing then.
 * Its SQL belongs to the module whose table it writes (quotes.repository.ts quoteConsumedWith).
 */
export type PostingAlongside = (written: RawBuilder<unknown>) => RawBuilder<unknown>;
