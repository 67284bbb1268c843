// The acquirer: who charges a card. The sandbox below is the default (ARCHITECTURE.md section
// 5); a real acquirer is another implementation of the same interface.
import crypto from 'node:crypto';
import type { PaymentCard } from './card.ts';

export type DeclineReason = 'declined' | 'insufficient_funds';

export type AuthorizeResult =
  /** Approved: `approvalCode` is the acquirer's authorisation code (six letters and digits). */
  | { outcome: 'approved'; gatewayReference: string; approvalCode: string }
  /** The cardholder must pass a 3-D Secure challenge before the payment is approved. */
  | { outcome: 'challenge'; gatewayReference: string }
  | { outcome: 'declined'; reason: DeclineReason };

export interface Acquirer {
  /**
   * Authorizes `amountMinor` on the card. `reference` is ours and stable across retries of the
   * same payment, so an acquirer that supports it can use it as an idempotency key.
   */
  authorize(card: PaymentCard, amountMinor: bigint, currency: string, reference: string): Promise<AuthorizeResult>;
  /**
   * The cardholder passed the 3-D Secure challenge of the authorisation `gatewayReference`: the
   * acquirer completes it and answers its approval code, as it does for an authorisation
   * approved at once.
   */
  completeChallenge(gatewayReference: string): Promise<{ approvalCode: string }>;
}

/** How an approval code reads: six letters and digits (ISO 8583 field 38 is six characters). */
export const APPROVAL_CODE_PATTERN = /^[A-Za-z0-9]{6}$/;

/** The sandbox's test cards; any other Luhn-valid number is approved without a challenge. */
export const SANDBOX_CARDS = {
  approved: '4242424242424242',
  challenge: '4000000000003220',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export class SandboxAcquirer implements Acquirer {
  async authorize(card: PaymentCard, _amountMinor: bigint, _currency: string, _reference: string): Promise<AuthorizeResult> {
    switch (card.revealNumber()) {
      case SANDBOX_CARDS.declined:
        return { outcome: 'declined', reason: 'declined' };
      case SANDBOX_CARDS.insufficientFunds:
        return { outcome: 'declined', reason: 'insufficient_funds' };
      case SANDBOX_CARDS.challenge:
        return { outcome: 'challenge', gatewayReference: sandboxReference() };
      default:
        return { outcome: 'approved', gatewayReference: sandboxReference(), approvalCode: sandboxApprovalCode() };
    }
  }

  async completeChallenge(_gatewayReference: string): Promise<{ approvalCode: string }> {
    return { approvalCode: sandboxApprovalCode() };
  }
}

function sandboxReference(): string {
  return `sbx_${crypto.randomBytes(12).toString('hex')}`;
}

const APPROVAL_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const APPROVAL_CODE_CHARS = 6;

/** A fresh approval code, drawn like a real acquirer's: six upper-case letters and digits. */
function sandboxApprovalCode(): string {
  let code = '';
  for (let i = 0; i < APPROVAL_CODE_CHARS; i++) code += APPROVAL_CODE_ALPHABET[crypto.randomInt(APPROVAL_CODE_ALPHABET.length)];
  return code;
}

/** The acquirer of this deployment: the sandbox until a real adapter is configured. */
export function createAcquirer(): Acquirer {
  return new SandboxAcquirer();
}

/** Who acquires this deployment's card payments, as a transaction's details name it (`aquiring`). */
export const ACQUIRER_IDENTITY = { name: 'Sandbox Acquirer', code: 'SANDBOX' } as const;
